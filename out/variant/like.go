package variant

import (
	"context"
	"errors"
	"regexp"
	"strconv"
	"strings"

	"retro/retro"
	"retro/rules"
	"retro/rules/lang"
)

// A game read back as a spec (SpecOf), and the family of the games like
// it (Like): the explorer's "another variant like this".

// ErrNotExam: a game that is not of the shape of the exam's games that a
// spec describes.
var ErrNotExam = errors.New("not a game of the exam's shape")

// The move entries, ends and winners a spec's game file holds.
var (
	reEachMove  = regexp.MustCompile(`^each\s*(\+|\*|-|//)\s*(\d+)$`)
	reOneMove   = regexp.MustCompile(`^(\w+)\s*(\+|\*|-|//)\s*(\d+)$`)
	reSetMove   = regexp.MustCompile(`^(\w+)\s*=\s*(\w+)\s*(\+|\*|-|//)\s*(\d+)$`)
	reEnd       = regexp.MustCompile(`^(\w+)(?:\s*\+\s*(\w+))?\s*(>=|<=)\s*(\d+)$`)
	reOvershoot = regexp.MustCompile(`^mover if (\w+)(?:\s*\+\s*(\w+))?\s*<=\s*(\d+) else other$`)
)

// SpecOf reads a game back as a spec: one or two piles, every command one
// move that adds, multiplies, takes or divides by a constant (any pile of
// two: each), the end a threshold of the piles' total, the player who
// ends the game winning (or the overshoot rule), no restriction or the
// no-repeat one, and a start of S, or of a number and S. An open range of
// S ends where the game is over at the start (piles that grow) or at
// likeHi (piles that shrink).
func SpecOf(g *rules.Game) (Spec, error) {
	bad := func(why any) (Spec, error) {
		return Spec{}, lang.Errorf(mNotExam, ErrNotExam, why)
	}
	form, err := g.Form()
	if err != nil {
		return bad(err)
	}
	sp := Spec{Piles: len(g.Piles)}
	switch {
	case sp.Piles > 2:
		return bad(mLikePiles.Msg())
	case form.Grouped:
		return bad(mLikeGrouped.Msg())
	case g.Count != rules.Exam:
		return bad(mLikeLebedev.Msg())
	}
	for _, c := range g.Commands {
		m, err := moveOf(g, c.Moves)
		if err != nil {
			return bad(err)
		}
		sp.Moves = append(sp.Moves, m)
	}
	sp.Down = !sp.Moves[0].Op.grows()
	for _, m := range sp.Moves {
		if m.Op.grows() == sp.Down {
			return bad(mLikeMixed.Msg())
		}
	}
	if err := sp.readEnd(g, form); err != nil {
		return bad(err)
	}
	switch form.Allow {
	case "":
	case "no-repeat-opponent", "cmd != last":
		sp.NoRepeat = true
	default:
		return bad(mLikeAllow.Msg(lang.Quote(form.Allow)))
	}
	if err := sp.readStart(g, form); err != nil {
		return bad(err)
	}
	return sp, nil
}

// moveOf reads a command of one move entry.
func moveOf(g *rules.Game, entries []string) (Move, error) {
	if len(entries) != 1 {
		return Move{}, lang.Errorf(mLikeEntries, len(entries))
	}
	text := strings.TrimSpace(entries[0])
	var op, k string
	switch p := reSetMove.FindStringSubmatch(text); {
	case len(g.Piles) == 2:
		q := reEachMove.FindStringSubmatch(text)
		if q == nil {
			return Move{}, lang.Errorf(mLikeEach, lang.Quote(text))
		}
		op, k = q[1], q[2]
	case p != nil && p[1] == g.Piles[0] && p[2] == g.Piles[0]:
		op, k = p[3], p[4]
	default:
		q := reOneMove.FindStringSubmatch(text)
		if q == nil || q[1] != g.Piles[0] {
			return Move{}, lang.Errorf(mLikeOne, lang.Quote(text))
		}
		op, k = q[2], q[3]
	}
	n, err := strconv.ParseInt(k, 10, 64)
	if err != nil {
		return Move{}, lang.Errorf(mLikeNumber, lang.Quote(text), lang.Quote(k))
	}
	for o, sign := range opSigns {
		if sign == op {
			m := Move{Op: Op(o), K: n}
			if _, err := parseChoice(m.String(), !m.Op.grows()); err != nil {
				return Move{}, err
			}
			return m, nil
		}
	}
	return Move{}, lang.Errorf(mLikeOp, lang.Quote(text))
}

// total reports whether the names are the piles of g, in any order: the
// total of its piles.
func total(g *rules.Game, a, b string) bool {
	switch len(g.Piles) {
	case 1:
		return a == g.Piles[0] && b == ""
	}
	return a == g.Piles[0] && b == g.Piles[1] || a == g.Piles[1] && b == g.Piles[0]
}

// readEnd reads the end and the winner.
func (sp *Spec) readEnd(g *rules.Game, form *rules.Form) error {
	e := reEnd.FindStringSubmatch(strings.TrimSpace(form.End))
	if e == nil || !total(g, e[1], e[2]) {
		return lang.Errorf(mLikeEnd, lang.Quote(form.End))
	}
	if (e[3] == "<=") != sp.Down {
		return lang.Errorf(mLikeEndNever, lang.Quote(form.End))
	}
	sp.End, _ = strconv.ParseInt(e[4], 10, 64)
	if form.Winner == "mover" {
		return nil
	}
	w := reOvershoot.FindStringSubmatch(strings.TrimSpace(form.Winner))
	if w == nil || !total(g, w[1], w[2]) || sp.Down {
		return lang.Errorf(mLikeWinner, lang.Quote(form.Winner))
	}
	sp.Limit, _ = strconv.ParseInt(w[3], 10, 64)
	if sp.Limit < sp.End {
		return lang.Errorf(mLikeNobody, lang.Quote(form.Winner))
	}
	return nil
}

// readStart reads the start: S, or a number and S (the number first in
// the spec, the piles being alike).
func (sp *Spec) readStart(g *rules.Game, form *rules.Form) error {
	p := form.Param.Name
	switch {
	case sp.Piles == 1 && form.Start[0] == p:
	case sp.Piles == 2 && form.Start[1] == p:
		sp.Fixed, _ = strconv.ParseInt(form.Start[0], 10, 64)
	case sp.Piles == 2 && form.Start[0] == p:
		sp.Fixed, _ = strconv.ParseInt(form.Start[1], 10, 64)
	default:
		return lang.Errorf(mLikeStart, position2(form.Start))
	}
	if sp.Piles == 2 && sp.Fixed < 1 {
		return lang.Errorf(mLikeFixed, position2(form.Start))
	}
	hi := form.Param.Hi
	switch {
	case form.Param.Open && sp.Down:
		hi = sp.likeHi()
	case form.Param.Open:
		hi = maxNumber // cut where the game is over at the start
	}
	sp.Lo, sp.Hi = sp.naturalRange(form.Param.Lo, hi)
	if sp.Lo > sp.Hi {
		return lang.Errorf(mLikeOver)
	}
	return nil
}

func position2(s []string) string { return "(" + strings.Join(s, ", ") + ")" }

// likeHi is where an open range of S ends in a game whose piles shrink.
func (sp *Spec) likeHi() int64 { return max(6*(sp.End+1), sp.End+100) }

// Like is the family of the games like g (SpecOf): the same piles,
// direction, winner rule and restriction, every move of the same
// operation with an operand near its own, the end, the first pile and
// the overshoot margin near their own; never g itself. Its wording is
// the one g is well posed in, or else the possible reading of task 19,
// with the two least S for task 20 (exactly two where g has exactly
// two).
//
// The game is solved with opt, as Solve solves a candidate.
func Like(ctx context.Context, g *rules.Game, opt retro.GameOptions) (*Family, error) {
	sp, err := SpecOf(g)
	if err != nil {
		return nil, err
	}
	n := int64(sp.Piles)
	f := &Family{Name: g.Name, File: "like " + g.File, Piles: Range{Lo: n, Hi: n}, Down: sp.Down, NoRepeat: sp.NoRepeat,
		exclude: sp.key(), likeOf: g.Name, End: near(sp.End, max(3, sp.End/4), 1)}
	for _, m := range sp.Moves {
		r := near(m.K, 2, 1) // add and take
		if m.Op == Mul || m.Op == Div {
			r = near(m.K, 1, 2)
		}
		var choices []Move
		for k := r.Lo; k <= r.Hi; k++ {
			choices = append(choices, Move{Op: m.Op, K: k})
		}
		f.Entries = append(f.Entries, choices)
	}
	if n == 2 {
		f.Fixed = near(sp.Fixed, max(2, sp.Fixed/2), 1)
	}
	if sp.Limit != 0 {
		over := near(sp.Limit-sp.End, max(2, (sp.Limit-sp.End)/4), 0)
		f.Over = &over
	}
	f.S = Range{Lo: sp.Lo, Open: true}
	if sp.Down {
		f.S = Range{Lo: sp.Lo, Hi: sp.Hi + f.End.Hi - sp.End}
	}
	v, err := Solve(ctx, sp, opt)
	if err != nil {
		return nil, err
	}
	if v.Check(Wording{Task19: Agree}) != Kept {
		f.Wording.Task19 = Possible
	}
	if v.Counts.Task20 == 2 {
		f.Wording.Task20 = Exactly
	}
	return f, nil
}

// near is the range x-d..x+d, at least least.
func near(x, d, least int64) Range { return Range{Lo: max(least, x-d), Hi: max(least, x+d)} }

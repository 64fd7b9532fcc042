package retro

import (
	"fmt"
	"math"
	"retro/retro/internal/core"
	"runtime"
	"sync"

	"retro/positions"
	"retro/rules"
)

// DefaultMaxProblems is how many problems Verify keeps unless told.
const DefaultMaxProblems = 10

// Problem is a position where a result disagrees with the rules.
type Problem struct {
	Index    int    // the position
	Position string // the position as the user writes it, "(17, 28)"
	Msg      string // what is wrong
}

func (p Problem) String() string { return p.Position + ": " + p.Msg }

// VerifyOptions choose what Verify checks.
type VerifyOptions struct {
	Lo, Hi int // check positions Lo..Hi-1; Hi 0: to the last
	Max    int // keep at most this many problems; 0: DefaultMaxProblems
}

// VerifyReport is what Verify found.
type VerifyReport struct {
	Checked  int       // positions checked
	Count    int       // problems found
	Problems []Problem // the first of them, by index
}

// Verify checks a result against the rules, one position at a time and
// without solving again: every position's outcome and layer must follow
// from its own moves and the table's values of the positions they lead
// to, as the colouring defines them:
//
//   - a final position (end holds, or no legal move) is L 0 when the
//     player who moved there has won, and W 0 (exam count) or W 1
//     (Lebedev's) when the player to move has;
//   - a position with a move to an L is W, one layer above the lowest
//     such L (a move into an end won by the mover counts as an L 0);
//   - a position all of whose moves lead to W is L, one layer above the
//     highest (a W 0 counts as -1 under the exam count);
//   - any other position is D, or ? when a move leads to a ? position;
//     with a horizon, a position whose moves were not followed (one at
//     the horizon with a move that does not end the game) is ?.
//
// Positions beyond a horizon are checked by the colouring, not by what is
// shown: a coloured position hidden by the horizon must still be coloured
// right. m is a machine of the result's instance. The error is a fault of
// the rules (an overflow, say), not a problem of the table.
func Verify(r *Result, m *rules.Machine, opt VerifyOptions) (*VerifyReport, error) {
	hi := opt.Hi
	if hi <= 0 || hi > r.Len() {
		hi = r.Len()
	}
	v := &verifier{r: r, m: m, g: r.Instance.Game, max: opt.Max, piles: make([]int64, r.Space.Piles())}
	if v.max <= 0 {
		v.max = DefaultMaxProblems
	}
	rep := &v.rep
	for i := max(opt.Lo, 0); i < hi; i++ {
		if err := v.check(i); err != nil {
			return nil, err
		}
		rep.Checked++
	}
	return rep, nil
}

type verifier struct {
	r     *Result
	m     *rules.Machine
	g     *rules.Game
	max   int
	piles []int64
	moves rules.MoveList
	probe rules.MoveList
	rep   VerifyReport
}

// colour is an outcome and layer as the colouring sees them. D and ? are
// the uncoloured positions (layer 0).
type colour struct {
	o     core.Outcome
	layer int64
}

func (v colour) String() string {
	switch v.o {
	case core.Win, core.Lose:
		return fmt.Sprintf("%v %d", v.o, max(v.layer, 0))
	}
	return v.o.String()
}

func (v *verifier) problem(i int, h int, format string, a ...any) {
	v.rep.Count++
	if len(v.rep.Problems) < v.max {
		v.rep.Problems = append(v.rep.Problems, Problem{Index: i,
			Position: positions.Format(v.g, v.piles, h), Msg: fmt.Sprintf(format, a...)})
	}
}

// stored is the colouring of position i as the result holds it.
func (v *verifier) stored(i int) colour {
	r := v.r
	switch {
	case r.col.Win.Has(i):
		return colour{core.Win, int64(r.col.LayerAt(i))}
	case r.col.Lose.Has(i):
		return colour{core.Lose, int64(r.col.LayerAt(i))}
	case r.col.Unknown != nil && r.col.Unknown.Has(i):
		return colour{core.Unknown, 0}
	}
	return colour{core.Draw, 0}
}

// finalValue is the colour of a final position won by w.
func (v *verifier) finalValue(w rules.Player) colour {
	switch {
	case w == rules.Mover:
		return colour{core.Lose, 0}
	case v.r.Count == rules.Lebedev:
		return colour{core.Win, 1}
	}
	return colour{core.Win, 0}
}

func (v *verifier) check(i int) error {
	r, m := v.r, v.m
	h := r.Space.Position(i, v.piles)
	got := v.stored(i)
	end, err := m.End(v.piles)
	if err != nil {
		return err
	}
	v.moves.Reset()
	if !end {
		last, mylast := positions.SplitHistory(v.g, h)
		if err := m.Moves(v.piles, last, mylast, &v.moves); err != nil {
			return err
		}
	}
	if end || v.moves.Len() == 0 {
		w, err := m.Winner(v.piles)
		if err != nil {
			return err
		}
		if want := v.finalValue(w); got != want {
			v.problem(i, h, "the table says %v; a final position won by the %v is %v", got, w, want)
		}
		return nil
	}
	if r.col.Depth != nil && int64(r.col.Depth[i]) >= int64(r.col.Horizon) {
		all, err := v.movesAllEnd(h)
		if err != nil {
			return err
		}
		if !all {
			if got.o != core.Unknown {
				v.problem(i, h, "the table says %v; its moves lie beyond the horizon, so it is ?", got)
			}
			return nil
		}
	}
	want, why, ok, err := v.fromMoves(i, h)
	if err != nil || !ok {
		return err
	}
	if got != want {
		v.problem(i, h, "the table says %v; its moves make it %v (%s)", got, want, why)
	}
	return nil
}

// fromMoves works out the colour of a non-final position from the values
// its moves lead to; ok is false when a problem was reported instead.
func (v *verifier) fromMoves(i, h int) (want colour, why string, ok bool, err error) {
	r := v.r
	minL, maxW := int64(math.MaxInt64), int64(-2)
	allW, toUnknown := true, false
	for k := 0; k < v.moves.Len(); k++ {
		to := v.moves.To(k, len(v.piles))
		th := positions.NextHistory(v.g, h, int(v.moves.Cmd[k]))
		var s colour
		if j, in := r.Space.Index(to, th); in {
			s = v.stored(j)
		} else {
			final, w, err := v.endOf(to, th)
			if err != nil {
				return colour{}, "", false, err
			}
			if !final {
				v.problem(i, h, "a move leads to %s, neither in the table nor final", positions.Format(v.g, to, th))
				return colour{}, "", false, nil
			}
			s = v.finalValue(w)
		}
		if s.o == core.Win && s.layer == 0 && r.Count == rules.Exam {
			s.layer = -1 // a move to a W 0 adds nothing to a layer
		}
		switch s.o {
		case core.Lose:
			minL, allW = min(minL, s.layer), false
		case core.Win:
			maxW = max(maxW, s.layer)
		case core.Unknown:
			allW, toUnknown = false, true
		default:
			allW = false
		}
	}
	switch {
	case minL != math.MaxInt64:
		return colour{core.Win, minL + 1}, fmt.Sprintf("its fastest win is a move to an L %d", minL), true, nil
	case allW:
		return colour{core.Lose, maxW + 1}, "every move leads to a W", true, nil
	case toUnknown:
		return colour{core.Unknown, 0}, "no move leads to an L, a move to a ?", true, nil
	}
	return colour{core.Draw, 0}, "no move leads to an L, not every one to a W", true, nil
}

// endOf tells whether a position outside the table is final, and who has
// won there.
func (v *verifier) endOf(to []int64, th int) (bool, rules.Player, error) {
	if final, err := positions.Final(v.g, v.m, &v.probe, to, th); err != nil || !final {
		return false, 0, err
	}
	w, err := v.m.Winner(to)
	return true, w, err
}

// movesAllEnd reports whether every move in v.moves (made with history h)
// leads to a final position: a position at the horizon whose moves all
// end is decided there, from its moves.
func (v *verifier) movesAllEnd(h int) (bool, error) {
	for k := range v.moves.Len() {
		th := positions.NextHistory(v.g, h, int(v.moves.Cmd[k]))
		if final, _, err := v.endOf(v.moves.To(k, len(v.piles)), th); err != nil || !final {
			return false, err
		}
	}
	return true, nil
}

// VerifyAll checks every position of a result on every core, each with its
// own machine, and keeps the first limit problems by position.
func VerifyAll(r *Result, limit int) (*VerifyReport, error) {
	parts := min(runtime.GOMAXPROCS(0), max(1, r.Len()/4096))
	reps := make([]*VerifyReport, parts)
	errs := make([]error, parts)
	var wg sync.WaitGroup
	for k := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lo, hi := r.Len()*k/parts, r.Len()*(k+1)/parts
			reps[k], errs[k] = Verify(r, r.Instance.NewMachine(), VerifyOptions{Lo: lo, Hi: hi, Max: limit})
		}()
	}
	wg.Wait()
	all := &VerifyReport{}
	for k, rep := range reps {
		if errs[k] != nil {
			return nil, errs[k]
		}
		all.Checked += rep.Checked
		all.Count += rep.Count
		all.Problems = append(all.Problems, rep.Problems...)
	}
	all.Problems = all.Problems[:min(len(all.Problems), limit)] // the parts come in position order
	return all, nil
}

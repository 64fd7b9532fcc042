package variant

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"retro/out/query"
	"retro/positions"
	"retro/retro"
	"retro/rules"
	"retro/rules/lang"
)

// Key is the answers of a variant, as retro ege gives them; 0 where a
// task has none (S is at least 1).
type Key struct {
	Possible   int64   // task 19 in the possible reading: the least S of can-lose 1
	Guaranteed int64   // task 19 in the guaranteed reading: the least S of lose =1
	Task20     []int64 // the two least S of win =2; fewer when fewer qualify
	Task21     int64   // the least S of lose =2
}

// Task19 is the answer to task 19 as it is worded.
func (k *Key) Task19(w Task19) int64 {
	if w == Guaranteed {
		return k.Guaranteed
	}
	return k.Possible
}

// Counts are how many values of S qualify for each task: how tight a
// variant is.
type Counts struct {
	Possible, Guaranteed, Task20, Task21 int
}

// decisions say, at each answer, whether the side that wins has a real
// decision: a move that would not keep its win.
type decisions struct {
	possible, guaranteed bool
	task20               [2]bool
	task21               bool
}

// Variant is a spec solved: its game file, its answers, how many S
// qualify for each task, and, once it is kept, its place in a batch and
// its solutions.
type Variant struct {
	Spec    Spec
	Wording Wording
	Number  int    // its place in its batch, from 1
	Game    string // its game file
	Key     Key
	Counts  Counts
	// Solutions are the short solutions, in every language.
	Solutions map[query.Lang]*Solution

	decide  decisions
	game    *rules.Game
	answers []*query.Answer // by examAsks
}

// Agree reports whether the two readings of task 19 give the same least
// S.
func (v *Variant) Agree() bool {
	return v.Key.Possible != 0 && v.Key.Possible == v.Key.Guaranteed
}

// examAsks are the questions of the exam tasks, in query.ExamTasks order:
// 19 (possible), 19g (guaranteed), 20, 21.
var examAsks = func() []query.Ask {
	asks := make([]query.Ask, len(query.ExamTasks))
	for k := range query.ExamTasks {
		a, err := query.ExamTasks[k].Ask()
		if err != nil {
			panic(err) // the tasks' questions are the package's own
		}
		asks[k] = a
	}
	return asks
}()

// The answers of examAsks by task.
const (
	ansPossible = iota
	ansGuaranteed
	ans20
	ans21
)

// DefaultMaxPositions caps the positions of a candidate's game where
// the options of its solve do not.
const DefaultMaxPositions = 1 << 22

// TooLargeError is a candidate whose game passes the caps of its solve:
// more positions, moves or memory than they allow. Err is the engine's
// error.
type TooLargeError struct {
	Game lang.Sayer // the game, briefly: its start, moves, end and range of S
	Err  error
}

func (e *TooLargeError) Error() string { return e.In(lang.En) }

// In says the error in l: in English with the engine's cause, in Russian
// with the cap the game passed.
func (e *TooLargeError) In(l lang.Lang) string {
	cause, _, _ := strings.Cut(e.Err.Error(), ";")
	if l == lang.Ru {
		cause = mCapPositions.In(l)
		switch {
		case errors.Is(e.Err, positions.ErrTooManyEdges):
			cause = mCapEdges.In(l)
		case errors.Is(e.Err, positions.ErrTooManyMoves):
			cause = mCapMoves.In(l)
		case errors.Is(e.Err, positions.ErrMemoryBudget):
			cause = mCapMemory.In(l)
		}
	}
	return mTooLarge.Msg(e.Game, cause).In(l)
}

func (e *TooLargeError) Unwrap() error { return e.Err }

// Solve solves the game of a spec with the engine (retro.SolveLoaded,
// with opt; its MaxPositions 0: DefaultMaxPositions) and answers the exam
// tasks on it as retro ege does (query.Run). A game beyond the caps is a
// *TooLargeError.
func Solve(ctx context.Context, sp Spec, opt retro.GameOptions) (*Variant, error) {
	text := sp.GameText(nil, "variant")
	g, answers, err := answer(ctx, sp, text, opt)
	if err != nil {
		return nil, err
	}
	v := &Variant{Spec: sp, Game: text, game: g, answers: answers}
	v.Key = keyOf(answers)
	count := func(a *query.Answer) int {
		n := 0
		for _, c := range a.Cells {
			if c.Holds == query.Yes {
				n++
			}
		}
		return n
	}
	v.Counts = Counts{Possible: count(answers[ansPossible]), Guaranteed: count(answers[ansGuaranteed]),
		Task20: count(answers[ans20]), Task21: count(answers[ans21])}
	if err := v.decideAll(); err != nil {
		return nil, err
	}
	return v, nil
}

// answer solves the game text of a spec and answers the exam tasks on
// it. The spec goes to the engine as a game file because a game file is
// what the engine takes: rules.Parse is the one constructor of a
// rules.Game (the moves, the end and the winner are expressions of the
// game language, which rules compiles from their text), and the game
// keeps its text (Game.Source) to show where a fault of a rule arises
// while it is solved. The text is GameText's, the game file retro make
// writes, there with its comment and name: the game solved is read from
// the very words the file states.
func answer(ctx context.Context, sp Spec, text string, opt retro.GameOptions) (*rules.Game, []*query.Answer, error) {
	g, err := rules.Parse("variant.toml", []byte(text))
	if err != nil {
		return nil, nil, fmt.Errorf("variant %s: %w", sp.key(), err)
	}
	if opt.MaxPositions == 0 {
		opt.MaxPositions = DefaultMaxPositions
	}
	s, err := retro.SolveLoaded(ctx, g, opt)
	switch {
	case errors.Is(err, positions.ErrTooManyPositions), errors.Is(err, positions.ErrTooManyEdges),
		errors.Is(err, positions.ErrTooManyMoves), errors.Is(err, positions.ErrMemoryBudget):
		return nil, nil, &TooLargeError{Game: brief{&sp}, Err: err}
	case err != nil:
		return nil, nil, fmt.Errorf("the game %s: %w", brief{&sp}, err)
	}
	answers, err := query.Run(retro.ProbedAll(s.Results), examAsks, query.Options{})
	return g, answers, err
}

// keyOf is the key of the exam tasks' answers.
func keyOf(answers []*query.Answer) Key {
	least := func(a *query.Answer) int64 {
		if len(a.Values) == 0 {
			return 0
		}
		return a.Values[0][0]
	}
	k := Key{Possible: least(answers[ansPossible]), Guaranteed: least(answers[ansGuaranteed]), Task21: least(answers[ans21])}
	for _, val := range answers[ans20].Values {
		k.Task20 = append(k.Task20, val[0])
	}
	return k
}

// Equal reports whether two keys give the same answers to every task in
// both readings of task 19.
func (k *Key) Equal(o *Key) bool {
	return k.Possible == o.Possible && k.Guaranteed == o.Guaranteed && slices.Equal(k.Task20, o.Task20) && k.Task21 == o.Task21
}

// sameAnswers reports whether two keys give the same answers to the tasks
// as a wording asks them.
func (k *Key) sameAnswers(o *Key, w Wording) bool {
	return k.Task19(w.Task19) == o.Task19(w.Task19) && slices.Equal(k.Task20, o.Task20) && k.Task21 == o.Task21
}

// countMatters reports whether the key of a spec whose game can end with
// a losing move (the overshoot rule: Limit) depends on how that move is
// counted (GAME-FORMAT.md, count): the exam's count, by which a player
// all of whose moves overshoot has lost before moving, and Lebedev's,
// by which his opponent wins with one more move, the count of the usual
// program that plays the game move by move and stops at the end.
func (v *Variant) countMatters(ctx context.Context, opt retro.GameOptions) (bool, error) {
	if v.Spec.Limit == 0 {
		return false, nil
	}
	_, answers, err := answer(ctx, v.Spec, v.Spec.gameText(nil, "variant", "lebedev"), opt)
	if err != nil {
		return false, err
	}
	k := keyOf(answers)
	return !v.Key.Equal(&k), nil
}

// decideAll finds, at each answer, whether its winner has a real
// decision.
func (v *Variant) decideAll() error {
	d := &v.decide
	var err error
	if d.possible, err = v.decides19(v.Key.Possible); err != nil {
		return err
	}
	if d.guaranteed, err = v.decides19(v.Key.Guaranteed); err != nil {
		return err
	}
	for k, s := range v.Key.Task20 {
		if d.task20[k], err = v.decides20(s); err != nil {
			return err
		}
	}
	d.task21, err = v.decides21(v.Key.Task21)
	return err
}

// startMoves are the moves of the start with S = s, in the result that
// holds it, with a machine to list the moves after them.
func (v *Variant) startMoves(s int64) (*retro.Probed, *rules.Machine, []retro.Move, error) {
	a := v.answers[0]
	k := slices.IndexFunc(a.Cells, func(c query.Cell) bool { return c.Params[0] == s })
	if k < 0 {
		return nil, nil, nil, fmt.Errorf("variant %s: no start S = %d", v.Spec.key(), s)
	}
	r := a.Results[a.Cells[k].Result]
	m := r.Instance.NewMachine()
	moves, err := r.Moves(a.Cells[k].Index, m)
	return r, m, moves, err
}

// winsWithin reports whether a move leaves the player to move where it
// leads losing within n of the mover's further moves (0: at once, the
// game over or every move of his losing): the move keeps the mover's win
// within n+1 moves.
func winsWithin(mv retro.Move, n int) bool { return mv.Outcome == retro.Lose && mv.Layer <= 2*n }

// anyMove reports whether some move of Petya from S = s holds: yes is
// told the move and how to list Vanya's moves after it.
func (v *Variant) anyMove(s int64, yes func(mv retro.Move, replies func() ([]retro.Move, error)) (bool, error)) (bool, error) {
	if s == 0 {
		return false, nil
	}
	r, m, moves, err := v.startMoves(s)
	if err != nil {
		return false, err
	}
	for _, mv := range moves {
		ok, err := yes(mv, func() ([]retro.Move, error) { return r.Moves(mv.Index, m) })
		if ok || err != nil {
			return ok, err
		}
	}
	return false, nil
}

// someReply reports whether some move of replies is not keep.
func someReply(replies func() ([]retro.Move, error), keep func(retro.Move) bool) (bool, error) {
	list, err := replies()
	return slices.ContainsFunc(list, func(re retro.Move) bool { return !keep(re) }), err
}

// decides19: at S = s (Vanya winning with his first move after Petya's
// unlucky one), not every pair of moves is an unlucky move of Petya and a
// win of Vanya: Petya has a move that is not unlucky, or after an
// unlucky one Vanya has a move that does not win at once.
func (v *Variant) decides19(s int64) (bool, error) {
	return v.anyMove(s, func(mv retro.Move, replies func() ([]retro.Move, error)) (bool, error) {
		if mv.End || mv.Outcome != retro.Win || mv.Layer != 1 {
			return true, nil // not an unlucky move
		}
		return someReply(replies, func(re retro.Move) bool { return winsWithin(re, 0) })
	})
}

// decides20: at S = s (Petya winning with his second move), Petya has a
// first move that does not keep his win.
func (v *Variant) decides20(s int64) (bool, error) {
	return v.anyMove(s, func(mv retro.Move, _ func() ([]retro.Move, error)) (bool, error) { return !winsWithin(mv, 1), nil })
}

// decides21: at S = s (Vanya winning with his first or second move),
// after some move of Petya Vanya has a move that does not keep his win.
func (v *Variant) decides21(s int64) (bool, error) {
	return v.anyMove(s, func(mv retro.Move, replies func() ([]retro.Move, error)) (bool, error) {
		if mv.End {
			return false, nil // Petya's move has ended the game: Vanya does not move
		}
		return someReply(replies, func(re retro.Move) bool { return winsWithin(re, 1) })
	})
}

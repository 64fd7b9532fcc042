package sg

import (
	"context"
	"errors"
	"fmt"

	"retro/rules"
)

// Options are what Analyse and SolveSum are told besides the game.
type Options struct {
	// Method is how the Grundy tables are computed (HeapGrundy).
	Method OctalMethod
	// Upto is the last heap N of Analyse's table: g(0..N).
	Upto int
	// FindPeriod doubles N (to 64 at least) until the period is proven,
	// or a period appears where no theorem applies, or N reaches Cap.
	FindPeriod bool
	// Cap is the largest N FindPeriod tries; 0 or less: DefaultCap.
	Cap int
	// MisereCap is the most collections of heaps misère play enumerates
	// (NewExact).
	MisereCap int
	// Progress, when set, is called as each table begins, with its
	// instance and its last heap, and returns what hears how far the table
	// has got (SparseOptions.Progress; nil for nothing).
	Progress func(in *rules.Instance, upto int) func(done, sparse int)
}

// DefaultCap is the largest N FindPeriod tries when Options.Cap is not
// set: 2^20 for a game with an octal code or rows (rules.SplitForm), whose
// tables are fast to compute, 2^12 for others.
func DefaultCap(in *rules.Instance) int {
	if in.Game.Octal != "" || in.SplitForm().Rows > 0 {
		return 1 << 20
	}
	return 1 << 12
}

// Analysis is what Analyse finds of one instance of a heap game.
type Analysis struct {
	Instance *rules.Instance
	// Table holds g(0..N), N at least Options.Upto (more when FindPeriod
	// doubled it), and Period its period.
	Table  *Table
	Period Period
	// Misere says, under misère play (the game is won by the Other player
	// when no heap can move), whether the player to move wins a single
	// heap of n, for n from 0 as far as Options.MisereCap allows (to
	// Options.Upto at most); nil under normal play.
	Misere []bool
	// Collections is the number of collections of heaps enumerated for
	// Misere.
	Collections int
	// CapHit says why Misere stops short of Options.Upto (it wraps
	// ErrMisereCap); nil when it does not.
	CapHit error
}

// AnalyseGame analyses every instance of a heap game (Analyse), in the
// order of Game.Instances.
func AnalyseGame(ctx context.Context, g *rules.Game, opt Options) ([]*Analysis, error) {
	insts, err := g.Instances()
	if err != nil {
		return nil, err
	}
	var as []*Analysis
	for _, in := range insts {
		a, err := Analyse(ctx, in, opt)
		if err != nil {
			return nil, err
		}
		as = append(as, a)
	}
	return as, nil
}

// Analyse computes the Grundy table of one instance of a heap game and its
// period (PeriodTable), and under misère play the outcome of each single
// heap (MisereHeaps).
func Analyse(ctx context.Context, in *rules.Instance, opt Options) (*Analysis, error) {
	t, p, err := PeriodTable(ctx, in, opt)
	if err != nil {
		return nil, err
	}
	a := &Analysis{Instance: in, Table: t, Period: p}
	w, err := in.HeapWinner()
	if err != nil {
		return nil, err
	}
	if w == rules.Other {
		if a.Misere, a.Collections, a.CapHit, err = MisereHeaps(ctx, in, opt.Upto, opt.MisereCap); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// PeriodTable computes the Grundy table of an instance through
// Options.Upto and finds its period (FindPeriod); with FindPeriod it
// doubles the table until the period is proven, or a period appears where
// no theorem would prove it, or the table reaches the cap.
func PeriodTable(ctx context.Context, in *rules.Instance, opt Options) (*Table, Period, error) {
	capN := opt.Cap
	if capN <= 0 {
		capN = DefaultCap(in)
	}
	n := opt.Upto
	for {
		t, err := opt.table(ctx, in, n)
		if err != nil {
			return nil, Period{}, err
		}
		p := FindPeriod(t)
		done := !opt.FindPeriod || p.Proven || n >= capN ||
			p.Found && t.Theorem.Kind == NoTheorem
		if done {
			return t, p, nil
		}
		n = min(max(2*n, 64), capN)
	}
}

// table computes g(0..n) of an instance (HeapGrundy) with the options'
// method and progress. An error that does not say where it is in the
// rules is given the game's file.
func (opt Options) table(ctx context.Context, in *rules.Instance, n int) (*Table, error) {
	sopt := SparseOptions{Method: opt.Method}
	if opt.Progress != nil {
		sopt.Progress = opt.Progress(in, n)
	}
	t, err := HeapGrundy(ctx, in, n, sopt)
	if err != nil {
		var one *rules.Error
		var list rules.ErrorList
		if errors.As(err, &one) || errors.As(err, &list) {
			return nil, err
		}
		return nil, fmt.Errorf("%s: %w", in.Game.File, err)
	}
	return t, nil
}

// MisereHeaps solves the single heaps 0..upto of an instance under misère
// play, exactly (Exact), as far as a cap of limit collections of heaps
// allows: win[n] says whether the player to move wins a heap of n, and
// collections is the number enumerated. capHit (wrapping ErrMisereCap)
// says why win stops short of upto; nil when it does not.
func MisereHeaps(ctx context.Context, in *rules.Instance, upto, limit int) (win []bool, collections int, capHit, err error) {
	x := NewExact(limit)
	x.Context = ctx
	m := in.NewMachine()
	win = []bool{}
	for n := 0; n <= upto; n++ {
		if err := ctx.Err(); err != nil {
			return nil, 0, nil, err
		}
		w, _, err := x.Outcome([]Heap{{Size: int64(n), Mover: m, Win: rules.Other}})
		if errors.Is(err, ErrMisereCap) {
			capHit = err
			break
		}
		if err != nil {
			return nil, 0, nil, err
		}
		win = append(win, w)
	}
	return win, x.Positions(), capHit, nil
}

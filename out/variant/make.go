package variant

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"retro/out/query"
	"retro/retro"
	"retro/rules/lang"
)

// Options are what Make is told besides the family.
type Options struct {
	Count int    // the variants wanted; 0: 1
	Seed  uint64 // the same seed gives the same variants
	// Lang is the language of the games' names; "": Russian.
	Lang query.Lang
	// Solve are the options of each candidate's solve: its caps (Solve).
	Solve retro.GameOptions
	// Progress, when set, hears after each candidate how many variants
	// are kept and how many candidates were drawn.
	Progress func(kept, tried int)
}

// Batch is the variants Make kept, and what it drew to find them.
type Batch struct {
	Family   *Family
	Seed     uint64
	Variants []*Variant
	Tried    int             // the candidates drawn
	Rejected [numRejects]int // the candidates dropped, by reason
}

// DefaultTries is how many candidates Make draws for the first variant,
// and TriesPerVariant how many more for each further one, unless the
// family says (Family.Tries).
const (
	DefaultTries    = 1000
	TriesPerVariant = 200
)

// seedStream is the stream of the generator (PCG) Make draws from; the
// seed is the other half of its state.
const seedStream = 0x7265_7472_6f2d_7661 // "retro-va"

// TooFewError is a family where Make found fewer well-posed variants than
// were asked for within the candidates it may draw.
type TooFewError struct {
	Family    string
	Want, Got int
	Tried     int
	Rejected  [numRejects]int
	Task19    Task19 // the family's wording of task 19
}

func (e *TooFewError) Error() string { return e.In(lang.En) }

// In says the error in l: how many variants were found of how many
// wanted, and how many candidates each reason dropped.
func (e *TooFewError) In(l lang.Lang) string {
	var why []string
	for r := Reject(1); r < numRejects; r++ {
		if n := e.Rejected[r]; n > 0 {
			why = append(why, fmt.Sprintf("%s: %d", r.In(l), n))
		}
	}
	s := mTooFew.Msg(e.Family, e.Got, e.Want, e.Tried, strings.Join(why, "; ")).In(l)
	if e.Task19 == Agree && e.Rejected[Readings] > 0 {
		s += mTooFewReadings.In(l)
	}
	return s
}

// Make draws candidates from the family, solves each and keeps the well
// posed ones (Variant.Check) that are no game drawn before, whose answers
// are not those of a variant kept before, and whose answers do not depend
// on how a move that overshoots is counted (the exam's count or
// Lebedev's: GAME-FORMAT.md), until it has opt.Count of them; fewer within the tries is a *TooFewError. The same
// family, count and seed give the same variants, byte for byte: one
// generator (PCG, seeded by opt.Seed) draws them in one order.
func Make(ctx context.Context, f *Family, opt Options) (*Batch, error) {
	count := max(opt.Count, 1)
	tries := f.Tries
	if tries == 0 {
		tries = DefaultTries + TriesPerVariant*(count-1)
	}
	rng := rand.New(rand.NewPCG(opt.Seed, seedStream))
	b := &Batch{Family: f, Seed: opt.Seed}
	seen := map[string]bool{}
	if f.exclude != "" {
		seen[f.exclude] = true
	}
	for len(b.Variants) < count && b.Tried < tries {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		v, why, err := b.candidate(ctx, rng, seen, opt.Solve)
		if err != nil {
			return nil, err
		}
		b.Tried++
		b.Rejected[why]++
		if why == Kept {
			v.Number = len(b.Variants) + 1
			if err := b.finish(v, opt.Lang); err != nil {
				return nil, err
			}
			b.Variants = append(b.Variants, v)
		}
		if opt.Progress != nil {
			opt.Progress(len(b.Variants), b.Tried)
		}
	}
	if len(b.Variants) < count {
		return nil, &TooFewError{Family: f.Name, Want: count, Got: len(b.Variants), Tried: b.Tried, Rejected: b.Rejected, Task19: f.Wording.Task19}
	}
	return b, nil
}

// candidate draws one spec, and solves and checks it when it is a game
// not drawn before.
func (b *Batch) candidate(ctx context.Context, rng *rand.Rand, seen map[string]bool, opt retro.GameOptions) (*Variant, Reject, error) {
	sp, why := b.Family.draw(rng)
	if why != Kept {
		return nil, why, nil
	}
	key := sp.key()
	if seen[key] {
		return nil, Repeat, nil
	}
	seen[key] = true
	v, err := Solve(ctx, sp, opt)
	if err != nil {
		return nil, Kept, err
	}
	v.Wording = b.Family.Wording
	if why := v.Check(v.Wording); why != Kept {
		return v, why, nil
	}
	for _, o := range b.Variants {
		if v.Key.sameAnswers(&o.Key, v.Wording) {
			return v, SameKey, nil
		}
	}
	matters, err := v.countMatters(ctx, opt)
	switch {
	case err != nil:
		return nil, Kept, err
	case matters:
		return v, Counting, nil
	}
	return v, Kept, nil
}

// draw is one candidate: a value of every range and a choice of every
// entry, in the family's order; NoStart or Stuck when its game cannot be
// a variant whatever S.
func (f *Family) draw(rng *rand.Rand) (Spec, Reject) {
	sp := Spec{Piles: int(f.Piles.draw(rng)), Down: f.Down, End: f.End.draw(rng), NoRepeat: f.NoRepeat}
	if sp.Piles == 2 {
		sp.Fixed = f.Fixed.draw(rng)
	}
	for _, e := range f.Entries {
		var left []Move
		for _, m := range e {
			if !slices.Contains(sp.Moves, m) {
				left = append(left, m)
			}
		}
		if len(left) == 0 {
			return sp, Repeat // the entries before took every choice
		}
		sp.Moves = append(sp.Moves, left[rng.IntN(len(left))])
	}
	if f.Over != nil {
		sp.Limit = sp.End + f.Over.draw(rng)
	}
	hi := f.S.Hi
	if f.S.Open {
		hi = maxNumber
	}
	sp.Lo, sp.Hi = sp.naturalRange(f.S.Lo, hi)
	switch {
	case sp.Lo > sp.Hi:
		return sp, NoStart
	case !sp.alwaysMoves():
		return sp, Stuck
	}
	return sp, Kept
}

// The comments of a variant's game file.
var (
	txtMadeBy = query.Text{En: "retro make %s --seed %d: variant %d.", Ru: "retro make %s --seed %d: вариант %d."}
	txtLikeOf = query.Text{En: "A variant like %s (the explorer's \"another variant like this\"), seed %d.",
		Ru: "Вариант, похожий на %s («другой вариант такого же вида» исследователя), зерно %d."}
)

// finish gives a kept variant its game file with its name and comment,
// and its solutions in every language.
func (b *Batch) finish(v *Variant, l query.Lang) error {
	word := query.Text{En: "%s, variant %d", Ru: "%s, вариант %d"}
	if l == "" {
		l = query.Ru
	}
	// The comment in the language of the name: a Russian page's file is
	// Russian throughout.
	comment := []string{l.Say(txtMadeBy, b.Family.File, b.Seed, v.Number)}
	if f := b.Family; f.likeOf != "" {
		comment = []string{l.Say(txtLikeOf, l.Quote(f.likeOf), b.Seed)}
	}
	v.Game = v.Spec.GameText(comment, l.Say(word, b.Family.Title(l), v.Number))
	v.Solutions = map[query.Lang]*Solution{}
	for _, lang := range query.Langs {
		s, err := v.solve(lang)
		if err != nil {
			return err
		}
		v.Solutions[lang] = s
	}
	v.game, v.answers = nil, nil // the results, needed no more
	return nil
}

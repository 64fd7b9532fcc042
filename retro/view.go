package retro

import "retro/retro/internal/core"

// A game instance solved alone gives a Result; solved by peers together,
// each peer holds a Part of it, with the counts of the whole. Totals is
// what both tell alike of the whole result, so that a summary reads them
// in one way.

// Totals are the counts of a whole result: its positions, legal moves
// and distinct edges, the positions of each outcome, its coloured sets as
// shown (Shown), how it was solved, and, solved by peers, what they handed
// each other (nil for a result solved alone).
type Totals struct {
	Positions    int
	Moves, Edges int64
	Tally        map[core.Outcome]int
	Shown        []core.Segment
	Path         string
	Traffic      *Traffic
}

// Totals are the counts of the result.
func (r *Result) Totals() Totals {
	return Totals{Positions: r.Len(), Moves: r.MoveCount, Edges: r.Edges, Tally: r.Tally(), Shown: r.Shown(), Path: r.Path}
}

// Totals are the counts of the whole result the part belongs to.
func (p *Part) Totals() Totals {
	t := p.Traffic()
	return Totals{Positions: p.Len(), Moves: p.MoveCount(), Edges: p.Edges(), Tally: p.Tally(), Shown: p.Shown(), Path: p.Path, Traffic: &t}
}

// Shown are the coloured sets of the result counted by the positions that
// show their outcome, as Part.Shown has them: under a horizon a position
// coloured at a layer beyond what its depth lets the horizon decide shows
// ?, and is counted there, not in its layer; a set no position shows is
// left out. Without a horizon they are the Segments.
func (r *Result) Shown() []core.Segment {
	segs := r.Segments()
	if r.Horizon() < 0 {
		return segs
	}
	order := r.Positions()
	var shown []core.Segment
	start := 0
	for _, seg := range segs {
		n := 0
		for _, i := range order[seg.Start:seg.End] {
			if r.Outcome(int(i)) == seg.Outcome {
				n++
			}
		}
		if n > 0 {
			shown = append(shown, core.Segment{Outcome: seg.Outcome, Layer: seg.Layer, Start: start, End: start + n})
			start += n
		}
	}
	return shown
}

package retro

import (
	"retro/retro/internal/core"

	"retro/positions"
	"retro/rules"
)

// A Part is one peer's share of a result that several peers solved
// together (SolveInstancePart): the outcomes and layers of the positions
// of its shard, Lo..Hi-1, and the counts of the whole result, which every
// peer holds alike.
type Part struct {
	Space    *positions.Space
	Instance *rules.Instance
	Starts   []positions.StartPos
	Lo, Hi   int    // the positions of this share
	Peers    int    // the shares of the whole
	Path     string // how it was solved

	whole   core.Whole
	r       *Result // this share's own, indexed i-Lo; nil once released
	horizon int     // once released, r's
}

// fromShare is the Part of a path's share: the one place where what a
// path found in shards becomes a Part.
func fromShare(in *rules.Instance, sh *core.Share) *Part {
	r := fromPath(in, sh.Table)
	return &Part{Space: r.Space, Instance: in, Starts: r.Starts, Lo: sh.Lo, Hi: sh.Hi, Peers: sh.Peers,
		Path: r.Path, whole: sh.Whole, r: r}
}

// Traffic is what the peers handed each other.
func (p *Part) Traffic() Traffic { return p.whole.Traffic }

// Len is the number of positions of the whole result.
func (p *Part) Len() int { return p.Space.Len() }

// MoveCount and Edges are the legal moves and the distinct edges of the
// whole result.
func (p *Part) MoveCount() int64 { return p.whole.MoveCount }
func (p *Part) Edges() int64     { return p.whole.Edges }

// Tally counts the positions of each outcome in the whole result.
func (p *Part) Tally() map[core.Outcome]int { return p.whole.Tally }

// Segments are the coloured sets of the whole result, as
// Result.Segments has them.
func (p *Part) Segments() []core.Segment { return p.whole.Sets }

// Shown are the sets of the whole result counted by the positions that
// show their outcome: under a horizon a position coloured beyond what its
// depth lets the horizon decide shows ?; a set no position shows is left
// out.
func (p *Part) Shown() []core.Segment { return p.whole.Shown }

// Horizon is the horizon of the analysis, -1 for none.
func (p *Part) Horizon() int {
	if p.r == nil {
		return p.horizon
	}
	return p.r.Horizon()
}

// Release lets this share's outcomes and layers go, once what reads them
// (the table's blocks) is made: the counts of the whole stay (Totals), and
// Data is not to be asked for after it.
func (p *Part) Release() {
	if p.r != nil {
		p.horizon, p.r = p.r.Horizon(), nil
	}
}

// Data is this share's content, indexed i-Lo, with the whole result's
// segments, moves and edges; Order is this share's alone.
func (p *Part) Data() Data {
	d := p.r.Data()
	d.Segments, d.MoveCount, d.Edges = p.whole.Sets, p.whole.MoveCount, p.whole.Edges
	return d
}

// DataInPlace is Data as Result.DataInPlace has it.
func (p *Part) DataInPlace() Data {
	d := p.r.DataInPlace()
	d.Segments, d.MoveCount, d.Edges = p.whole.Sets, p.whole.MoveCount, p.whole.Edges
	return d
}

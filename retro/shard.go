package retro

import (
	"fmt"
	"retro/retro/internal/core"
	"retro/retro/internal/path/general"
	"slices"

	"retro/positions"
	"retro/rules"
)

// A Part is one peer's share of a result that several peers solved
// together (SolvePart): the outcomes and layers of the positions of its
// shard, Lo..Hi-1, and the counts of the whole result, which every peer
// holds alike.
type Part struct {
	Space    *positions.Space
	Instance *rules.Instance
	Starts   []positions.StartPos
	Lo, Hi   int    // the positions of this share
	Peers    int    // the shares of the whole
	Path     string // how it was solved

	moves, edges int64
	traffic      Traffic
	segs, shown  []Segment
	tally        map[Outcome]int
	r            *Result // this share's own, indexed i-Lo; nil once released
	horizon      int     // once released, r's
}

// SolvePart solves one game instance together with its peers, each
// calling it with the same arguments: the peers find the positions
// together, each keeping its shard's, and each builds and colours the
// move graph of its shard only, handing the others what crosses between
// shards (positions.EnumerateShard, and the
// general path's colouring with a net). The part of each peer, put
// together, is the general path's result, the same whatever the number of
// peers.
func SolvePart(in *rules.Instance, popt positions.Options, opt core.Options, peers positions.Peers) (*Part, error) {
	gr, err := positions.EnumerateShard(in, popt, peers)
	if err != nil {
		return nil, err
	}
	lo, hi := gr.Lo, gr.Hi
	t := core.NewNet(peers, gr.Len())
	sent, searched := gr.Sent, gr.Searched
	table, err := general.Solve(gr, opt, t)
	if err != nil {
		return nil, err
	}
	r := fromPath(in, table)
	t.GraphSent, t.SearchSent = sent, searched
	p := &Part{Space: r.Space, Instance: in, Starts: r.Starts, Lo: lo, Hi: hi, Peers: peers.Size(),
		Path: fmt.Sprintf("general, in %d shards", peers.Size()), r: r}
	return p, p.total(t)
}

// total sums the counts of the shards: moves, edges, the bytes handed
// over, the sets closed (the same on every shard), the outcomes, and the
// size of every set, as coloured and as shown.
func (p *Part) total(t *core.Net) error {
	r := p.r
	closes := len(t.Closes)
	head := []int64{r.MoveCount, r.Edges, t.GraphSent, t.Sent, int64(closes), t.SearchSent}
	tally := make([]int64, core.Unknown+1)
	for i := range p.Hi - p.Lo {
		tally[r.Outcome(i)]++
	}
	sizes, shown := make([]int64, closes), make([]int64, closes)
	at := 0
	order := r.Positions()
	for k, c := range t.Closes {
		sizes[k] = int64(c.End)
		for _, i := range order[at : at+int(c.End)] {
			if r.Outcome(int(i)) == c.Outcome {
				shown[k]++
			}
		}
		at += int(c.End)
	}
	sum, err := t.Sum(slices.Concat(head, tally, sizes, shown))
	if err != nil {
		return err
	}
	head, sum = sum[:len(head)], sum[len(head):]
	tally, sum = sum[:len(tally)], sum[len(tally):]
	sizes, shown = sum[:closes], sum[closes:]
	if head[4] != int64(p.Peers)*int64(closes) {
		return fmt.Errorf("retro: the shards closed different numbers of sets")
	}
	p.moves, p.edges = head[0], head[1]
	p.traffic = Traffic{Search: head[5], Graph: head[2], Colouring: head[3]}
	if closes > 0 {
		p.traffic.Layers = int(t.Closes[closes-1].Layer) + 1
	}
	p.tally = map[core.Outcome]int{}
	for o, k := range tally {
		if k > 0 {
			p.tally[core.Outcome(o)] = int(k)
		}
	}
	start, shownStart := 0, 0
	for k, c := range t.Closes {
		if n := int(sizes[k]); n > 0 {
			p.segs = append(p.segs, core.Segment{Outcome: c.Outcome, Layer: int(c.Layer), Start: start, End: start + n})
			start += n
		}
		if n := int(shown[k]); n > 0 {
			p.shown = append(p.shown, core.Segment{Outcome: c.Outcome, Layer: int(c.Layer), Start: shownStart, End: shownStart + n})
			shownStart += n
		}
	}
	return nil
}

// Traffic is what the peers of a solve handed each other, all together:
// the bytes of the positions while they were found and sorted, of the
// edges between shards (questions and answers) when the graph was built,
// and of the predecessors between shards while it was coloured, layers 0
// to Layers-1.
type Traffic struct {
	Search, Graph, Colouring int64
	Layers                   int
}

// Traffic is what the peers handed each other.
func (p *Part) Traffic() Traffic { return p.traffic }

// Len is the number of positions of the whole result.
func (p *Part) Len() int { return p.Space.Len() }

// MoveCount and Edges are the legal moves and the distinct edges of the
// whole result.
func (p *Part) MoveCount() int64 { return p.moves }
func (p *Part) Edges() int64     { return p.edges }

// Tally counts the positions of each outcome in the whole result.
func (p *Part) Tally() map[core.Outcome]int { return p.tally }

// Segments are the coloured sets of the whole result, as
// Result.Segments has them.
func (p *Part) Segments() []core.Segment { return p.segs }

// Shown are the sets of the whole result counted by the positions that
// show their outcome: under a horizon a position coloured beyond what its
// depth lets the horizon decide shows ?; a set no position shows is left
// out.
func (p *Part) Shown() []core.Segment { return p.shown }

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
	d.Segments, d.MoveCount, d.Edges = p.segs, p.moves, p.edges
	return d
}

// DataInPlace is Data as Result.DataInPlace has it.
func (p *Part) DataInPlace() Data {
	d := p.r.DataInPlace()
	d.Segments, d.MoveCount, d.Edges = p.segs, p.moves, p.edges
	return d
}

package retro

import (
	"errors"
	"fmt"

	"retro/positions"
	"retro/rules"
)

// Data is a result's content as plain values, for storing it and loading
// it back: what Solve found, without the space and the rules.
type Data struct {
	Layer     []uint32         // the layer of every W or L position (0 elsewhere)
	Win, Lose positions.Bitset // the W and L positions, hidden ones included
	Unknown   positions.Bitset // uncoloured positions that reach the horizon (nil without one)
	Order     []uint32         // the coloured positions, segment by segment
	Segments  []Segment
	Depth     []uint32 // with a horizon: moves from a start (nil without one)
	Horizon   int
	Starts    []positions.StartPos
	MoveCount int64
	Edges     int64
}

// Data returns the result's content. The slices are shared, not copied,
// but for Segments, which is made.
func (r *Result) Data() Data {
	return Data{Layer: r.layer, Win: r.win, Lose: r.lose, Unknown: r.unknown, Order: r.order,
		Segments: r.Segments(), Depth: r.depth, Horizon: r.horizon, Starts: r.Starts,
		MoveCount: r.MoveCount, Edges: r.Edges}
}

// ErrBadData: result data that does not hang together.
var ErrBadData = errors.New("bad result data")

// FromData rebuilds a result on a space from its data, checking that the
// pieces agree with each other (not with the rules: see Verify for that).
func FromData(sp *positions.Space, in *rules.Instance, d Data) (*Result, error) {
	n := sp.Len()
	words := (n + 63) / 64
	switch {
	case len(d.Layer) != n:
		return nil, fmt.Errorf("%w: %d layers for %d positions", ErrBadData, len(d.Layer), n)
	case len(d.Win) != words || len(d.Lose) != words:
		return nil, fmt.Errorf("%w: outcome sets of the wrong size", ErrBadData)
	case d.Unknown != nil && len(d.Unknown) != words:
		return nil, fmt.Errorf("%w: unknown set of the wrong size", ErrBadData)
	case d.Depth != nil && len(d.Depth) != n:
		return nil, fmt.Errorf("%w: %d depths for %d positions", ErrBadData, len(d.Depth), n)
	}
	coloured := 0
	for w := range d.Win {
		if d.Win[w]&d.Lose[w] != 0 {
			return nil, fmt.Errorf("%w: a position both W and L", ErrBadData)
		}
		coloured += positions.Bitset{d.Win[w] | d.Lose[w]}.Count()
	}
	if len(d.Order) != coloured {
		return nil, fmt.Errorf("%w: %d coloured positions in order, %d in the sets", ErrBadData, len(d.Order), coloured)
	}
	at := 0
	for _, s := range d.Segments {
		if s.Start != at || s.End < s.Start || s.End > len(d.Order) || s.Layer < 0 {
			return nil, fmt.Errorf("%w: segment %d..%d", ErrBadData, s.Start, s.End)
		}
		set := d.Win
		if s.Outcome == Lose {
			set = d.Lose
		} else if s.Outcome != Win {
			return nil, fmt.Errorf("%w: segment of outcome %v", ErrBadData, s.Outcome)
		}
		for k, i := range d.Order[s.Start:s.End] {
			if int(i) >= n || !set.Has(int(i)) || d.Layer[i] != uint32(s.Layer) ||
				(k > 0 && i <= d.Order[s.Start+k-1]) {
				return nil, fmt.Errorf("%w: position %d in segment %v %d", ErrBadData, i, s.Outcome, s.Layer)
			}
		}
		at = s.End
	}
	if at != len(d.Order) {
		return nil, fmt.Errorf("%w: segments end at %d of %d", ErrBadData, at, len(d.Order))
	}
	for _, s := range d.Starts {
		if s.Index < 0 || s.Index >= n {
			return nil, fmt.Errorf("%w: start index %d", ErrBadData, s.Index)
		}
	}
	return &Result{Space: sp, Instance: in, Starts: d.Starts, Count: in.Game.Count,
		MoveCount: d.MoveCount, Edges: d.Edges, layer: d.Layer, win: d.Win, lose: d.Lose,
		unknown: d.Unknown, order: d.Order, segs: segmentsOf(d.Segments), depth: d.Depth, horizon: d.Horizon}, nil
}

package retro

import (
	"errors"
	"fmt"
	"retro/retro/internal/core"

	"retro/positions"
	"retro/rules"
)

// Data is a result's content as plain values, for storing it and loading
// it back: what Solve found, without the space and the rules.
type Data struct {
	Layer     []uint32         // the layer of every W or L position (0 elsewhere)
	Layer16   []uint16         // instead of Layer (then nil), from DataInPlace: the layers a result keeps in 16 bits
	Win, Lose positions.Bitset // the W and L positions, hidden ones included
	Unknown   positions.Bitset // uncoloured positions that reach the horizon (nil without one)
	Order     []uint32         // the coloured positions, segment by segment
	Segments  []core.Segment
	Depth     []uint32 // with a horizon: moves from a start (nil without one)
	Horizon   int
	Starts    []positions.StartPos
	MoveCount int64
	Edges     int64
	// Release, from DataInPlace of a result whose layers are kept in a
	// file, lets the layers of positions lo..hi-1 go from memory once a
	// reader is done with them (they stay readable); nil otherwise.
	Release func(lo, hi int)
}

// Data returns the result's content. The slices are shared, not copied,
// but for Segments, which is made, and for what a result of the un-move
// path does not keep as Data has it: Order is rebuilt the first time it is
// asked for (see Positions), and layers kept in 16 bits are widened into
// a new Layer at every call (4 bytes a position). Layer16 is nil.
func (r *Result) Data() Data {
	d := r.DataInPlace()
	d.Order = r.Positions()
	if d.Layer16 != nil {
		d.Layer = make([]uint32, len(d.Layer16))
		for i, l := range d.Layer16 {
			d.Layer[i] = uint32(l)
		}
		d.Layer16 = nil
	}
	return d
}

// DataInPlace is Data without what the result does not keep, for a
// writer that reads the positions one by one: Order is nil where the
// result rebuilds it on demand, and where it keeps its layers in 16 bits
// Layer is nil and Layer16 holds them. It allocates nothing a position.
// FromData takes Data's form, not this one.
func (r *Result) DataInPlace() Data {
	return Data{Layer: r.col.Layer, Layer16: r.col.Layer16, Win: r.col.Win, Lose: r.col.Lose, Unknown: r.col.Unknown, Order: r.col.Order,
		Segments: r.Segments(), Depth: r.col.Depth, Horizon: r.col.Horizon, Starts: r.Starts,
		MoveCount: r.MoveCount, Edges: r.Edges, Release: r.col.Release}
}

// LayerOf is the layer of W or L position i (0 elsewhere) in Layer or in
// Layer16, whichever holds them.
func (d *Data) LayerOf(i int) uint32 {
	if d.Layer16 != nil {
		return uint32(d.Layer16[i])
	}
	return d.Layer[i]
}

// ErrBadData: result data that does not hang together.
var ErrBadData = errors.New("bad result data")

// FromData rebuilds a result on a space from its data, checking that the
// pieces agree with each other (not with the rules: see Verify for that).
func FromData(sp *positions.Space, in *rules.Instance, d Data) (*Result, error) {
	n := sp.Len()
	words := (n + 63) / 64
	switch {
	case d.Layer16 != nil:
		return nil, fmt.Errorf("%w: layers in 16 bits (DataInPlace's form)", ErrBadData)
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
		if s.Outcome == core.Lose {
			set = d.Lose
		} else if s.Outcome != core.Win {
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
	return fromPath(in, &core.Table{Space: sp, Starts: d.Starts, MoveCount: d.MoveCount, Edges: d.Edges,
		Colours: core.Colours{Layer: d.Layer, Win: d.Win, Lose: d.Lose, Unknown: d.Unknown, Order: d.Order,
			Sets: core.SegmentsOf(d.Segments), Depth: d.Depth, Horizon: d.Horizon}}), nil
}

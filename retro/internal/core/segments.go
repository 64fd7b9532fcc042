package core

// Segment is the set of positions coloured with one outcome at one layer:
// Positions()[Start:End].
type Segment struct {
	Outcome    Outcome
	Layer      int
	Start, End int
}

// segment is a Segment as the result keeps it, 12 bytes: it starts where
// the one before it ends. A game of a million layers has a million of
// them.
type Packed struct {
	End     int64
	Layer   uint32
	Outcome Outcome
}

// UnpackSegments is the Segments of the sets a result keeps.
func UnpackSegments(segs []Packed) []Segment {
	out := make([]Segment, len(segs))
	start := 0
	for k, s := range segs {
		out[k] = Segment{Outcome: s.Outcome, Layer: int(s.Layer), Start: start, End: int(s.End)}
		start = int(s.End)
	}
	return out
}

// SegmentsOf packs Segments, which must follow one another, as the result
// keeps them.
func SegmentsOf(list []Segment) []Packed {
	out := make([]Packed, len(list))
	for k, s := range list {
		out[k] = Packed{End: int64(s.End), Layer: uint32(s.Layer), Outcome: s.Outcome}
	}
	return out
}

// SegmentsByKey turns the count of positions of each key (0 for the
// exam's W 0, layer+1 above) into the coloured sets, in the order Solve
// makes them, and where each key's positions start in the order.
func SegmentsByKey(count []int64) ([]Packed, []int64) {
	start := make([]int64, len(count)+1)
	var segs []Packed
	for k, x := range count {
		start[k+1] = start[k] + x
		if x == 0 {
			continue
		}
		o, l := Lose, uint32(k-1)
		switch {
		case k == 0:
			o, l = Win, 0
		case k%2 == 0: // layer k-1 odd
			o = Win
		}
		segs = append(segs, Packed{End: start[k+1], Layer: l, Outcome: o})
	}
	return segs, start
}

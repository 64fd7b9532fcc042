package retrotest

import (
	"cmp"
	"fmt"
	"maps"
	"slices"

	"retro/positions"
	"retro/retro"
)

// SameResult says how two results of one game instance differ in what a
// table file or a CSV export holds of them (out and out/table read no
// more): the rule values, the space's kind, box and positions at every
// index, the horizon, the moves and edges, the tally, the starts, the
// coloured sets, at every position the outcome, the layer of a W or L
// and the depth, and the order of the rows (Rows). It returns nil when
// they hold the same, so that two results it finds the same write the
// same table file and the same CSV byte for byte, and the tests of the
// solver can check that without the writers above it.
func SameResult(a, b *retro.Result) error {
	if err := same(viewOf(a), viewOf(b)); err != nil {
		return err
	}
	ra, rb := rows(a), rows(b)
	for k := range min(len(ra), len(rb)) {
		if ra[k] != rb[k] {
			return fmt.Errorf("row %d is position %d, want %d", k, rb[k], ra[k])
		}
	}
	if len(ra) != len(rb) {
		return fmt.Errorf("%d rows, want %d", len(rb), len(ra))
	}
	return nil
}

// rows are the positions of a result in the order of its rows.
func rows(r *retro.Result) []int {
	var out []int
	r.Rows(func(i int) bool {
		out = append(out, i)
		return true
	})
	return out
}

// SameParts says how the parts of a solve in shards, those of every rank
// (any order), differ from the one-process result whole in what a table
// file holds of them: each part must carry the whole's counts, starts and
// sets, and its shard the whole's positions, outcomes, layers and depths;
// the shards must cover the positions once. nil: the same.
func SameParts(whole *retro.Result, parts []*retro.Part) error {
	w := viewOf(whole)
	parts = slices.Clone(parts)
	slices.SortFunc(parts, func(a, b *retro.Part) int { return cmp.Or(a.Lo-b.Lo, a.Hi-b.Hi) })
	at := 0
	for _, p := range parts {
		if p.Hi > p.Lo { // a shard of no positions carries the counts alone
			if p.Lo != at {
				return fmt.Errorf("a part holds positions %d..%d, want one from %d", p.Lo, p.Hi-1, at)
			}
			at = p.Hi
		}
		v := view{values: p.Instance.Values, shape: p.Space.Shape(), n: p.Len(), horizon: p.Horizon(),
			data: p.DataInPlace(), tally: p.Tally(), space: p.Space, lo: p.Lo, hi: p.Hi, base: p.Lo}
		if err := same(w.slice(p.Lo, p.Hi), v); err != nil {
			return fmt.Errorf("the part of positions %d..%d: %w", p.Lo, p.Hi-1, err)
		}
	}
	if at != whole.Len() {
		return fmt.Errorf("the parts end at position %d, the result has %d", at, whole.Len())
	}
	return nil
}

// view is what a table holds of a result, or of a part: the positions
// lo..hi-1, position i at i-base in data (base: 0 for a result, Lo for a
// part).
type view struct {
	values  []int64
	shape   positions.SpaceData
	n       int
	horizon int
	data    retro.Data
	tally   map[retro.Outcome]int
	space   *positions.Space
	lo, hi  int
	base    int
}

func viewOf(r *retro.Result) view {
	return view{values: r.Instance.Values, shape: r.Space.Shape(), n: r.Len(), horizon: r.Horizon(),
		data: r.DataInPlace(), tally: r.Tally(), space: r.Space, hi: r.Len()}
}

// slice is the view of positions lo..hi-1 of a whole result's.
func (v view) slice(lo, hi int) view {
	v.lo, v.hi = lo, hi
	return v
}

// at is position i's symbol as the table writes it: 0 uncoloured, 1 ?,
// 2+2·layer a W, 3+2·layer an L; and its depth (0 without depths).
func (v view) at(i int) (sym uint64, depth uint32) {
	d, j := &v.data, i-v.base
	if d.Depth != nil {
		depth = d.Depth[j]
	}
	w, bit := j>>6, uint(j&63)
	switch {
	case d.Win[w]>>bit&1 != 0:
		return 2 + 2*uint64(d.LayerOf(j)), depth
	case d.Lose[w]>>bit&1 != 0:
		return 3 + 2*uint64(d.LayerOf(j)), depth
	case d.Unknown != nil && d.Unknown[w]>>bit&1 != 0:
		return 1, depth
	}
	return 0, depth
}

// same compares two views of the same positions, lo..hi-1.
func same(a, b view) error {
	sa, sb := a.shape, b.shape
	da, db := &a.data, &b.data
	switch {
	case !slices.Equal(a.values, b.values):
		return fmt.Errorf("rule values %v, want %v", b.values, a.values)
	case sa.Piles != sb.Piles || sa.History != sb.History || sa.Dense != sb.Dense || a.n != b.n:
		return fmt.Errorf("a space of %d positions (%d piles, history %d, dense %t), want %d (%d, %d, %t)",
			b.n, sb.Piles, sb.History, sb.Dense, a.n, sa.Piles, sa.History, sa.Dense)
	case sa.Dense && (!slices.Equal(sa.Lo, sb.Lo) || !slices.Equal(sa.Size, sb.Size) || sa.Words != sb.Words):
		return fmt.Errorf("the box %v+%v in %d words, want %v+%v in %d", sb.Lo, sb.Size, sb.Words, sa.Lo, sa.Size, sa.Words)
	case a.horizon != b.horizon:
		return fmt.Errorf("horizon %d, want %d", b.horizon, a.horizon)
	case (da.Unknown == nil) != (db.Unknown == nil) || (da.Depth == nil) != (db.Depth == nil):
		return fmt.Errorf("? positions kept %t, depths %t; want %t, %t", db.Unknown != nil, db.Depth != nil, da.Unknown != nil, da.Depth != nil)
	case da.MoveCount != db.MoveCount || da.Edges != db.Edges:
		return fmt.Errorf("%d moves and %d edges, want %d and %d", db.MoveCount, db.Edges, da.MoveCount, da.Edges)
	case !maps.Equal(a.tally, b.tally):
		return fmt.Errorf("tally %v, want %v", b.tally, a.tally)
	case !slices.EqualFunc(da.Starts, db.Starts, func(x, y positions.StartPos) bool {
		return x.Index == y.Index && slices.Equal(x.Params, y.Params)
	}):
		return fmt.Errorf("starts %v, want %v", db.Starts, da.Starts)
	case !slices.Equal(da.Segments, db.Segments):
		return fmt.Errorf("%d coloured sets, want %d (or other sets)", len(db.Segments), len(da.Segments))
	}
	pa, err := tuples(a)
	if err != nil {
		return err
	}
	pb, err := tuples(b)
	if err != nil {
		return err
	}
	for i := a.lo; i < a.hi; i++ {
		if k := i - a.lo; !slices.Equal(pa[k], pb[k]) {
			return fmt.Errorf("position %d is %v, want %v", i, pb[k], pa[k])
		}
		ya, ea := a.at(i)
		yb, eb := b.at(i)
		if ya != yb || ea != eb {
			return fmt.Errorf("position %d (%v): symbol %d at depth %d, want %d at %d", i, pa[i-a.lo], yb, eb, ya, ea)
		}
	}
	return nil
}

// tuples are the piles and history of positions lo..hi-1, the history
// last.
func tuples(v view) ([][]int64, error) {
	out := make([][]int64, 0, v.hi-v.lo)
	err := v.space.Walk(v.lo, v.hi, func(_ int, p []int64, h int) error {
		out = append(out, append(slices.Clone(p), int64(h)))
		return nil
	})
	return out, err
}

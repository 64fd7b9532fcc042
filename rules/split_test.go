package rules

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

// optionsOf lists a heap's options as sorted part lists, sorted.
func optionsOf(o *HeapOptions) [][]int64 {
	var out [][]int64
	for k := 0; k < o.Len(); k++ {
		out = append(out, slices.Sorted(slices.Values(o.Option(k))))
	}
	slices.SortFunc(out, slices.Compare)
	return out
}

// rowOptions lists the options of a heap of n by its split form: the
// rows' pairs and the other entries' options; ok is false when a row
// cannot take the heap (ErrRowGrows).
func rowOptions(t *testing.T, f *SplitForm, n int64) ([][]int64, bool, error) {
	var o HeapOptions
	o.Reset()
	if err := f.Others(n, &o); err != nil {
		return nil, true, err
	}
	var r Row
	for k := range f.Rows {
		if err := f.Row(k, n, &r); errors.Is(err, ErrRowGrows) {
			return nil, false, nil
		} else if err != nil {
			return nil, true, err
		}
		for p := r.Lo; p <= r.Hi; p++ {
			ok, err := r.Has(p)
			if err != nil {
				return nil, true, err
			}
			if !ok {
				continue
			}
			if p < 0 || r.M-p < 0 || p >= n && n > 0 || r.M-p >= n && n > 0 {
				t.Fatalf("heap %d: row %d gives the parts %d, %d", n, k, p, r.M-p)
			}
			var parts []int64
			for _, h := range []int64{p, r.M - p} {
				if h > 0 {
					parts = append(parts, h)
				}
			}
			o.add(parts...)
		}
	}
	return optionsOf(&o), true, nil
}

// checkSplitForm compares, heap by heap, the options the split form of a
// game gives with those HeapMoves lists.
func checkSplitForm(t *testing.T, src string) {
	g, err := Parse("split.toml", []byte(src))
	if err != nil {
		return
	}
	insts, err := g.Instances()
	if err != nil || len(insts) == 0 || !g.Sum {
		return
	}
	f := insts[0].SplitForm()
	m := insts[0].NewMachine()
	for n := int64(0); n <= 40; n++ {
		var o HeapOptions
		o.Reset()
		wantErr := m.HeapMoves(n, &o)
		got, ok, err := rowOptions(t, f, n)
		if !ok || wantErr != nil {
			continue // left to the scan, or the scan's own error
		}
		if err != nil {
			t.Fatalf("%s\nheap %d: %v, HeapMoves has no error", src, n, err)
		}
		if want := optionsOf(&o); !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("%s\nheap %d: rows give %v, HeapMoves %v", src, n, got, want)
		}
	}
}

// splitSeeds are split entries: rows with linear conditions, with other
// conditions, and entries that are not rows.
var splitSeeds = []string{
	"x -> i, x - i for i in 1..x-1 if 2 * i != x",
	"x -> i, x - 1 - i for i in 0..x-1",
	"x -> x - 2 - i, i for i in 1..x if 3 * i < x + 2 and i != 4",
	"x -> i, x - i for i in 1..x-1 if i % 3 != 1",
	"x -> i + 1, x - 3 - i for i in -2..x if x - i > 2",
	"x -> 2 * i, x - 2 * i for i in 1..x",
	"x -> i, x + 1 - i for i in 2..x-1",
	"x -> i, x - i for i in 1..x-1 if x % 2 == 0 or i == 1",
	"x -> -i + x, i - 1 for i in 1..x if i >= x - 2 * i",
}

func TestSplitFormOptions(t *testing.T) {
	for _, e := range splitSeeds {
		for _, extra := range []string{"", ", \"x - 1\""} {
			checkSplitForm(t, fmt.Sprintf("piles = [\"x\"]\nsum = true\nmoves = [%q%s]\n", e, extra))
		}
	}
	f := mustSplitForm(t, "x -> i, x - i for i in 1..x-1 if 2 * i != x")
	if f.Rows != 1 || f.Other != 0 {
		t.Errorf("Grundy's game: %d rows, %d others", f.Rows, f.Other)
	}
	for _, e := range []string{"x -> 2 * i, x - 2 * i for i in 1..x", "x -> i, j, x - i - j for i in 1..x for j in 1..x"} {
		if f := mustSplitForm(t, e); f.Rows != 0 || f.Why == "" {
			t.Errorf("%s: read as %d rows", e, f.Rows)
		}
	}
}

func mustSplitForm(t *testing.T, entry string) *SplitForm {
	t.Helper()
	g, err := Parse("split.toml", []byte(fmt.Sprintf("piles = [\"x\"]\nsum = true\nmoves = [%q]\n", entry)))
	if err != nil {
		t.Fatal(err)
	}
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	return insts[0].SplitForm()
}

// FuzzSplitForm: the rows of any split entry give exactly the options
// HeapMoves lists, heap by heap.
func FuzzSplitForm(f *testing.F) {
	for _, e := range splitSeeds {
		f.Add(e)
	}
	f.Fuzz(func(t *testing.T, entry string) {
		checkSplitForm(t, fmt.Sprintf("piles = [\"x\"]\nsum = true\nmoves = [%q]\n", entry))
	})
}

package out_test

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"retro/out"
	"retro/out/query"
	"retro/retro"
)

func cells(lo, hi int, holds map[int]query.Truth) []out.RibbonCell {
	var cs []out.RibbonCell
	for s := lo; s <= hi; s++ {
		o, layer := retro.Win, s%5
		if layer%2 == 0 {
			o = retro.Lose
		}
		if s%7 == 0 {
			o, layer = retro.Draw, -1
		}
		cs = append(cs, out.RibbonCell{Label: fmt.Sprint(s), Outcome: o, Layer: layer, Holds: holds[s]})
	}
	return cs
}

func TestWriteRibbon(t *testing.T) {
	var b bytes.Buffer
	groups := []out.RibbonGroup{{Heading: "K = 1", Cells: cells(8, 12, map[int]query.Truth{9: query.Yes, 12: query.Maybe})}}
	if err := out.WriteRibbon(&b, groups, out.RibbonOptions{Width: 30}); err != nil {
		t.Fatal(err)
	}
	// Colons aligned, three cells (of 7 columns and a space) a line,
	// marks [ ] and { }, no spaces at the ends of lines.
	want := "K = 1:\n" +
		"  8:W3   [9:L4]  10:L0\n" +
		" 11:W1  {12:L2}\n"
	if got := b.String(); got != want {
		t.Errorf("got:\n%q\nwant:\n%q", got, want)
	}
	b.Reset()
	out.WriteRibbon(&b, groups, out.RibbonOptions{Color: true})
	if !strings.Contains(b.String(), "\x1b[1;32m[9:L4]\x1b[0m") {
		t.Errorf("colour: %q", b.String())
	}
	if strings.Contains(b.String(), "\n\n") {
		t.Errorf("empty line: %q", b.String())
	}
}

func TestRibbonLine(t *testing.T) {
	cs := cells(1, 60, map[int]query.Truth{28: query.Yes, 48: query.Yes})
	show := make([]bool, len(cs))
	for _, k := range []int{25, 26, 27, 28, 45, 46, 47, 48} {
		show[k] = true
	}
	got := out.RibbonLine(cs, show, out.RibbonOptions{})
	want := "… 26:W1 27:L2 [28:D] 29:L4 … 46:W1 47:L2 [48:W3] 49:D …"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	// Cut to the width, still ending in "…".
	got = out.RibbonLine(cs, show, out.RibbonOptions{Width: 30})
	if n := utf8.RuneCountInString(got); n > 30 || !strings.HasSuffix(got, "…") {
		t.Errorf("width 30: %q (%d)", got, n)
	}
}

// The answer's cells are marked twice in an excerpt.
func TestRibbonLineAnswer(t *testing.T) {
	cells := []out.RibbonCell{{Label: "1", Outcome: retro.Win, Layer: 3},
		{Label: "2", Outcome: retro.Win, Layer: 3, Holds: query.Yes, Answer: true},
		{Label: "3", Outcome: retro.Lose, Layer: 2, Holds: query.Yes}}
	got := out.RibbonLine(cells, []bool{true, true, true}, out.RibbonOptions{})
	if want := "1:W3 [[2:W3]] [3:L2]"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// answer is an answer over K = 1..2 and S = 1..4, holding at the cells
// holds names (K,S), the values picked.
func answer(holds map[string]bool, values ...[]int64) *query.Answer {
	a := &query.Answer{Names: []string{"K", "S"}, Values: values}
	for k := int64(1); k <= 2; k++ {
		for s := int64(1); s <= 4; s++ {
			c := query.Cell{Params: []int64{k, s}, Outcome: retro.Win, Layer: 1}
			if holds[query.FormatTuple(c.Params)] {
				c.Holds = query.Yes
			}
			a.Cells = append(a.Cells, c)
		}
	}
	return a
}

// One ribbon a value of the first parameter, each cell labelled with the
// second's.
func TestRibbonGroups(t *testing.T) {
	groups := out.RibbonGroups(answer(map[string]bool{"2,3": true}))
	if len(groups) != 2 || groups[0].Heading != "K = 1" || groups[1].Heading != "K = 2" {
		t.Fatalf("groups %+v", groups)
	}
	var labels []string
	for _, c := range groups[1].Cells {
		labels = append(labels, c.Text())
	}
	if got := strings.Join(labels, " "); got != "1:W1 2:W1 3:W1 4:W1" || groups[1].Cells[2].Holds != query.Yes {
		t.Errorf("K = 2: %s, %+v", got, groups[1].Cells)
	}
	one := &query.Answer{Cells: []query.Cell{{Outcome: retro.Lose, Layer: 0}}}
	if g := out.RibbonGroups(one); len(g) != 1 || g[0].Heading != "" || g[0].Cells[0].Text() != "start:L0" {
		t.Errorf("no parameters: %+v", g)
	}
}

// The excerpt shows two cells before each value and one after it, the
// value marked twice, after the last parameter's name; without a value,
// the first six cells.
func TestRibbonExcerpt(t *testing.T) {
	a := answer(map[string]bool{"2,2": true, "2,3": true}, []int64{2, 2})
	if got, want := out.RibbonExcerpt(a, out.RibbonOptions{Width: 76}), "S: … 4:W1 1:W1 [[2:W1]] [3:W1] …"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if got, want := out.RibbonExcerpt(answer(nil), out.RibbonOptions{Width: 76}), "S: 1:W1 2:W1 3:W1 4:W1 1:W1 2:W1 …"; got != want {
		t.Errorf("no value: %q, want %q", got, want)
	}
}

// An excerpt of a ribbon of a million starts makes text only for the
// cells it shows: its allocations are a few bytes a start (ege ran out of
// memory making a cell and a map entry of each of 3 million starts).
func TestRibbonExcerptOfMany(t *testing.T) {
	const n = 1_000_000
	a := &query.Answer{Names: []string{"S"}}
	a.Cells = make([]query.Cell, n)
	params := make([]int64, n)
	for k := range a.Cells {
		params[k] = int64(k)
		a.Cells[k] = query.Cell{Params: params[k : k+1 : k+1], Outcome: retro.Win, Layer: 1, Holds: query.No}
	}
	for _, k := range []int{17, 500_000, 999_999} {
		a.Cells[k].Holds = query.Yes
		a.Values = append(a.Values, []int64{int64(k)})
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	got := out.RibbonExcerpt(a, out.RibbonOptions{Width: 76})
	runtime.ReadMemStats(&after)
	if want := "S: … 15:W1 16:W1 [[17:W1]] 18:W1 … 499998:W1 499999:W1 [[500000:W1]] …"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4*n {
		t.Errorf("the excerpt allocated %d bytes for %d starts", alloc, n)
	}
}

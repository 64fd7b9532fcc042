package out_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"retro/out"
	"retro/retro"
	"retro/retro/query"
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

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"retro/out/table"
	"retro/positions"
	"retro/retro"
	"retro/rules"
)

func TestVerify(t *testing.T) {
	dir := t.TempDir()
	demo := solveTo(t, dir, "ege-2027-demo")
	o, errs, code := runCmd(t, "verify", demo)
	if code != 0 || !strings.Contains(o, "3505 positions of ege-2027-demo.toml agree with the rules") {
		t.Errorf("exit %d: %s%s", code, o, errs)
	}
	o, errs, code = runCmd(t, "verify", "--resolve", demo)
	if code != 0 || !strings.Contains(o, "a fresh solve of ege-2027-demo.toml gives the same 3505 positions, outcomes and layers") {
		t.Errorf("--resolve: exit %d: %s%s", code, o, errs)
	}
	kayles := solveTo(t, dir, "kayles")
	if _, errs, code := runCmd(t, "verify", "--resolve", kayles); code != 1 || !strings.Contains(errs, "does not record the --upto") {
		t.Errorf("--resolve of a heap game: exit %d: %s", code, errs)
	}
	bad := filepath.Join(dir, "tampered.rtb")
	writeTampered(t, bad)
	o, errs, code = runCmd(t, "verify", bad)
	if code != 1 || !strings.Contains(o, "disagree with the rules") ||
		!strings.Contains(o, "(17, 58): the table says W 3; its moves make it W 1") ||
		!strings.Contains(errs, "inconsistencies") {
		t.Errorf("tampered table: exit %d:\n%s%s", code, o, errs)
	}
	// A damaged file is an error that names the damage.
	data, _ := os.ReadFile(demo)
	data[len(data)/2] ^= 1
	os.WriteFile(bad, data, 0o644)
	if _, errs, code := runCmd(t, "verify", bad); code != 1 || !strings.Contains(errs, "checksum mismatch in block") {
		t.Errorf("damaged table: exit %d: %s", code, errs)
	}
	for _, args := range [][]string{{"verify", "ege-2027-demo"}, {"info", "/dev/null"}} {
		if _, errs, code := runCmd(t, args...); code != 1 || !strings.Contains(errs, "not a table file") {
			t.Errorf("%v: exit %d: %s", args, code, errs)
		}
	}
}

// writeTampered writes a table of the exam demo in which the first W 1
// position, (17, 58), is said to be W 3: a table that reads well and
// checks its sums, but disagrees with the rules.
func writeTampered(t *testing.T, path string) {
	src, _ := rules.Builtin("ege-2027-demo")
	g, err := rules.Parse("ege-2027-demo.toml", src)
	if err != nil {
		t.Fatal(err)
	}
	insts, _ := g.Instances()
	r, err := retro.SolveInstance(insts[0], positions.DefaultOptions(g), retro.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := r.Data()
	d.Layer = slices.Clone(d.Layer)
	d.Layer[d.Order[d.Segments[0].Start]] = 3
	regroup(&d)
	bad, err := retro.FromData(r.Space, r.Instance, d)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := table.Write(&buf, g, []*retro.Result{bad}, table.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// regroup rebuilds the coloured sets of result data after its layers
// have changed, keeping the sets' order.
func regroup(d *retro.Data) {
	type key struct {
		o     retro.Outcome
		layer int
	}
	sets := map[key][]uint32{}
	for _, i := range d.Order {
		k := key{retro.Win, int(d.Layer[i])}
		if d.Lose.Has(int(i)) {
			k.o = retro.Lose
		}
		sets[k] = append(sets[k], i)
	}
	var order []uint32
	var segs []retro.Segment
	for _, s := range d.Segments {
		list := sets[key{s.Outcome, s.Layer}]
		slices.Sort(list)
		segs = append(segs, retro.Segment{Outcome: s.Outcome, Layer: s.Layer, Start: len(order), End: len(order) + len(list)})
		order = append(order, list...)
	}
	d.Order, d.Segments = order, segs
}

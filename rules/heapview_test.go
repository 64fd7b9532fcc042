package rules

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// A view of more heaps than a position holds is refused in the user's
// words, naming the game, not the function.
func TestHeapViewTooManyHeaps(t *testing.T) {
	src, _ := Builtin("kayles")
	g, err := Parse("kayles.toml", src)
	if err != nil {
		t.Fatal(err)
	}
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	_, err = insts[0].HeapView(536870912)
	want := "kayles.toml: the heaps asked about can split into as many as 536870912 heaps, and a position of the engine holds at most 65536: ask about smaller heaps"
	if err == nil || err.Error() != want || strings.Contains(err.Error(), "HeapView") {
		t.Errorf("err = %v", err)
	}
	if _, err := insts[0].HeapView(MaxHeaps); err != nil {
		t.Errorf("%d heaps: %v", MaxHeaps, err)
	}
}

// heapViewMachine is a machine of the view of k heaps of the heap game
// src with the given rule param values.
func heapViewMachine(t *testing.T, src string, k int, values ...int64) *Machine {
	t.Helper()
	view, err := instanceFor(t, src, values...).HeapView(k)
	if err != nil {
		t.Fatal(err)
	}
	return view.NewMachine()
}

// A move of a heap view is named by its entry (or code, or command), the
// heap it is played on and the generator values, worked out by hand: a
// Kayles heap of 3 loses an end pin (k = 1, leaving 2), its middle pin
// (k = 1, leaving 1 + 1) or two pins (k = 2, leaving 1); Lasker's Nim
// splits a heap of 4 into 1 + 3 by i = 1 (i = 3 makes the same collection
// and is not a move of its own) and into 2 + 2 by i = 2; of two Nim heaps
// each names its own; a command of [commands] keeps its key and the pile
// its name.
func TestHeapViewNames(t *testing.T) {
	kayles, _ := Builtin("kayles")
	expect(t, "Kayles 3", namedMoves(t, heapViewMachine(t, string(kayles), 2), []int64{3, 0}, 0, 0),
		"0.77 (x = 3, k = 1):(2, 0)|0.77 (x = 3, k = 1):(1, 1)|0.77 (x = 3, k = 2):(1, 0)")
	lasker, _ := Builtin("lasker-nim")
	expect(t, "Lasker's Nim 4", namedMoves(t, heapViewMachine(t, string(lasker), 3), []int64{4, 0, 0}, 0, 0),
		"x - k (x = 4, k = 1):(3, 0, 0)|x - k (x = 4, k = 2):(2, 0, 0)|x - k (x = 4, k = 3):(1, 0, 0)|x - k (x = 4, k = 4):(0, 0, 0)|"+
			"x -> i, x - i (x = 4, i = 1):(3, 1, 0)|x -> i, x - i (x = 4, i = 2):(2, 2, 0)")
	nim, _ := Builtin("nim")
	expect(t, "Nim 2 + 1", namedMoves(t, heapViewMachine(t, string(nim), 2), []int64{2, 1}, 0, 0),
		"x - k (x = 2, k = 1):(1, 1)|x - k (x = 2, k = 2):(1, 0)|x - k (x = 1, k = 1):(2, 0)")
	sub, _ := Builtin("subtraction-1-3-4")
	expect(t, "subtraction 4", namedMoves(t, heapViewMachine(t, string(sub), 1), []int64{4}, 0, 0),
		"x - 1 (x = 4):(3)|x - 3 (x = 4):(1)|x - 4 (x = 4):(0)")
	expect(t, "commands", namedMoves(t, heapViewMachine(t, `piles = ["n"]
sum = true
[commands]
take = ["n - k for k in 1..2"]
cut = ["n -> 1, n - 2"]
`, 2), []int64{3, 0}, 0, 0), "take (n = 3, k = 1):(2, 0)|take (n = 3, k = 2):(1, 0)|cut (n = 3):(1, 1)")
}

// Every name of a heap view's move, its values put back into the entry it
// names, makes that move: the named heap is in the collection, and the
// entry with its generators replaced by their values (or, for an octal
// code, the digit for k tokens taken) turns it into the heaps that the
// move's collection has in its place. For the built-in heap games and a
// few more split games, at every collection reached from a heap of 0..9.
func TestHeapViewNamesReplay(t *testing.T) {
	games := map[string]string{
		"dawson":  "piles = [\"x\"]\nsum = true\noctal = \"0.07\"\n",
		"4.07":    "piles = [\"x\"]\nsum = true\noctal = \"4.07\"\n",
		"three":   "piles = [\"x\"]\nsum = true\nmoves = [\"x -> i, j, x - i - j - 1 for i in 1..x for j in i..x if i + j < x\", \"x - 2\"]\n",
		"grouped": "piles = [\"x\"]\nsum = true\n[commands]\nsplit = [\"x -> i, x - 2 - i for i in 1..x-3\", \"x -> 1, x - 1 if x >= 2\"]\ntake = [\"x - k for k in 1..2\"]\n",
	}
	for _, name := range BuiltinNames() {
		src, _ := Builtin(name)
		g, err := Parse(name+".toml", src)
		if err != nil {
			t.Fatal(err)
		}
		if g.Sum {
			games[name] = string(src)
		}
	}
	for name, src := range games {
		t.Run(name, func(t *testing.T) {
			var values []int64
			if strings.Contains(src, "[params]") {
				values = []int64{3}
			}
			const k = 10
			g, err := Parse(name+".toml", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			m := heapViewMachine(t, src, k, values...)
			seen := map[string]bool{}
			var queue [][]int64
			for n := int64(0); n <= 9; n++ {
				p := make([]int64, k)
				p[0] = n
				queue = append(queue, p)
			}
			moves := 0
			for len(queue) > 0 {
				p := queue[0]
				queue = queue[1:]
				if seen[Tuple(p)] {
					continue
				}
				seen[Tuple(p)] = true
				var l MoveList
				var names []string
				if err := m.NamedMoves(p, 0, 0, &l, &names); err != nil {
					t.Fatal(err)
				}
				if len(names) != l.Len() {
					t.Fatalf("%v: %d moves, %d names", p, l.Len(), len(names))
				}
				for j := 0; j < l.Len(); j++ {
					to := slices.Clone(l.To(j, k))
					replayHeapMove(t, g, values, p, to, names[j])
					queue = append(queue, to)
					moves++
				}
			}
			if moves == 0 {
				t.Fatal("no moves")
			}
		})
	}
}

// replayHeapMove checks that the move named name from collection from to
// collection to is what its name says (see TestHeapViewNamesReplay).
func replayHeapMove(t *testing.T, g *Game, values []int64, from, to []int64, name string) {
	t.Helper()
	open := strings.LastIndex(name, " (")
	if open < 0 || !strings.HasSuffix(name, ")") {
		t.Fatalf("%v -> %v: name %q has no values", from, to, name)
	}
	what := name[:open]
	binds := map[string]int64{}
	var order []string
	for _, b := range strings.Split(name[open+2:len(name)-1], ", ") {
		k, v, ok := strings.Cut(b, " = ")
		n, err := strconv.ParseInt(v, 10, 64)
		if !ok || err != nil {
			t.Fatalf("%q: %q is not a value", name, b)
		}
		binds[k] = n
		order = append(order, k)
	}
	pile := g.Piles[0]
	if order[0] != pile {
		t.Fatalf("%q: the heap (%s) is not named first", name, pile)
	}
	heap := binds[pile]
	// The heaps the move leaves in the heap's place: to less from without it.
	rest := heapsOf(from)
	i := slices.Index(rest, heap)
	if i < 0 {
		t.Fatalf("%v: %q names no heap of the collection", from, name)
	}
	rest = slices.Delete(rest, i, i+1)
	parts := heapsOf(to)
	for _, h := range rest {
		j := slices.Index(parts, h)
		if j < 0 {
			t.Fatalf("%v -> %v (%q): heap %d is gone", from, to, name, h)
		}
		parts = slices.Delete(parts, j, j+1)
	}
	slices.Sort(parts)
	if g.Octal != "" {
		code, _ := ParseOctal(g.Octal)
		taken := binds["k"]
		sum := int64(0)
		for _, p := range parts {
			sum += p
		}
		var bit uint8 = 1 << min(len(parts), 3)
		if what != g.Octal || taken < 0 || taken >= int64(len(code.Digits)) || sum != heap-taken || code.Digits[taken]&bit == 0 {
			t.Errorf("%v -> %v: %q does not leave %v", from, to, name, parts)
		}
		return
	}
	// The entries the name may be: the one whose text it starts with, or
	// every entry of the command it names with as many generators as the
	// name has values.
	var entries []string
	for _, c := range g.Commands {
		for _, e := range c.Moves {
			body, _, _ := strings.Cut(e, " for ")
			if what == body || what == c.Name && c.Name != e && strings.Count(e, " for ") == len(order)-1 {
				entries = append(entries, body)
			}
		}
	}
	var params []string
	for k, p := range g.RuleParams() {
		params = append(params, fmt.Sprintf("%s = \"%d\"", p.Name, values[k]))
	}
	for _, body := range entries {
		for _, v := range order[1:] {
			body = regexp.MustCompile(`\b`+v+`\b`).ReplaceAllString(body, fmt.Sprintf("(%d)", binds[v]))
		}
		src := fmt.Sprintf("piles = [%q]\nsum = true\nmoves = [%q]\n", pile, body)
		if len(params) > 0 {
			src += "[params]\n" + strings.Join(params, "\n") + "\n"
		}
		got := heapMoves(t, machineFor(t, src, values...), heap)
		if got == fmt.Sprint(parts) || got == "[]" && len(parts) == 0 {
			return
		}
	}
	t.Errorf("%v -> %v: %q, its values put back into %q, does not leave %v", from, to, name, entries, parts)
}

// heapsOf is the non-empty heaps of a view's tuple.
func heapsOf(tuple []int64) []int64 {
	var hs []int64
	for _, h := range tuple {
		if h > 0 {
			hs = append(hs, h)
		}
	}
	return hs
}

// FewHeapMoves lists, in order, options HeapMoves lists, a few for each
// entry whatever the heap (the first FewSteps generator values, and under
// a code the first FewSteps pairs of each count taken), and leaves the
// machine listing every option after it.
func TestFewHeapMoves(t *testing.T) {
	kayles, _ := Builtin("kayles")
	m := machineFor(t, string(kayles))
	var few HeapOptions
	if err := m.FewHeapMoves(20, &few); err != nil {
		t.Fatal(err)
	}
	// Taking one pin leaves 19, 1 + 18, ..., 4 + 15; taking two, 18, 1 + 17, ...
	got := fmt.Sprint(few.Heaps)
	if want := "[19 1 18 2 17 3 16 4 15 18 1 17 2 16 3 15 4 14]"; got != want {
		t.Errorf("Kayles 20: %s, want %s", got, want)
	}
	lasker, _ := Builtin("lasker-nim")
	m = machineFor(t, string(lasker))
	few.Reset()
	if err := m.FewHeapMoves(1000, &few); err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(few.Heaps); got != "[999 998 997 996 1 999 2 998 3 997 4 996]" {
		t.Errorf("Lasker's Nim 1000: %s", got)
	}
	// A heap of 10 has 10 takes and 9 splits.
	if got := strings.Count(heapMoves(t, m, 10), "["); got != 19 {
		t.Errorf("%d options after a few, want every one: 19", got)
	}
	for _, name := range BuiltinNames() {
		src, _ := Builtin(name)
		g, err := Parse(name+".toml", src)
		if err != nil {
			t.Fatal(err)
		}
		if !g.Sum {
			continue
		}
		insts, err := g.Instances()
		if err != nil {
			t.Fatal(err)
		}
		m := insts[0].NewMachine()
		for n := int64(0); n <= 200; n++ {
			var few, all HeapOptions
			if err := m.FewHeapMoves(n, &few); err != nil {
				t.Fatal(err)
			}
			if err := m.HeapMoves(n, &all); err != nil {
				t.Fatal(err)
			}
			// Each few option is one of every option, in the same order.
			j := 0
			for k := 0; k < few.Len(); k++ {
				for j < all.Len() && !slices.Equal(all.Option(j), few.Option(k)) {
					j++
				}
				if j == all.Len() {
					t.Fatalf("%s %d: option %v is not among %v (in order)", name, n, few.Option(k), all.Heaps)
				}
				j++
			}
			if entries := len(g.moves); g.Octal == "" && few.Len() > FewSteps*entries {
				t.Fatalf("%s %d: %d options of %d entries", name, n, few.Len(), entries)
			}
		}
	}
}

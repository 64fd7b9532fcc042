package rules

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// namedMoves formats the moves from a position as "name:(piles)|...".
func namedMoves(t testing.TB, m *Machine, piles []int64, last, mylast int) string {
	t.Helper()
	var l MoveList
	var names []string
	if err := m.NamedMoves(piles, last, mylast, &l, &names); err != nil {
		t.Fatal(err)
	}
	var s []string
	for k := 0; k < l.Len(); k++ {
		s = append(s, fmt.Sprintf("%s:%s", names[k], Tuple(l.To(k, len(piles)))))
	}
	return strings.Join(s, "|")
}

func TestNamedMoves(t *testing.T) {
	m := machineFor(t, `piles = ["p"]
moves = ["p = p * k for k in 2..4", "p + 1", "p - k if p > 5 for k in 1..2"]
[start]
p = 1
`)
	expect(t, "(6)", namedMoves(t, m, []int64{6}, 0, 0),
		"p = p * k (k = 2):(12)|p = p * k (k = 3):(18)|p = p * k (k = 4):(24)|p + 1:(7)|p - k if p > 5 (k = 1):(5)|p - k if p > 5 (k = 2):(4)")
	// Two generators; each, pile by pile; a command of [commands] keeps
	// its key.
	m = machineFor(t, `piles = ["a", "b"]
moves = ["a = a - i, b = b - j for i in 0..1 for j in 1..1", "each -k for k in 1..2"]
[start]
a = 1
b = 2
`)
	expect(t, "(3, 2)", namedMoves(t, m, []int64{3, 2}, 0, 0),
		"a = a - i, b = b - j (i = 0, j = 1):(3, 1)|a = a - i, b = b - j (i = 1, j = 1):(2, 1)|"+
			"each -k (k = 1):(2, 2)|each -k (k = 2):(1, 2)|each -k (k = 1):(3, 1)|each -k (k = 2):(3, 0)")
	m = machineFor(t, `piles = ["x"]
end = "x >= 9"
[commands]
grow = ["x + k for k in 1..2", "x * 3"]
[start]
x = 1
`)
	expect(t, "(2)", namedMoves(t, m, []int64{2}, 0, 0), "grow (k = 1):(3)|grow (k = 2):(4)|grow:(6)")
}

// NamedMoves makes the moves Moves makes, for every shared game, from the
// positions its moves reach near its starts.
func TestNamedMovesAreMoves(t *testing.T) {
	for _, name := range BuiltinNames() {
		src, _ := Builtin(name)
		g, err := Parse(name+".toml", src)
		if err != nil {
			t.Fatal(err)
		}
		if g.HasSplits() || g.Octal != "" {
			continue
		}
		insts, err := g.Instances()
		if err != nil {
			t.Fatal(err)
		}
		m := insts[0].NewMachine()
		queue := [][]int64{make([]int64, len(g.Piles))}
		for k := range queue[0] {
			queue[0][k] = int64(3 + 2*k)
		}
		for n := 0; n < len(queue) && n < 200; n++ {
			p := queue[n]
			var a, b MoveList
			var names []string
			errA := m.Moves(p, 0, 0, &a)
			errB := m.NamedMoves(p, 0, 0, &b, &names)
			if (errA == nil) != (errB == nil) || !slices.Equal(a.Cmd, b.Cmd) || !slices.Equal(a.Piles, b.Piles) || len(names) != b.Len() {
				t.Fatalf("%s at %v: Moves %v %v, NamedMoves %v %v %q", name, p, a, errA, b, errB, names)
			}
			for k := 0; k < a.Len(); k++ {
				if c := g.Commands[a.Cmd[k]]; !strings.HasPrefix(names[k], c.Name) && !strings.Contains(c.Name, " for ") {
					t.Errorf("%s: move %q of command %q", name, names[k], c.Name)
				}
				queue = append(queue, slices.Clone(a.To(k, len(p))))
			}
		}
	}
}

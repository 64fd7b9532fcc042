package sg_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"time"

	"retro/rules"
	"retro/rules/sg"
)

var sgSeedFlag = flag.Int64("sg.seed", 1, "seed of the random heap-game tests (0: a new seed from the clock)")

// sgSeed returns the seed of a random test and prints it.
func sgSeed(t *testing.T) int64 {
	s := *sgSeedFlag
	if s == 0 {
		s = time.Now().UnixNano()
	}
	t.Logf("seed %d (rerun with -sg.seed=%d)", s, s)
	return s
}

func gtable(t testing.TB, in *rules.Instance, n int) (*sg.Table, error) {
	t.Helper()
	return sg.Grundy(context.Background(), in.NewMachine(), n)
}

// bruteGame is a take-and-break game given by its octal digits, with an
// option generator and a position search of its own: a position is a
// collection of heaps, solved by trying every move, no Grundy values.
type bruteGame struct {
	digits []uint8
	memo   map[string]bool
}

// options lists the options of a heap of n, each largest heap first.
func (b *bruteGame) options(n int) [][]int {
	var opts [][]int
	for k, d := range b.digits {
		rest := n - k
		if rest < 0 {
			break
		}
		if d&1 != 0 && k > 0 && rest == 0 {
			opts = append(opts, []int{})
		}
		if d&2 != 0 && k > 0 && rest > 0 {
			opts = append(opts, []int{rest})
		}
		if d&4 != 0 {
			for a := 1; 2*a <= rest; a++ {
				opts = append(opts, []int{rest - a, a})
			}
		}
	}
	return opts
}

// next is the position after heap i of pos becomes opt, sorted.
func next(pos []int, i int, opt []int) []int {
	q := append(append(slices.Clone(pos[:i]), pos[i+1:]...), opt...)
	slices.Sort(q)
	slices.Reverse(q)
	return q
}

// win tells whether the player to move wins pos under normal play.
func (b *bruteGame) win(pos []int) bool {
	key := fmt.Sprint(pos)
	if w, ok := b.memo[key]; ok {
		return w
	}
	w := false
	for i := 0; i < len(pos) && !w; i++ {
		for _, o := range b.options(pos[i]) {
			if !b.win(next(pos, i, o)) {
				w = true
				break
			}
		}
	}
	b.memo[key] = w
	return w
}

// moves is the TOML moves of the game: one entry per digit bit.
func (b *bruteGame) moves() string {
	var m []string
	for k, d := range b.digits {
		if d&1 != 0 && k > 0 {
			m = append(m, fmt.Sprintf(`"x - %d if x == %d"`, k, k))
		}
		if d&2 != 0 && k > 0 {
			m = append(m, fmt.Sprintf(`"x - %d if x > %d"`, k, k))
		}
		if d&4 != 0 {
			m = append(m, fmt.Sprintf(`"x -> i, x - %d - i for i in 1..x-%d-1"`, k, k))
		}
	}
	return "[" + strings.Join(m, ", ") + "]"
}

func randomDigits(rng *rand.Rand) []uint8 {
	for {
		var d []uint8
		if rng.Intn(3) == 0 { // a subtraction game
			d = []uint8{0}
			for k := 1; k <= 1+rng.Intn(6); k++ {
				d = append(d, uint8(rng.Intn(2)*3))
			}
		} else {
			d = []uint8{uint8(rng.Intn(2) * 4)}
			for k := 1; k <= 1+rng.Intn(4); k++ {
				d = append(d, uint8(rng.Intn(8)))
			}
		}
		if slices.ContainsFunc(d, func(x uint8) bool { return x != 0 }) {
			return d
		}
	}
}

// TestSumsAgainstBruteForce: for random subtraction and octal games, the
// XOR of Grundy values (by every route: the octal methods, the octal code
// through the rules machine, and the same game written as moves) decides
// every sum of two or three heaps as a full search of the positions does,
// and WinningMoves lists exactly the moves to lost positions.
func TestSumsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(sgSeed(t)))
	const top = 9
	for round := 0; round < 40; round++ {
		b := &bruteGame{digits: randomDigits(rng), memo: map[string]bool{}}
		code := rules.Octal{Digits: b.digits}
		var tables []*sg.Table
		for _, m := range []sg.OctalMethod{sg.Naive, sg.Sparse, sg.Fast} {
			tab, err := sg.OctalGrundy(context.Background(), code, 3*top, m)
			if err != nil {
				t.Fatal(err)
			}
			tables = append(tables, tab)
		}
		octal := sgInstances(t, code.String(), fmt.Sprintf("piles = [\"x\"]\nsum = true\noctal = %q\n", code))[0]
		moves := sgInstances(t, b.moves(), "piles = [\"x\"]\nsum = true\nmoves = "+b.moves()+"\n")[0]
		for _, in := range []*rules.Instance{octal, moves} {
			tab, err := gtable(t, in, 3*top)
			if err != nil {
				t.Fatal(err)
			}
			tables = append(tables, tab)
		}
		for n := 0; n <= 3*top; n++ {
			for k, tab := range tables {
				if tab.G(n) != tables[0].G(n) {
					t.Fatalf("%s: g(%d): route %d gives %d, naive %d", code, n, k, tab.G(n), tables[0].G(n))
				}
			}
		}
		m := moves.NewMachine()
		for x := 0; x <= top; x++ {
			for y := 0; y <= x; y++ {
				for z := 0; z <= y; z += 1 + rng.Intn(3) {
					pos := []int{x, y, z}
					if z == 0 && rng.Intn(2) == 0 {
						pos = pos[:2]
					}
					checkSum(t, b, code, tables[0], m, pos)
				}
			}
		}
	}
}

func checkSum(t *testing.T, b *bruteGame, code rules.Octal, tab *sg.Table, m sg.HeapMover, pos []int) {
	t.Helper()
	heaps := make([]sg.Heap, len(pos))
	for k, n := range pos {
		heaps[k] = sg.Heap{Size: int64(n), Mover: m, Table: tab}
	}
	x, err := sg.Nimber(heaps)
	if err != nil {
		t.Fatal(err)
	}
	if want := b.win(pos); (x != 0) != want {
		t.Fatalf("%s %v: xor %d, search says win = %v", code, pos, x, want)
	}
	got, err := sg.WinningMoves(heaps)
	if err != nil {
		t.Fatal(err)
	}
	var gotS, wantS []string
	for _, mv := range got {
		gotS = append(gotS, fmt.Sprint(next(pos, mv.Index, toInts(mv.To))))
	}
	for i := range pos {
		if i > 0 && pos[i] == pos[i-1] {
			continue
		}
		for _, o := range b.options(pos[i]) {
			if q := next(pos, i, o); !b.win(q) {
				wantS = append(wantS, fmt.Sprint(q))
			}
		}
	}
	slices.Sort(wantS)
	wantS = slices.Compact(wantS)
	slices.Sort(gotS)
	if !slices.Equal(slices.Compact(gotS), wantS) {
		t.Fatalf("%s %v: winning moves lead to %v, want %v", code, pos, gotS, wantS)
	}
}

func toInts(h []int64) []int {
	s := make([]int, len(h))
	for k, v := range h {
		s[k] = int(v)
	}
	return s
}

// TestMisereNim: misère Nim by enumeration follows Bouton's rule: with a
// heap of two or more the player to move wins when the XOR is not 0;
// with heaps of one only, when their number is even.
func TestMisereNim(t *testing.T) {
	in := sgInstances(t, "misere-nim.toml", "piles = [\"x\"]\nsum = true\nmoves = [\"x - k for k in 1..x\"]\nwinner = \"other\"\n")[0]
	m := in.NewMachine()
	x := sg.NewExact(1 << 20)
	rng := rand.New(rand.NewSource(sgSeed(t)))
	for round := 0; round < 200; round++ {
		var heaps []sg.Heap
		var xor, big, ones int64
		for k := 0; k < 1+rng.Intn(4); k++ {
			h := int64(rng.Intn(6))
			heaps = append(heaps, sg.Heap{Size: h, Mover: m, Win: rules.Other})
			xor ^= h
			if h > 1 {
				big++
			}
			if h == 1 {
				ones++
			}
		}
		want := xor != 0
		if big == 0 {
			want = ones%2 == 0
		}
		w, moves, err := x.Outcome(heaps)
		if err != nil {
			t.Fatal(err)
		}
		final := xor == 0 && big == 0 && ones == 0
		if w != want || w != (len(moves) > 0) && !final {
			t.Fatalf("%v: win %v (%d winning moves), want %v", heaps, w, len(moves), want)
		}
	}
	// The cap is an error, not a wrong answer.
	small := sg.NewExact(10)
	if _, _, err := small.Outcome([]sg.Heap{{Size: 30, Mover: m, Win: rules.Other}, {Size: 30, Mover: m, Win: rules.Other}}); err == nil {
		t.Error("no error beyond the cap")
	}
}

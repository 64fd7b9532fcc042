package variant_test

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"retro/out/query"
	"retro/out/variant"
	"retro/retro"
)

// The text of every built-in family read back: the numbers of the
// generated text (the moves, the example, the end, the winner, the
// restriction, the start and the range of S) are parsed from its words
// and compared with the game file, as the brute force reads it.

// lexicon is what the reader of one language looks for.
type lexicon struct {
	numbers  map[string]int64  // the numbers written in words
	verbs    map[string]string // a verb of the list of moves → its operation
	stones   *regexp.Regexp    // "N камней": the operand of an add or a take
	times    *regexp.Regexp    // "в N раза": the operand of a multiply or a divide
	moves    *regexp.Regexp    // the list of moves, in the first paragraph
	example  *regexp.Regexp    // one pile: the pile and what one move makes of it
	example2 *regexp.Regexp    // two piles: the position, the count, the positions
	end      *regexp.Regexp    // the bound (менее / более) and the end
	limit    *regexp.Regexp    // the overshoot rule's limit
	repeat   *regexp.Regexp    // the no-repeat rule: its example's verb and operand
	start    *regexp.Regexp    // one pile: the range of S
	start2   *regexp.Regexp    // two piles: the first pile, the range of S
	two      string            // in the text of two piles only
	up       string            // the bound of piles that grow
}

var ruLexicon = lexicon{
	numbers: map[string]int64{"один": 1, "два": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6, "семь": 7, "восемь": 8, "девять": 9, "десять": 10,
		"двух": 2, "трёх": 3, "четырёх": 4, "пяти": 5, "шести": 6, "семи": 7, "восьми": 8, "девяти": 9, "десяти": 10},
	verbs:    map[string]string{"добавить": "+", "увеличить": "*", "убрать": "-", "уменьшить": "//"},
	stones:   regexp.MustCompile(`(\S+) (?:камень|камня|камней)`),
	times:    regexp.MustCompile(`в (\S+) раза?`),
	moves:    regexp.MustCompile(`За один ход игрок может (.+?)\. Например`),
	example:  regexp.MustCompile(`имея кучу из (\d+) камн\S*, за один ход можно получить кучу из ([\d, или]+) камн`),
	example2: regexp.MustCompile(`в одной куче (\d+) камн\S*, а в другой (\d+) камн\S*; .* любую из (\S+) позиций: (.+?)\.`),
	end:      regexp.MustCompile(`становится не (менее|более) (\d+)\.`),
	limit:    regexp.MustCompile(`оказалось не более (\d+) камн`),
	repeat:   regexp.MustCompile(`не может сделать ход того же вида, что и предыдущий ход противника: например, если Петя (\S+) .*?(?:(\S+) (?:камень|камня|камней)|в (\S+) раза?)`),
	start:    regexp.MustCompile(`В начальный момент в куче было S камней; (\d+) ≤ S ≤ (\d+)\.`),
	start2:   regexp.MustCompile(`В начальный момент в первой куче было (\d+) камн\S*, во второй куче — S камней; (\d+) ≤ S ≤ (\d+)\.`),
	two:      "лежат две кучи камней",
	up:       "менее",
}

var enLexicon = lexicon{
	numbers:  map[string]int64{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10},
	verbs:    map[string]string{"add": "+", "multiply": "*", "take": "-", "divide": "//"},
	stones:   regexp.MustCompile(`(\S+) stones?\b`),
	times:    regexp.MustCompile(`by (\S+?)\b`),
	moves:    regexp.MustCompile(`In one move a player may (.+?)\. For example`),
	example:  regexp.MustCompile(`from a pile of (\d+) stones one move makes a pile of ([\d, or]+) stones`),
	example2: regexp.MustCompile(`let one pile hold (\d+) stones and the other (\d+); .* any of the (\d+) positions (.+?)\.`),
	end:      regexp.MustCompile(`as soon as the piles? holds? at (least|most) (\d+) stones`),
	limit:    regexp.MustCompile(`If the piles? holds? at most (\d+) stones`),
	repeat:   regexp.MustCompile(`may not make a move of the kind his opponent has just made: for example, if Petya (\S+) .*?(?:(\S+) stones?\b|by (\S+?)\b)`),
	start:    regexp.MustCompile(`At the start the pile holds S stones; (\d+) ≤ S ≤ (\d+)\.`),
	start2:   regexp.MustCompile(`At the start the first pile holds (\d+) stones and the second S stones; (\d+) ≤ S ≤ (\d+)\.`),
	two:      "lie two piles of stones",
	up:       "least",
}

// past are the verbs of the no-repeat example, made.
var past = map[string]string{"добавил": "+", "увеличил": "*", "убрал": "-", "уменьшил": "//",
	"added": "+", "multiplied": "*", "took": "-", "divided": "//"}

func (lx *lexicon) number(t *testing.T, w string) int64 {
	t.Helper()
	if n, ok := lx.numbers[w]; ok {
		return n
	}
	n, err := strconv.ParseInt(w, 10, 64)
	if err != nil {
		t.Fatalf("%q is no number", w)
	}
	return n
}

// readMoves reads the list of moves: each verb, then the operands up to
// the next verb.
func (lx *lexicon) readMoves(t *testing.T, text string) []string {
	m := lx.moves.FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no list of moves in %q", text)
	}
	words := strings.Fields(m[1])
	var got []string
	for k := 0; k < len(words); {
		op, ok := lx.verbs[words[k]]
		if !ok {
			t.Fatalf("the list of moves %q does not start with a verb at %q", m[1], words[k])
		}
		j := k + 1
		for j < len(words) && lx.verbs[words[j]] == "" {
			j++
		}
		part := strings.Join(words[k:j], " ")
		re := lx.stones
		if op == "*" || op == "//" {
			re = lx.times
		}
		for _, n := range re.FindAllStringSubmatch(part, -1) {
			got = append(got, fmt.Sprintf("%s%d", op, lx.number(t, n[1])))
		}
		k = j
	}
	slices.Sort(got)
	return got
}

func numbersIn(s string) []int64 {
	var out []int64
	for _, w := range regexp.MustCompile(`\d+`).FindAllString(s, -1) {
		n, _ := strconv.ParseInt(w, 10, 64)
		out = append(out, n)
	}
	return out
}

// readBack compares the numbers of a variant's text with its game file.
func readBack(t *testing.T, lx *lexicon, st variant.Statement, g *bruteGame) {
	t.Helper()
	text := strings.Join(st.Game, "\n")
	var want []string
	for _, m := range g.moves {
		want = append(want, fmt.Sprintf("%s%d", m.op, m.k))
	}
	slices.Sort(want)
	if got := lx.readMoves(t, text); !slices.Equal(got, want) {
		t.Errorf("the text's moves %v, the game's %v", got, want)
	}
	if strings.Contains(text, lx.two) != (g.piles == 2) {
		t.Errorf("the text speaks of the wrong number of piles (%d)", g.piles)
	}
	// The example: what one move makes of the position it names.
	var from []int64
	var shown [][]int64
	if g.piles == 1 {
		m := lx.example.FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("no example in %q", text)
		}
		from = []int64{numbersIn(m[1])[0]}
		for _, n := range numbersIn(m[2]) {
			shown = append(shown, []int64{n})
		}
	} else {
		m := lx.example2.FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("no example in %q", text)
		}
		from = []int64{numbersIn(m[1])[0], numbersIn(m[2])[0]}
		ns := numbersIn(m[4])
		for k := 0; k+1 < len(ns); k += 2 {
			shown = append(shown, []int64{ns[k], ns[k+1]})
		}
		if n := lx.number(t, m[3]); n != int64(len(shown)) {
			t.Errorf("the example counts %d positions and shows %d", n, len(shown))
		}
	}
	var made [][]int64
	for p := range from {
		for _, mv := range g.moves {
			y, ok := mv.apply(from[p])
			to := slices.Clone(from)
			to[p] = y
			if ok && !slices.ContainsFunc(made, func(o []int64) bool { return slices.Equal(o, to) }) {
				made = append(made, to)
			}
		}
	}
	key := func(ps [][]int64) string {
		var s []string
		for _, p := range ps {
			s = append(s, fmt.Sprint(p))
		}
		slices.Sort(s)
		return strings.Join(s, " ")
	}
	if key(shown) != key(made) {
		t.Errorf("the example from %v shows %v, its moves make %v", from, shown, made)
	}
	// The end, the winner, the restriction, the start.
	if m := lx.end.FindStringSubmatch(text); m == nil || (m[1] == lx.up) == g.down || numbersIn(m[2])[0] != g.end {
		t.Errorf("the text's end %q, the game's %d (down %t)", m, g.end, g.down)
	}
	if m := lx.limit.FindStringSubmatch(text); m == nil && g.limit != 0 || m != nil && numbersIn(m[1])[0] != g.limit {
		t.Errorf("the text's overshoot %q, the game's limit %d", m, g.limit)
	}
	m := lx.repeat.FindStringSubmatch(text)
	switch {
	case (m != nil) != g.noRepeat:
		t.Errorf("the no-repeat rule in the text: %t, in the game: %t", m != nil, g.noRepeat)
	case m != nil:
		w := m[2] + m[3]
		if !slices.Contains(want, fmt.Sprintf("%s%d", past[m[1]], lx.number(t, w))) {
			t.Errorf("the no-repeat example %q is none of the game's moves %v", m[0], want)
		}
	}
	var lo, hi int64
	if g.piles == 1 {
		m := lx.start.FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("no start in %q", text)
		}
		lo, hi = numbersIn(m[1])[0], numbersIn(m[2])[0]
	} else {
		m := lx.start2.FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("no start in %q", text)
		}
		if n := numbersIn(m[1])[0]; n != g.fixed {
			t.Errorf("the text's first pile %d, the game's %d", n, g.fixed)
		}
		lo, hi = numbersIn(m[2])[0], numbersIn(m[3])[0]
	}
	if lo != g.lo || hi != g.hi {
		t.Errorf("the text's range of S %d..%d, the game's %d..%d", lo, hi, g.lo, g.hi)
	}
}

func TestTextReadBack(t *testing.T) {
	for _, name := range variant.BuiltinNames() {
		t.Run(name, func(t *testing.T) {
			f, _ := variant.Builtin(name)
			b, err := variant.Make(context.Background(), f, variant.Options{Count: 12, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range b.Variants {
				g := readBrute(t, v.Game)
				readBack(t, &ruLexicon, v.Statement(query.Ru), g)
				readBack(t, &enLexicon, v.Statement(query.En), g)
				if t.Failed() {
					t.Fatalf("variant %d:\n%s\n%s", v.Number, v.Game, strings.Join(v.Statement(query.Ru).Game, "\n"))
				}
			}
		})
	}
}

// TestTextWording: the tasks' wording follows the family's.
func TestTextWording(t *testing.T) {
	sp := variant.Spec{Piles: 1, Moves: []variant.Move{{Op: variant.Add, K: 1}, {Op: variant.Mul, K: 2}}, End: 29, Lo: 1, Hi: 28}
	v, err := variant.Solve(context.Background(), sp, retro.GameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		w          variant.Wording
		ru19, ru20 string
	}{
		{variant.Wording{Task19: variant.Possible}, "такая ситуация возможна", "два наименьших значения S"},
		{variant.Wording{Task19: variant.Agree}, "такая ситуация возможна", "два наименьших значения S"},
		{variant.Wording{Task19: variant.Guaranteed, Task20: variant.Exactly}, "при любом ходе Пети Ваня может выиграть своим первым ходом", "два таких значения S"},
	} {
		v.Wording = c.w
		st := v.Statement(query.Ru)
		if !strings.Contains(st.Tasks[0].Lead, c.ru19) || !strings.Contains(st.Tasks[1].Lead, c.ru20) {
			t.Errorf("%+v: %q / %q", c.w, st.Tasks[0].Lead, st.Tasks[1].Lead)
		}
	}
	// The exam's 2023 demo (+1, ×2, the end at 29): the text as the exam
	// writes it.
	st := v.Statement(query.Ru)
	want := "За один ход игрок может добавить в кучу один камень или увеличить количество камней в куче в два раза. " +
		"Например, имея кучу из 10 камней, за один ход можно получить кучу из 11 или 20 камней."
	if !strings.Contains(st.Game[0], want) {
		t.Errorf("%q\nwant it to hold %q", st.Game[0], want)
	}
	if want := "Игра завершается в тот момент, когда количество камней в куче становится не менее 29. " +
		"Победителем считается игрок, сделавший последний ход, то есть первым получивший кучу, в которой будет 29 или больше камней."; st.Game[1] != want {
		t.Errorf("%q\nwant %q", st.Game[1], want)
	}
}

package sg

import (
	"cmp"
	"fmt"
	"slices"

	"retro/rules"
)

// TheoremKind says which periodicity theorem applies to a heap game.
type TheoremKind uint8

// The theorems.
const (
	// NoTheorem: no bound turns an apparent period into a proven one.
	NoTheorem TheoremKind = iota
	// SubtractionBound: a finite subtraction game (every move takes at
	// most t tokens and leaves at most one heap). Its values are periodic
	// from n0 with period p once they agree through n0 + p + t: each value
	// depends on the t before it.
	SubtractionBound
	// OctalBound: a finite octal (take-and-break) game. The octal
	// periodicity theorem (Guy and Smith, 1956): when g(n+p) = g(n) for
	// n0 <= n < 2n0 + p + t, it holds for every n >= n0; the values
	// through 2(n0 + p) + t prove the period.
	OctalBound
)

// Theorem is what a heap game offers for proving a period: the kind of
// game, and t, the largest number of tokens a move takes.
type Theorem struct {
	Kind TheoremKind
	T    int
	// Code is the game's octal code: as given by the game file, or read
	// from its moves (Read).
	Code rules.Octal
	Read bool
}

// OctalTheorem is the theorem of a game given by an octal code.
func OctalTheorem(o rules.Octal) Theorem {
	th := Theorem{Kind: SubtractionBound, T: max(o.MaxTake(), 0), Code: o}
	for _, d := range o.Digits {
		if d&4 != 0 {
			th.Kind = OctalBound
		}
	}
	return th
}

// Bound is the largest heap whose value must be known to prove that the
// values are periodic from n0 with period p; -1 when no theorem applies.
func (th Theorem) Bound(n0, p int) int {
	switch th.Kind {
	case SubtractionBound:
		return n0 + p + th.T
	case OctalBound:
		return 2*(n0+p) + th.T
	}
	return -1
}

// String names the theorem and the game's code.
func (th Theorem) String() string {
	how := "the code"
	if th.Read {
		how = "the moves read as the code"
	}
	switch th.Kind {
	case SubtractionBound:
		return fmt.Sprintf("subtraction game, %s %s, t = %d", how, th.Code, th.T)
	case OctalBound:
		return fmt.Sprintf("octal periodicity theorem, %s %s, t = %d", how, th.Code, th.T)
	}
	return "no periodicity theorem applies"
}

// Period is the periodicity found in a Grundy table: g(n+p) = g(n) + s
// for every n >= n0 in the table (s, the saltus, is 0 for plain
// periodicity and positive for arithmetic periodicity).
type Period struct {
	Found     bool
	Preperiod int   // n0: the first heap of the periodic part
	Period    int   // p
	Saltus    int64 // s
	Upto      int   // N: the last heap of the table
	// Proven: a theorem applies and the table reaches its bound.
	Proven  bool
	Bound   int // the last heap the theorem needs; -1 when none applies
	Theorem Theorem
}

// String describes the period in one line.
func (p Period) String() string {
	if !p.Found {
		return fmt.Sprintf("none apparent up to %d", p.Upto)
	}
	s := fmt.Sprintf("%d from %d", p.Period, p.Preperiod)
	if p.Saltus != 0 {
		s = fmt.Sprintf("%d with saltus %d from %d (arithmetic)", p.Period, p.Saltus, p.Preperiod)
	}
	switch {
	case p.Proven:
		return s + fmt.Sprintf(", proven: the values agree through %d, the bound is %d (%s)", p.Upto, p.Bound, p.Theorem)
	case p.Bound >= 0:
		return s + fmt.Sprintf(", apparent up to %d (a proof needs the values through %d: %s)", p.Upto, p.Bound, p.Theorem)
	case p.Saltus != 0 && p.Theorem.Kind != NoTheorem:
		return s + fmt.Sprintf(", apparent up to %d (the theorems prove plain periods only)", p.Upto)
	}
	return s + fmt.Sprintf(", apparent up to %d (no theorem applies: the moves read as no finite octal code)", p.Upto)
}

// FindPeriod looks for the least period of a table, plain or arithmetic,
// and the least preperiod that goes with it. It prefers the least period
// that the table's theorem proves (plain periods only, once the table
// reaches the theorem's bound); failing that, the least apparent one: a
// period that holds from the lower half of the table on and repeats there
// at least twice. Periods longer than 2^28 are not looked for.
//
// The work is linear in the table. With d(n) = g(n+1) - g(n), the values
// are periodic from n0 with period p (and some saltus) exactly when d is
// from n0 on; the Z-function of d read backwards gives, for every p at
// once, how far down from the top d repeats with period p.
func FindPeriod(t *Table) Period {
	return findPeriod(t.Len(), func(n int) int64 { return int64(t.G(n)) }, t.Theorem)
}

// maxPeriod is the longest period FindPeriod looks for: it keeps four
// bytes for each period tried, 1 GiB at most (a table of 2^32 values
// would otherwise need 8 GiB for it, twice the values' own size).
const maxPeriod = 1 << 28

// findPeriod is FindPeriod over the values g(0..size-1).
func findPeriod(size int, g func(n int) int64, th Theorem) Period {
	last := size - 1
	none := Period{Upto: last, Bound: -1, Theorem: th}
	if last < 2 {
		return none
	}
	// back(j) = d(last-1-j): the differences from the top down.
	back := func(j int) int64 { return g(last-j) - g(last-1-j) }
	top := min(last/2, maxPeriod)
	z := zFunction(last, top, back)
	var apparent *Period
	for p := 1; p <= top; p++ {
		s := g(last) - g(last-p)
		if s < 0 {
			continue
		}
		c := none
		c.Found, c.Period, c.Saltus = true, p, s
		c.Preperiod = last - p - int(z[p])
		if s == 0 {
			c.Bound = th.Bound(c.Preperiod, p)
			c.Proven = c.Bound >= 0 && last >= c.Bound
		}
		if c.Proven {
			return c
		}
		if apparent == nil && 2*c.Preperiod <= last && last+1-c.Preperiod >= 2*p {
			apparent = &c
		}
	}
	if apparent != nil {
		return *apparent
	}
	return none
}

// zFunction returns z[i] for 1 <= i <= upto: the length of the longest
// common prefix of s and s[i:], s of length n given by at.
func zFunction(n, upto int, at func(int) int64) []uint32 {
	z := make([]uint32, upto+1)
	l, r := 0, 0 // s[l:r] matches a prefix of s, r the furthest yet
	for i := 1; i <= upto && i < n; i++ {
		k := 0
		if i < r {
			k = min(r-i, int(z[i-l]))
		}
		for i+k < n && at(k) == at(i+k) {
			k++
		}
		z[i] = uint32(k) // k < n <= 2^32
		if i+k > r {
			l, r = i, i+k
		}
	}
	return z
}

// codeReader reads an octal code off the options of heaps 0, 1, 2, …: a
// game fits the code when every option of a heap of n takes some k tokens
// and leaves no heap (then digit k has bit 1, and n = k), one heap (bit 2),
// or two heaps, in every way of splitting n-k in two (bit 4), and the
// digits read at one heap agree with those read at every other.
type codeReader struct {
	ok    bool
	next  int64   // the heap expected next
	bits  []uint8 // the digits read so far
	n2    int     // how many digits have bit 2
	n4    int     // how many digits have bit 4
	ks    []int64 // scratch: the k of each one-heap option
	pairs [][2]int64
}

func (c *codeReader) start() { *c = codeReader{ok: true} }
func (c *codeReader) fail()  { c.ok = false }

// heap reads the options of a heap of n.
func (c *codeReader) heap(n int64, o *rules.HeapOptions) {
	if !c.ok {
		return
	}
	if n != c.next || n > 1<<24 {
		c.fail()
		return
	}
	c.next++
	c.bits = append(c.bits, 0)
	c.ks, c.pairs = c.ks[:0], c.pairs[:0]
	for k := 0; k < o.Len(); k++ {
		h := o.Option(k)
		switch {
		case len(h) == 0:
			c.bits[n] |= 1
		case len(h) == 1 && h[0] < n:
			c.ks = append(c.ks, n-h[0])
		case len(h) == 2 && h[0]+h[1] <= n:
			a, b := min(h[0], h[1]), max(h[0], h[1])
			c.pairs = append(c.pairs, [2]int64{n - a - b, a})
		default:
			c.fail()
			return
		}
	}
	c.ok = c.leaveOne(n) && c.leaveTwo(n)
}

// leaveOne checks the one-heap options of heap n against bit 2 of the
// digits read (digits 1..n-2), and reads bit 2 of digit n-1.
func (c *codeReader) leaveOne(n int64) bool {
	slices.Sort(c.ks)
	c.ks = slices.Compact(c.ks)
	old, fresh := 0, false
	for _, k := range c.ks {
		switch {
		case k == n-1:
			fresh = true
		case c.bits[k]&2 == 0:
			return false
		default:
			old++
		}
	}
	if old != c.n2 {
		return false // a digit with bit 2 gave no option here
	}
	if fresh {
		c.bits[n-1] |= 2
		c.n2++
	}
	return true
}

// leaveTwo checks the splits of heap n against bit 4 of the digits read
// (digits 0..n-3): a digit with bit 4 must give every split of n-k. It
// reads bit 4 of digit n-2.
func (c *codeReader) leaveTwo(n int64) bool {
	slices.SortFunc(c.pairs, func(x, y [2]int64) int {
		if x[0] != y[0] {
			return cmp.Compare(x[0], y[0])
		}
		return cmp.Compare(x[1], y[1])
	})
	c.pairs = slices.Compact(c.pairs)
	old, fresh := 0, false
	for i := 0; i < len(c.pairs); {
		k := c.pairs[i][0]
		j := i
		for j < len(c.pairs) && c.pairs[j][0] == k {
			j++
		}
		switch {
		case int64(j-i) != (n-k)/2:
			return false // some splits of n-k are missing
		case k == n-2:
			fresh = true
		case c.bits[k]&4 == 0:
			return false
		default:
			old++
		}
		i = j
	}
	if old != c.n4 {
		return false
	}
	if fresh {
		c.bits[n-2] |= 4
		c.n4++
	}
	return true
}

// theorem is what the code read through heap upto offers. A code whose
// last digit lies in the upper half of the table does not look finite (it
// may be Nim's 0.333…, read as far as the heaps go): no theorem then.
func (c *codeReader) theorem(upto int) Theorem {
	if !c.ok || c.next != int64(upto)+1 {
		return Theorem{}
	}
	th := OctalTheorem(rules.Octal{Digits: append([]uint8(nil), c.bits...)})
	if th.T > upto/2 {
		return Theorem{}
	}
	th.Code.Digits = th.Code.Digits[:th.T+1]
	th.Read = true
	return th
}

// probeHeaps are the heaps beyond a table of upto where the moves of a
// game must still follow the code read from the table.
func probeHeaps(upto int) []int64 { return []int64{2*int64(upto) + 1, 4*int64(upto) + 2} }

// followsCode tells whether the options of a heap of n (beyond every digit
// of the code) are exactly those the code gives.
func followsCode(m HeapMover, code rules.Octal, n int64) bool {
	var o rules.HeapOptions
	o.Reset()
	if err := m.HeapMoves(n, &o); err != nil {
		return false
	}
	var got [][]int64
	for k := 0; k < o.Len(); k++ {
		got = append(got, sortedHeaps(o.Option(k)))
	}
	got = uniqueOptions(got)
	var want [][]int64
	for k, d := range code.Digits {
		rest := n - int64(k)
		if d&2 != 0 && k > 0 {
			want = append(want, []int64{rest})
		}
		if d&4 != 0 {
			for a := int64(1); a <= rest/2; a++ {
				want = append(want, []int64{rest - a, a})
			}
		}
	}
	return slices.EqualFunc(got, uniqueOptions(want), slices.Equal[[]int64])
}

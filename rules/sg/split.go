package sg

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"runtime/debug"
	"slices"

	"retro/rules"
)

// SparseOptions are the options of HeapGrundy and SplitGrundy.
type SparseOptions struct {
	// Method: Naive scans every option of every heap; Fast and Sparse use
	// the sparse-space method where the game has rows (rules.SplitForm).
	Method OctalMethod
	// Progress, when set, is called every 2^16 heaps (2^12 where every
	// option is scanned) with the heaps done and the sparse heaps found so
	// far (-1 where every option is scanned).
	Progress func(done, sparse int)
}

// progressEvery is how many heaps pass between calls of Progress.
const progressEvery = 1 << 16

// codeReadLimit is the largest table through which a game given by moves
// is read as an octal code when its values are computed by rows: reading
// lists every option of every heap, which the rows exist to avoid.
const codeReadLimit = 1 << 11

// HeapGrundy computes g(0..upto) of one heap game instance: by its octal
// code's own method when it has one, by the sparse-space method over its
// rows (SplitGrundy) when it has rows, and otherwise by Grundy, which lists
// every option of every heap. Table.Sparse says which was used, and why
// the rows could not be where they could not.
func HeapGrundy(ctx context.Context, in *rules.Instance, upto int, opt SparseOptions) (*Table, error) {
	g := in.Game
	if g.Octal != "" {
		return octalGrundy(ctx, g.OctalCode(), upto, opt)
	}
	form := in.SplitForm()
	why := form.Why
	if form.Rows > 0 && opt.Method != Naive {
		t, err := SplitGrundy(ctx, form, upto, opt)
		if err == nil {
			if upto <= codeReadLimit {
				t.Theorem = readTheorem(in.NewMachine(), upto)
			}
			return t, nil
		}
		if !errors.Is(err, rules.ErrRowGrows) {
			return nil, err
		}
		why = err.Error()
	}
	if opt.Method == Naive {
		why = "--method naive"
	}
	t, err := grundyScan(ctx, in.NewMachine(), upto, opt.Progress)
	if err != nil {
		return nil, err
	}
	t.Sparse = &SparseInfo{Last: -1, Proven: -1, Scanned: why}
	return t, nil
}

// SplitGrundy computes g(0..upto) of a heap game by the sparse-space
// method over the rows of its split form (see SparseInfo): the options of
// its other entries are listed in full. Values take one byte each while
// they stay below 256, two below 65 536, four beyond; at the first that
// does not fit, the values so far are widened and the computation goes on
// from there.
// rules.ErrRowGrows when a row has a part not smaller than its heap. The
// table has no Theorem.
func SplitGrundy(ctx context.Context, f *rules.SplitForm, upto int, opt SparseOptions) (*Table, error) {
	if upto < 0 {
		return nil, fmt.Errorf("grundy: negative table size %d", upto)
	}
	s8 := newSplitRun[uint8](f, upto, opt)
	n, v, err := s8.run(ctx, 1)
	if err != nil {
		return nil, err
	}
	if n > upto {
		return s8.table(), nil
	}
	s16, n, v, err := goOnWider[uint8, uint16](ctx, s8, n, v)
	s8 = nil
	if err != nil {
		return nil, err
	}
	if n > upto {
		return s16.table(), nil
	}
	s32, _, _, err := goOnWider[uint16, uint32](ctx, s16, n, v)
	if err != nil {
		return nil, err
	}
	return s32.table(), nil
}

// goOnWider widens the computation of s, done through heap n-1, to T and
// goes on from heap n, whose value v did not fit in S; it returns the run
// and what run returns.
func goOnWider[S, T value](ctx context.Context, s *splitRun[S], n int, v uint32) (*splitRun[T], int, uint32, error) {
	w := widen[S, T](s, n)
	w.put(n, v)
	n, v, err := w.run(ctx, n+1)
	return w, n, v, err
}

// table is the table of a finished run.
func (s *splitRun[T]) table() *Table {
	t := &Table{Sparse: s.info()}
	setValues(t, s.g)
	return t
}

// splitRun is one computation by the sparse-space method over rows.
type splitRun[T value] struct {
	f      *rules.SplitForm
	g      []T
	upto   int
	mask   uint32
	sparse []int64 // the sparse heaps, ascending, 0 first
	sval   []T     // their values
	seen   stampSet
	want   []bool // the values a search looks for, as long as seen
	top    int    // the values are below 1<<top
	scans  int64
	review int // the heap at which the mask is chosen next
	rows   []rules.Row
	opts   rules.HeapOptions
	prog   func(done, sparse int)
}

func newSplitRun[T value](f *rules.SplitForm, upto int, opt SparseOptions) *splitRun[T] {
	s := &splitRun[T]{f: f, g: make([]T, upto+1), upto: upto, review: warmUp, rows: make([]rules.Row, f.Rows), prog: opt.Progress}
	s.seen.reset(1 << 8)
	s.sparse, s.sval = []int64{0}, []T{0}
	return s
}

// widen moves the computation of s, done through heap n-1, to the wider
// values T, to go on from heap n. The narrow table is let go, and given
// back to the system when it is large, before the wide one is made, so
// that the two are not held at once: the values so far are few (Grundy's
// game widens at heap 7 250 049 of however many).
func widen[S, T value](s *splitRun[S], n int) *splitRun[T] {
	head := slices.Clone(s.g[:n])
	large := len(s.g) >= 64<<20
	s.g = nil
	if large {
		debug.FreeOSMemory()
	}
	w := &splitRun[T]{f: s.f, g: make([]T, s.upto+1), upto: s.upto, mask: s.mask,
		sparse: s.sparse, sval: make([]T, len(s.sval)), seen: s.seen, want: s.want,
		top: s.top, scans: s.scans, review: s.review, rows: s.rows, opts: s.opts, prog: s.prog}
	for h, v := range head {
		w.g[h] = T(v)
	}
	for k, v := range s.sval {
		w.sval[k] = T(v)
	}
	return w
}

func (s *splitRun[T]) info() *SparseInfo {
	in := &SparseInfo{Mask: s.mask, Last: -1, Scans: s.scans, Proven: -1, Rows: s.f.Rows, Listed: s.f.Other}
	if s.mask == 0 {
		in.Scanned = "no sparse space: under the best mask more than a quarter of the heaps would be sparse"
		return in
	}
	in.Heaps = len(s.sparse) - 1
	in.List = append([]int64(nil), s.sparse[1:]...)
	if in.Heaps > 0 {
		in.Last = int(s.sparse[len(s.sparse)-1])
	}
	return in
}

// workCheck asks a context every checkWork steps of work (options looked
// at), so that a table whose heaps take ever more options still stops
// within moments of its context.
type workCheck struct {
	ctx  context.Context
	work int64
}

// checkWork is the work between two questions of a workCheck.
const checkWork = 1 << 20

// add counts n steps, and returns the context's error when it is due.
func (w *workCheck) add(n int64) error {
	if w.work += n; w.work < checkWork {
		return nil
	}
	w.work = 0
	return w.ctx.Err()
}

// tick checks the context, and reports progress, every progressEvery
// heaps.
func tick(ctx context.Context, n int, prog func(done, sparse int), sparse int) error {
	if n%progressEvery != 0 {
		return nil
	}
	if prog != nil {
		prog(n, sparse)
	}
	return ctx.Err()
}

// rare tells whether value v is in the rare class: an option of that
// value has two common parts or two sparse ones.
func (s *splitRun[T]) rare(v uint32) bool { return bits.OnesCount32(v&s.mask)&1 == 0 }

// run computes the values of heaps from..upto. It stops at the first
// value that does not fit in T and returns its heap and value; n is
// upto+1 when every value fits.
func (s *splitRun[T]) run(ctx context.Context, from int) (n int, v uint32, err error) {
	for n = from; n <= s.upto; n++ {
		if err := tick(ctx, n, s.prog, len(s.sparse)-1); err != nil {
			return 0, 0, err
		}
		if n == s.review {
			s.choose(n)
			s.review *= 2
		}
		v, err := s.mex(n)
		if err != nil {
			return 0, 0, err
		}
		if uint64(v) > maxOf[T]() {
			return n, v, nil
		}
		s.put(n, v)
	}
	return n, 0, nil
}

// put records g(n) = v, which fits in T.
func (s *splitRun[T]) put(n int, v uint32) {
	s.g[n] = T(v)
	if b := bits.Len32(v); b > s.top {
		s.top = b
		s.seen.grow(1 << max(b+1, 8))
	}
	if s.mask != 0 && s.rare(v) {
		s.sparse, s.sval = append(s.sparse, int64(n)), append(s.sval, T(v))
	}
}

// choose picks the mask under which the fewest of the heaps n/2..n-1 are
// sparse, and lists the sparse heaps anew when it changes.
func (s *splitRun[T]) choose(n int) {
	mask, _ := bestMask(func(h int) uint32 { return uint32(s.g[h]) }, n, s.top, s.mask, false, false, 0)
	if mask == s.mask {
		return
	}
	s.mask = mask
	s.sparse, s.sval = s.sparse[:1], s.sval[:1]
	for h := 1; h < n && s.mask != 0; h++ {
		if s.rare(uint32(s.g[h])) {
			s.sparse, s.sval = append(s.sparse, int64(h)), append(s.sval, s.g[h])
		}
	}
}

// mark puts v in the set of option values, growing it for a value the
// table has not reached (an option of the entries listed in full).
func (s *splitRun[T]) mark(v uint32) {
	if int(v) >= len(s.seen.stamp) {
		s.seen.grow(1 << bits.Len32(v))
	}
	s.seen.stamp[v] = s.seen.cur
}

// mex computes g(n).
func (s *splitRun[T]) mex(n int) (uint32, error) {
	g := s.g
	s.seen.clear()
	s.opts.Reset()
	if err := s.f.Others(int64(n), &s.opts); err != nil {
		return 0, err
	}
	for k := 0; k < s.opts.Len(); k++ {
		var x uint32
		for _, h := range s.opts.Option(k) {
			if h >= int64(n) {
				return 0, fmt.Errorf("%w (an option of a heap of %d holds a heap of %d)", rules.ErrRowGrows, n, h)
			}
			x ^= uint32(g[h])
		}
		s.mark(x)
	}
	complete := s.mask == 0 // every heap is sparse: scan every option
	for k := range s.rows {
		r := &s.rows[k]
		if err := s.f.Row(k, int64(n), r); err != nil {
			return 0, err
		}
		var err error
		if complete {
			err = s.scanAll(r)
		} else {
			err = s.scanSparse(r)
		}
		if err != nil {
			return 0, err
		}
	}
	if complete {
		return s.seen.mex(), nil
	}
	// c, the least common value missing, bounds the mex; the rare values
	// missing below it need a search for two common parts.
	st, cur := s.seen.stamp, s.seen.cur
	c, pending := uint32(0), 0
	for ; int(c) < len(st) && (st[c] == cur || s.rare(c)); c++ {
		if st[c] != cur {
			pending++
		}
	}
	if pending > 0 {
		if err := s.search(c, pending); err != nil {
			return 0, err
		}
	}
	return min(s.seen.mex(), c), nil
}

// scanAll marks the value of every option of row r.
func (s *splitRun[T]) scanAll(r *rules.Row) error {
	g, st, cur := s.g, s.seen.stamp, s.seen.cur
	lo, hi, m := r.Lo, half(r), r.M
	skip := r.Skip
	for p := lo; p <= hi; p++ {
		if len(skip) > 0 && skip[0] == p {
			skip = skip[1:]
			continue
		}
		if r.Opaque() {
			if ok, err := has(r, p); err != nil || !ok {
				if err != nil {
					return err
				}
				continue
			}
		}
		st[g[p]^g[m-p]] = cur
	}
	return nil
}

// scanSparse marks the value of every option of row r with a sparse part:
// every value of the common class. (a, M-a) is an option when a or M-a
// lies in Lo..Hi and is not left out: a in Lo..Hi or in M-Hi..M-Lo. Where
// no sparse heap meets a point left out, the heaps of those two ranges are
// marked without a test.
func (s *splitRun[T]) scanSparse(r *rules.Row) error {
	m := r.M
	if r.Opaque() || s.meetsSkip(r) {
		return s.scanSparseExact(r)
	}
	lo1, hi1 := r.Lo, r.Hi
	lo2, hi2 := max(m-r.Hi, 0), m-r.Lo
	if lo2 <= hi1+1 && lo1 <= hi2+1 { // one range
		lo1, hi1 = min(lo1, lo2), max(hi1, hi2)
		lo2, hi2 = 1, 0
	}
	s.markRange(m, lo1, min(hi1, m))
	s.markRange(m, lo2, min(hi2, m))
	return nil
}

// markRange marks g(a)^g(m-a) for the sparse heaps a in lo..hi.
func (s *splitRun[T]) markRange(m, lo, hi int64) {
	if lo > hi {
		return
	}
	i0, _ := slices.BinarySearch(s.sparse, lo)
	i1, _ := slices.BinarySearch(s.sparse, hi+1)
	g, sp, sv, cur := s.g, s.sparse[i0:i1], s.sval[i0:i1], s.seen.cur
	if maxOf[T]() < 256 {
		st := (*[256]uint32)(s.seen.stamp[:256])
		for k, a := range sp {
			st[uint8(sv[k]^g[m-a])] = cur
		}
		return
	}
	st := s.seen.stamp
	sm := T(len(st) - 1) // every value an option can have is below len(st)
	for k, a := range sp {
		st[(sv[k]^g[m-a])&sm] = cur
	}
}

// meetsSkip tells whether a point row r leaves out, or its complement to
// M, is a sparse heap.
func (s *splitRun[T]) meetsSkip(r *rules.Row) bool {
	for _, q := range r.Skip {
		if _, ok := slices.BinarySearch(s.sparse, q); ok {
			return true
		}
		if _, ok := slices.BinarySearch(s.sparse, r.M-q); ok {
			return true
		}
	}
	return false
}

// scanSparseExact is scanSparse asking the row about each option.
func (s *splitRun[T]) scanSparseExact(r *rules.Row) error {
	g, st, cur := s.g, s.seen.stamp, s.seen.cur
	m := r.M
	for _, a := range s.sparse {
		if a > m {
			break
		}
		if (a < r.Lo || a > r.Hi) && (m-a < r.Lo || m-a > r.Hi) {
			continue
		}
		ok, err := has(r, a)
		if err == nil && !ok {
			ok, err = has(r, m-a)
		}
		if err != nil {
			return err
		}
		if ok {
			st[g[a]^g[m-a]] = cur
		}
	}
	return nil
}

// half is the last first part row r needs scanned: when the row is
// symmetric (p gives an option exactly when M-p does) the splits past
// M/2 repeat those before.
func half(r *rules.Row) int64 {
	if r.Opaque() || r.Lo+r.Hi != r.M {
		return r.Hi
	}
	for k, p := range r.Skip {
		if r.Skip[len(r.Skip)-1-k] != r.M-p {
			return r.Hi
		}
	}
	return r.M / 2
}

// search scans the options of the rows for the values below c not yet
// in the set (pending of them), stopping once it has found them all; the
// rows are searched side by side, so that a value one row gives early
// costs little even when another cannot give it. A search that stops
// short of that has scanned every option in full.
func (s *splitRun[T]) search(c uint32, pending int) error {
	g, st, cur := s.g, s.seen.stamp, s.seen.cur
	if len(s.rows) == 1 && maxOf[T]() < 256 {
		return s.search8(c, pending)
	}
	if len(s.rows) == 1 {
		return s.search1(c, pending)
	}
	var his [8]int64
	hs := his[:0]
	top := int64(-1)
	for k := range s.rows {
		h := half(&s.rows[k])
		hs = append(hs, h)
		top = max(top, h-s.rows[k].Lo)
	}
	for t := int64(0); t <= top; t++ {
		for k := range s.rows {
			r := &s.rows[k]
			p := r.Lo + t
			if p > hs[k] {
				continue
			}
			if v := uint32(g[p] ^ g[r.M-p]); v < c && st[v] != cur {
				ok, err := has(r, p)
				if err != nil {
					return err
				}
				if ok {
					st[v] = cur
					if pending--; pending == 0 {
						return nil
					}
				}
			}
		}
	}
	s.scans++
	return nil
}

// search8 is search for one row and values of one byte: the values
// looked for are flags of a 256-entry table, indexed without a bounds
// check.
func (s *splitRun[T]) search8(c uint32, pending int) error {
	g, st, cur := s.g, s.seen.stamp, s.seen.cur
	var want [256]bool
	for v := uint32(0); v < c && v < 256; v++ {
		want[v] = st[v] != cur
	}
	r := &s.rows[0]
	m, lo, hi := r.M, r.Lo, half(r)
	if lo > hi {
		s.scans++
		return nil
	}
	// low[k] = g(lo+k), high[len-1-k] = g(m-lo-k).
	low := g[lo : hi+1]
	high := g[m-hi : m-lo+1]
	high = high[:len(low)]
	last := len(low) - 1
	for k := range low {
		v := uint8(low[k] ^ high[last-k])
		if !want[v] {
			continue
		}
		p := lo + int64(k)
		ok, err := has(r, p)
		if err != nil {
			return err
		}
		if ok {
			want[v], st[v] = false, cur
			if pending--; pending == 0 {
				return nil
			}
		}
	}
	s.scans++
	return nil
}

// search1 is search8 for values of any width: the values looked for are
// flags of a table as long as the set of values (see find1).
func (s *splitRun[T]) search1(c uint32, pending int) error {
	st, cur := s.seen.stamp, s.seen.cur
	if len(s.want) < len(st) {
		s.want = make([]bool, len(st))
	}
	want := s.want[:len(st)]
	c = min(c, uint32(len(want)))
	for v := range c {
		want[v] = st[v] != cur
	}
	err := s.find1(want, pending)
	clear(want[:c])
	return err
}

// find1 scans the options of the one row for the values flagged in want,
// a power of two long and indexed under its mask: every value an option
// can have is in range, since the set has room for twice the largest.
func (s *splitRun[T]) find1(want []bool, pending int) error {
	g, st, cur := s.g, s.seen.stamp, s.seen.cur
	wm := uint32(len(want) - 1)
	r := &s.rows[0]
	m, lo, hi := r.M, r.Lo, half(r)
	if lo > hi {
		s.scans++
		return nil
	}
	// low[k] = g(lo+k), high[len-1-k] = g(m-lo-k).
	low := g[lo : hi+1]
	high := g[m-hi : m-lo+1]
	high = high[:len(low)]
	last := len(low) - 1
	for k := range low {
		v := uint32(low[k]^high[last-k]) & wm
		if !want[v] {
			continue
		}
		p := lo + int64(k)
		ok, err := has(r, p)
		if err != nil {
			return err
		}
		if ok {
			want[v], st[v] = false, cur
			if pending--; pending == 0 {
				return nil
			}
		}
	}
	s.scans++
	return nil
}

// has is r.Has without a call where the row's conditions are linear.
func has(r *rules.Row, p int64) (bool, error) {
	if r.Opaque() {
		return r.Has(p)
	}
	if p < r.Lo || p > r.Hi {
		return false, nil
	}
	for _, q := range r.Skip {
		if q == p {
			return false, nil
		}
	}
	return true, nil
}

// readTheorem reads the moves of heaps 0..upto as an octal code, as
// Grundy does, and returns the theorem it offers.
func readTheorem(m HeapMover, upto int) Theorem {
	var c codeReader
	c.start()
	var o rules.HeapOptions
	for n := 0; n <= upto; n++ {
		o.Reset()
		if err := m.HeapMoves(int64(n), &o); err != nil {
			return Theorem{}
		}
		c.heap(int64(n), &o)
	}
	th := c.theorem(upto)
	if th.Kind != NoTheorem {
		for _, n := range probeHeaps(upto) {
			if !followsCode(m, th.Code, n) {
				return Theorem{}
			}
		}
	}
	return th
}

// mex is the least value not in the set.
func (s *stampSet) mex() uint32 {
	v := uint32(0)
	for int(v) < len(s.stamp) && s.stamp[v] == s.cur {
		v++
	}
	return v
}

package lines

import (
	"retro/positions"
	"retro/retro/internal/core"
)

// Windows along a line: where a line move's segment does not run to the
// line's end in the box (`x - k for k in 1..x // 2`, `k in 1..min(x, N)`)
// the fold of the segment is a sliding window's. Each line at each
// history it is played to keeps two monotone queues of its cells in line
// order, one of the L codes (their layers rising from the front) and one
// of the W codes (falling): as the positions along the line come in the
// sweep's order, the window's ends move up the line, the cells that enter
// are pushed (dropping from the back those they outdo) and those that
// leave are dropped from the front, and the fronts are the fold. Each
// cell enters and leaves a queue once, so a window costs O(1) a position
// spread over the line. Where an end moves back down the line (no game
// here does, but a range may), the queues are built again for the window.

// windowEntry is a cell of a queue: its place on the line and its code's
// layer+1.
type windowEntry struct {
	at   int64
	code uint64
}

// window is the queues of one line at one history.
type window struct {
	start      int64 // the cell of the line's end in the box
	next       int64 // the place on the line of the next cell to push
	lo         int64 // the window's lower end at its last use
	minL, maxW queue
	// members counts the positions among the places lo..next-1, where
	// some cells are no positions
	members int64
}

// queue is a monotone queue: entries from head on.
type queue struct {
	e    []windowEntry
	head int
}

func (q *queue) push(x windowEntry, outdoes func(a, b uint64) bool) {
	for len(q.e) > q.head && !outdoes(q.e[len(q.e)-1].code, x.code) {
		q.e = q.e[:len(q.e)-1]
	}
	q.e = append(q.e, x)
}

func (q *queue) drop(lo int64) {
	for q.head < len(q.e) && q.e[q.head].at < lo {
		q.head++
	}
	if q.head > 64 && q.head*2 > len(q.e) {
		q.e = q.e[:copy(q.e, q.e[q.head:])]
		q.head = 0
	}
}

func (q *queue) reset() { q.e, q.head = q.e[:0], 0 }

// front is the fold of the queue: the front's code, and false when empty.
func (q *queue) front() (uint64, bool) {
	if q.head == len(q.e) {
		return 0, false
	}
	return q.e[q.head].code, true
}

// windows are the queues of every line the sweep has used one for, by the
// line's end cell and the line move.
type windows struct {
	lines   int
	at      map[int64]int32
	w       []window
	lastKey int64 // the line used last, which the next position often shares
	last    int32
	member  positions.Bitset // the positions, where some cells are none; else nil
}

func newWindows(lines int, member positions.Bitset) *windows {
	return &windows{lines: lines, at: map[int64]int32{}, lastKey: -1, member: member}
}

// fold folds into b the codes of the cells lo..hi of the line of move j
// whose end in the box is cell start (each place a step of off cells),
// and returns how many of them are positions (where ws.member is set).
func (ws *windows) fold(b *core.Best, vals func(cell int64) uint64, j int, start, off, lo, hi int64) int64 {
	w := ws.window(j, start)
	if lo < w.lo || hi < w.next-1 { // an end moved back: build again
		w.minL.reset()
		w.maxW.reset()
		w.next, w.lo, w.members = lo, lo, 0
	}
	for ; w.lo < lo; w.lo++ { // the places that leave
		if w.lo < w.next && ws.isMember(start+w.lo*off) {
			w.members--
		}
	}
	for ; w.next <= hi; w.next++ { // the places that enter
		cell := start + w.next*off
		code := vals(cell)
		x := windowEntry{at: w.next, code: code >> 1}
		if code&1 == 0 {
			w.minL.push(x, func(a, b uint64) bool { return a < b })
		} else {
			w.maxW.push(x, func(a, b uint64) bool { return a > b })
		}
		if w.next >= w.lo && ws.isMember(cell) {
			w.members++
		}
	}
	w.minL.drop(lo)
	w.maxW.drop(lo)
	if m, ok := w.minL.front(); ok {
		b.MinL = min(b.MinL, m)
	}
	if m, ok := w.maxW.front(); ok {
		b.MaxW = max(b.MaxW, m)
	}
	return w.members
}

func (ws *windows) isMember(cell int64) bool { return ws.member != nil && ws.member.Has(int(cell)) }

// window is the queues of the line of move j whose end is cell start.
func (ws *windows) window(j int, start int64) *window {
	key := start*int64(ws.lines) + int64(j)
	k, ok := ws.last, key == ws.lastKey
	if !ok {
		if k, ok = ws.at[key]; !ok {
			k = int32(len(ws.w))
			ws.w = append(ws.w, window{start: start})
			ws.at[key] = k
		}
		ws.lastKey, ws.last = key, k
	}
	return &ws.w[k]
}

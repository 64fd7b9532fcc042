package positions

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync/atomic"
)

// The budget of an enumeration: the moves it may generate (Options.MaxMoves,
// all passes together), the memory its tables may take (Options.MaxBytes),
// and the context. Discovery and the graph builders generate the moves of a
// position at a time; each worker counts them in a meter of its own, which
// every meterEvery moves (or positions) adds them to the shared count and
// checks the caps and the context. A position with a huge fan-out is thus
// stopped within one position's moves, whatever the levels.

// meterEvery is how much work a meter does between checks: moves, plus one
// a position, so that a game of few moves a position checks as often.
const meterEvery = 1 << 16

// Work is the shared count of an enumeration.
type Work struct {
	opt          *Options
	moves, edges atomic.Int64
}

// Meter is one worker's count of moves not yet added to the work.
type Meter struct {
	w                   *Work
	moves, ticks, edges int64
}

func (w *Work) Meter() *Meter { return &Meter{w: w} }

// Spend counts the n moves of one position.
func (m *Meter) Spend(n int) error {
	m.moves += int64(n)
	m.ticks += int64(n) + 1
	if m.ticks < meterEvery {
		return nil
	}
	return m.Flush()
}

// Flush adds the moves counted to the work and checks the caps and the
// context.
func (m *Meter) Flush() error {
	total := m.w.moves.Add(m.moves)
	edges := m.w.edges.Add(m.edges)
	m.moves, m.ticks, m.edges = 0, 0, 0
	if limit := m.w.opt.edgeLimit(); uint64(edges) > limit {
		return fmt.Errorf("%w: more than %d", ErrTooManyEdges, limit)
	}
	if limit := m.w.opt.MaxMoves; limit > 0 && total > limit {
		return fmt.Errorf("%w: more than %d generated (each move is generated three times: to find the positions, to count the edges, to place them)",
			ErrTooManyMoves, limit)
	}
	return m.w.opt.Stopped()
}

// Afford checks that tables of need bytes, for n positions, fit the memory
// budget.
func (o *Options) Afford(what string, n int, need int64) error {
	if o.MaxBytes <= 0 || need <= o.MaxBytes {
		return nil
	}
	return fmt.Errorf("%w: %s would take about %s at %d positions, more than the budget of %s; the game may not end (set a horizon, or raise the budget)",
		ErrMemoryBudget, what, FormatBytes(need), n, FormatBytes(o.MaxBytes))
}

// FormatBytes writes a number of bytes as "512 B", "3.2 MiB", "1.5 GiB".
func FormatBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	v, k := float64(n)/unit, 0
	for v >= unit && k < 4 {
		v /= unit
		k++
	}
	return fmt.Sprintf("%.1f %ciB", v, "KMGTP"[k])
}

// Bytes per position of the tables that outlive discovery, beyond the
// space: the graph's counters and offsets (4 + 4), its four flag bitsets,
// and the solver's colouring order (4) and two outcome bitsets. The edges
// add 4 bytes each.
const (
	graphBytesPerPosition  = 8.5
	solverBytesPerPosition = 4.25
	bytesPerEdge           = 4
)

// Bytes is what the space's index takes, for a budget that counts it.
func (s *Space) Bytes() int64 { return s.bytes() }

// bytes is what the space's index takes.
func (s *Space) bytes() int64 {
	if s.dense {
		return int64(len(s.member))*8 + s.rank.bytes()
	}
	return s.index.bytes()
}

// bytes is what the index takes.
func (h *hashIndex) bytes() int64 {
	return int64(cap(h.data)) + int64(cap(h.off))*8 + int64(len(h.table))*8
}

// keyBytes is the most bytes a key of the box takes packed.
func (b *box) keyBytes() int64 {
	n := int64(varintLen(int64(b.hist)))
	for k := range b.lo {
		n += int64(max(varintLen(b.lo[k]), varintLen(b.lo[k]+b.size[k]-1)))
	}
	return n
}

func varintLen(v int64) int {
	u := uint64(v) << 1
	if v < 0 {
		u = ^u
	}
	n := 1
	for ; u >= 0x80; u >>= 7 {
		n++
	}
	return n
}

// hashBytesFor is what a hash index of n keys of about key bytes each
// takes: the keys, their offsets, and a table at most half full.
func hashBytesFor(n int, key int64) int64 {
	return int64(n)*(key+8) + int64(tableSize(n))*8
}

// bytes is what the queue holds.
func (q *Fifo) bytes() int64 { return int64(len(q.chunks)) * fifoChunk * int64(q.Width) * 8 }

// bytes is what the finder's tables take.
func (f *finder) bytes() int64 {
	n := int64(cap(f.gone)) + int64(cap(f.dead))*8 + int64(cap(f.depth))*4 + int64(cap(f.unexp))*4 + f.q.bytes() + f.level
	if f.box != nil {
		n += int64(len(f.box.bits)) * 8
	}
	if f.hash != nil {
		n += f.hash.bytes()
	}
	return n
}

// budgetError tells whether err is the budget's (a cap or the context),
// not the game's.
func budgetError(err error) bool {
	return errors.Is(err, ErrTooManyMoves) || errors.Is(err, ErrTooManyEdges) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// edgeLimit is the most edges a graph may have: MaxEdges, and what 32-bit
// indices address.
func (o *Options) edgeLimit() uint64 {
	limit := uint64(math.MaxUint32)
	if o.MaxEdges > 0 {
		limit = min(limit, uint64(o.MaxEdges))
	}
	return limit
}

package positions

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"retro/rules"
)

// Graph is the move graph of one game instance, as the solver needs it:
// for every position the number of distinct positions its moves lead to,
// and the reverse edges in compressed sparse rows.
//
// A move into a final position that is not itself in the space (an end of
// the game) is not an edge: it only sets WinEnd (the mover has won there)
// or LoseEnd (the mover has lost). Final positions that are in the space
// (start or box positions, and positions with no legal move among them) are
// nodes with no edges out, listed in FinalLost (the player to move there has
// lost) or FinalWon.
//
// A graph may be one shard of the whole, positions Lo..Hi-1 (see
// EnumerateShard): every per-position field is then indexed by i-Lo, and
// Pred, the positions with a move into the shard's, holds indices of the
// whole space.
type Graph struct {
	Space    *Space
	Instance *rules.Instance
	Starts   []StartPos
	Lo, Hi   int // the positions this graph holds: all of them but in a shard

	// Out[i] is the number of distinct positions the moves of i lead to.
	// The solver takes it over as its counters.
	Out []uint32
	// PredStart and Pred: the positions with a move to j are
	// Pred[PredStart[j]:PredStart[j+1]].
	PredStart []uint32
	Pred      []uint32

	WinEnd, LoseEnd     Bitset
	FinalLost, FinalWon Bitset
	Unexplored          Bitset   // non-final positions at the horizon (nil without one)
	Depth               []uint32 // moves from a start to each position (nil without a horizon)
	Horizon             int      // -1: none
	Moves               int64    // legal moves from the non-final positions
	Sent                int64    // in a shard: bytes of questions and answers about edges sent to the other shards
	Searched            int64    // in a shard: bytes sent to the other shards while finding the positions
}

// Len is the number of positions.
func (g *Graph) Len() int { return g.Space.Len() }

// Held is the number of positions the graph holds: Hi - Lo.
func (g *Graph) Held() int { return g.Hi - g.Lo }

// Edges is the number of edges into the positions the graph holds.
func (g *Graph) Edges() int { return len(g.Pred) }

// Preds returns the positions with a move to position Lo+j.
func (g *Graph) Preds(j int) []uint32 { return g.Pred[g.PredStart[j]:g.PredStart[j+1]] }

// builder generates the moves of every position twice: once to count the
// edges into each position, once to place them. Each pass runs on a few
// shards of the index range at once, one builder each; shards start at
// multiples of 64 so that no two builders write the same word of a bitset.
type builder struct {
	in    *rules.Instance
	g     *rules.Game
	sp    *Space
	m     *rules.Machine
	gr    *Graph
	moves rules.MoveList
	probe rules.MoveList
	succ  []uint32
	count int64 // legal moves seen
	meter *Meter
	// unshown is the moves or edges of this builder's pass not yet added
	// to the pass's progress.
	unshown int64

	// In a shard: the distinct targets of the position at hand that
	// other peers hold (far), the questions to each peer (ask) and their
	// bytes.
	far      []farTarget
	ask      []queries
	askBytes int
}

// build makes the graph of positions lo..hi-1 of the space f found: a
// first pass counts the edges into each position (and, in a shard, asks
// the peers about the moves into theirs), the lists are laid out, a second
// pass places the edges, and each list is sorted.
func build(in *rules.Instance, sp *Space, f *finder, bounds []rules.Range, opt Options, lo, hi int, peers Peers) (*Graph, error) {
	n := hi - lo
	perPosition := graphBytesPerPosition
	if opt.Horizon >= 0 {
		perPosition += 4 + 1.0/8 // depths and the unexplored
	}
	if opt.Progress != nil {
		opt.Progress("moves", 0) // the positions are found: the graph is next
	}
	if err := opt.Afford("the move graph", n, sp.bytes()+int64(perPosition*float64(n))); err != nil {
		return nil, err
	}
	gr := newGraph(in, sp, f, opt.Horizon, lo, hi)
	ps := newGraphPasses(gr, f, opt, peers)
	if err := ps.countEdges(); err != nil {
		return nil, err
	}
	total, err := ps.layOutLists()
	if err != nil {
		return nil, err
	}
	need := sp.bytes() + int64((perPosition+solverBytesPerPosition)*float64(n)) + bytesPerEdge*int64(total)
	if err := opt.Afford("the move graph and the solver", n, need); err != nil {
		return nil, err
	}
	if err := ps.placeEdges(total); err != nil {
		return nil, err
	}
	return gr, ps.sortLists()
}

// newGraph makes the graph of positions lo..hi-1 with no edges yet,
// taking over f's depths and unexplored positions within a horizon.
func newGraph(in *rules.Instance, sp *Space, f *finder, horizon, lo, hi int) *Graph {
	n := hi - lo
	gr := &Graph{Space: sp, Instance: in, Horizon: horizon, Lo: lo, Hi: hi,
		Out: make([]uint32, n), PredStart: make([]uint32, n+1),
		WinEnd: NewBitset(n), LoseEnd: NewBitset(n),
		FinalLost: NewBitset(n), FinalWon: NewBitset(n)}
	if horizon >= 0 {
		gr.Depth = f.depth // a shard's own, or the whole space's
		if len(f.depth) != n {
			gr.Depth = slices.Clone(f.depth[lo:hi])
		}
		f.depth = nil
		gr.Unexplored = NewBitset(n)
		for _, i := range f.unexp {
			if int(i) >= lo && int(i) < hi {
				gr.Unexplored.Set(int(i) - lo)
			}
		}
	}
	return gr
}

// graphPasses is what build's two passes over the positions share: a
// builder for each shard of the range, where each has got to, the edges
// from positions other peers hold, and the progress of the pass at hand.
type graphPasses struct {
	gr       *Graph
	sp       *Space
	opt      Options
	peers    Peers
	shards   []Shard
	builders []*builder
	cursor   []int    // the first pass's next position in each shard
	from     []uint32 // edges from other shards: pairs of (position here, position there)

	// The progress of each pass is its moves (the first's, generated) or
	// edges (the second's, placed) so far, shown each 2^20: a game of
	// few positions and many moves each (Wythoff's) shows its work too.
	done, shown atomic.Int64
}

func newGraphPasses(gr *Graph, f *finder, opt Options, peers Peers) *graphPasses {
	shards := Shards(gr.Held(), runtime.GOMAXPROCS(0))
	ps := &graphPasses{gr: gr, sp: gr.Space, opt: opt, peers: peers, shards: shards,
		builders: make([]*builder, max(1, len(shards))), // one at least: it answers the questions of other shards
		cursor:   make([]int, len(shards))}
	for k := range ps.builders {
		ps.builders[k] = &builder{in: gr.Instance, g: gr.Instance.Game, sp: gr.Space, m: gr.Instance.NewMachine(), gr: gr, meter: f.Work.Meter()}
		if peers != nil {
			ps.builders[k].ask = make([]queries, peers.Size())
		}
	}
	for k, r := range shards {
		ps.cursor[k] = gr.Lo + r.Lo
	}
	return ps
}

// progress adds the work b has not shown to the pass's, and shows it.
func (ps *graphPasses) progress(stage string, b *builder) {
	d := ps.done.Add(b.unshown)
	b.unshown = 0
	if s := ps.shown.Load(); ps.opt.Progress != nil && d>>20 > s>>20 && ps.shown.CompareAndSwap(s, d) {
		ps.opt.Progress(stage, d)
	}
}

// countEdges is the first pass: it counts the edges into each position,
// and asks the peers about the moves into theirs. In a shard the pass goes
// in rounds, each ending when the questions of a builder reach its share
// of questionBytes, so that they never take more; the peers exchange them
// after every round, until none has positions left.
func (ps *graphPasses) countEdges() error {
	share := questionBytes / max(1, len(ps.shards)) // a builder's
	for {
		err := inParallel(ps.shards, func(k int, r Shard) error { return ps.countRound(k, r, share) })
		if err != nil {
			return err
		}
		if ps.peers == nil {
			break
		}
		more, err := ps.exchange()
		if err != nil {
			return err
		}
		if !more {
			break
		}
	}
	for _, b := range ps.builders {
		ps.gr.Moves += b.count
		if err := b.meter.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// countRound walks shard k from its cursor until its end, or until its
// builder's questions reach their share.
func (ps *graphPasses) countRound(k int, r Shard, share int) error {
	b, gr, lo := ps.builders[k], ps.gr, ps.gr.Lo
	err := ps.sp.Walk(ps.cursor[k], lo+r.Hi, func(i int, p []int64, h int) error {
		if b.askBytes >= share {
			ps.cursor[k] = i
			return errRoundFull
		}
		succ, err := b.successors(i, p, h, true)
		if err != nil {
			return err
		}
		gr.Out[i-lo] = uint32(len(succ) + len(b.far))
		b.meter.edges += int64(len(succ) + len(b.far))
		b.unshown += int64(len(succ) + len(b.far))
		for _, j := range succ {
			atomic.AddUint32(&gr.PredStart[int(j)-lo+1], 1)
		}
		b.askFar(i)
		if i&(1<<12-1) == 0 || b.unshown >= 1<<16 {
			ps.progress("moves", b)
			return ps.opt.Stopped()
		}
		return nil
	})
	if err == nil {
		ps.cursor[k] = lo + r.Hi
	}
	if errors.Is(err, errRoundFull) {
		return nil
	}
	return err
}

// exchange answers the peers' questions of a round, keeps the edges from
// theirs into these positions, and reports whether any peer has positions
// left.
func (ps *graphPasses) exchange() (more bool, err error) {
	got, sent, err := answerQueries(ps.peers, ps.builders)
	if err != nil {
		return false, err
	}
	ps.from, ps.gr.Sent = append(ps.from, got...), ps.gr.Sent+sent
	left := 0
	for k, r := range ps.shards {
		left += ps.gr.Lo + r.Hi - ps.cursor[k]
	}
	sums, err := SumAll(ps.peers, int64(left))
	if err != nil {
		return false, err
	}
	return sums[0] != 0, nil
}

// layOutLists adds the edges from other shards to the counts and turns
// them into the end of each position's list in Pred: PredStart[j+1] is the
// end of list j. It returns the number of edges.
func (ps *graphPasses) layOutLists() (uint64, error) {
	gr, lo := ps.gr, ps.gr.Lo
	for k := 0; k < len(ps.from); k += 2 {
		gr.PredStart[int(ps.from[k])-lo+1]++
	}
	limit := ps.opt.edgeLimit()
	var total uint64
	for j := 1; j <= gr.Held(); j++ {
		total += uint64(gr.PredStart[j])
		if total > limit {
			return 0, fmt.Errorf("%w: more than %d", ErrTooManyEdges, limit)
		}
		gr.PredStart[j] = uint32(total)
	}
	return total, nil
}

// placeEdges is the second pass: it places each edge, filling every list
// from its end, which leaves PredStart[j] the start of list j.
func (ps *graphPasses) placeEdges(total uint64) error {
	gr, lo, n := ps.gr, ps.gr.Lo, ps.gr.Held()
	gr.Pred = make([]uint32, total)
	ends := gr.PredStart[1:]
	for k := 0; k < len(ps.from); k += 2 {
		q := int(ps.from[k]) - lo
		ends[q]--
		gr.Pred[ends[q]] = ps.from[k+1]
	}
	ps.from = nil
	ps.done.Store(0)
	ps.shown.Store(0)
	err := inParallel(ps.shards, func(k int, r Shard) error {
		b := ps.builders[k]
		return ps.sp.Walk(lo+r.Lo, lo+r.Hi, func(i int, p []int64, h int) error {
			succ, err := b.successors(i, p, h, false)
			if err != nil {
				return err
			}
			for _, j := range succ {
				if q := int(j) - lo; q >= 0 && q < n {
					gr.Pred[atomic.AddUint32(&ends[q], ^uint32(0))] = uint32(i)
				}
			}
			b.unshown += int64(len(succ))
			if i&(1<<12-1) == 0 || b.unshown >= 1<<16 {
				ps.progress("edges", b)
				return ps.opt.Stopped()
			}
			return nil
		})
	})
	if err != nil {
		return err
	}
	for _, b := range ps.builders {
		if err := b.meter.Flush(); err != nil {
			return err
		}
	}
	// ends[j] = PredStart[j+1] now holds the start of list j; shift back.
	copy(gr.PredStart[:n], gr.PredStart[1:])
	gr.PredStart[n] = uint32(total)
	return nil
}

// sortLists sorts each list, filled in no set order, so that the graph is
// the same on every run.
func (ps *graphPasses) sortLists() error {
	return inParallel(ps.shards, func(k int, r Shard) error {
		for j := r.Lo; j < r.Hi; j++ {
			if l := ps.gr.Preds(j); len(l) > 1 {
				slices.Sort(l)
			}
		}
		return nil
	})
}

// Shard is a range of position indices, Lo..Hi-1.
type Shard struct{ Lo, Hi int }

// Shards cuts 0..n-1 into about k ranges of equal size, each starting at a
// multiple of 64.
func Shards(n, k int) []Shard {
	k = max(1, min(k, n/4096))
	size := (n/k + 63) &^ 63
	var out []Shard
	for lo := 0; lo < n; lo += size {
		out = append(out, Shard{lo, min(n, lo+size)})
	}
	return out
}

// inParallel runs fn on every shard at once and returns the error of the
// first shard that failed, so that the error does not depend on timing.
func inParallel(shards []Shard, fn func(k int, r Shard) error) error {
	errs := make([]error, len(shards))
	var wg sync.WaitGroup
	for k, r := range shards {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[k] = fn(k, r)
		}()
	}
	wg.Wait()
	return firstError(errs)
}

func firstError(errs []error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// successors returns the distinct positions the moves of i lead to, after
// noting, on the first pass, whether i is final and which ends it reaches.
func (b *builder) successors(i int, p []int64, h int, first bool) ([]uint32, error) {
	gr := b.gr
	b.far = b.far[:0]
	if gr.Unexplored != nil && gr.Unexplored.Has(i-gr.Lo) {
		return nil, nil
	}
	if !first && gr.Out[i-gr.Lo] == 0 {
		return nil, nil
	}
	if first {
		end, err := b.m.End(p)
		if err != nil {
			return nil, err
		}
		if end {
			return nil, b.final(i, p)
		}
	}
	last, mylast := SplitHistory(b.g, h)
	b.moves.Reset()
	if err := b.m.Moves(p, last, mylast, &b.moves); err != nil {
		return nil, err
	}
	if err := b.meter.Spend(b.moves.Len()); err != nil {
		return nil, err
	}
	if b.moves.Len() == 0 {
		if first {
			return nil, b.final(i, p)
		}
		return nil, nil
	}
	var tier int64
	if first {
		b.count += int64(b.moves.Len())
		if b.g.Tier != "" {
			v, err := b.m.Tier(p)
			if err != nil {
				return nil, err
			}
			tier = v
		}
	}
	succ := b.succ[:0]
	for k := 0; k < b.moves.Len(); k++ {
		t := b.moves.To(k, len(p))
		if first && b.g.Tier != "" {
			if err := CheckTier(b.g, b.m, p, h, t, tier, b.moves.Cmd[k]); err != nil {
				return nil, err
			}
		}
		th := NextHistory(b.g, h, int(b.moves.Cmd[k]))
		if j, ok := b.sp.Index(t, th); ok {
			succ = append(succ, uint32(j))
			continue
		}
		if !first {
			continue
		}
		if o := b.sp.owner(t, th); b.ask != nil && o != b.sp.shard.me {
			b.addFar(o, t, th, b.moves.Cmd[k])
			continue
		}
		won, err := b.endOf(p, h, t, th, b.moves.Cmd[k])
		if err != nil {
			return nil, err
		}
		if won {
			gr.WinEnd.Set(i - gr.Lo)
		} else {
			gr.LoseEnd.Set(i - gr.Lo)
		}
	}
	succ = Distinct(succ)
	b.succ = succ
	return succ, nil
}

// Distinct drops repeats from a list of positions, in place, in no set
// order: a short list by comparing each with those kept, a long one by
// sorting.
func Distinct(l []uint32) []uint32 {
	if len(l) > 16 {
		slices.Sort(l)
		return slices.Compact(l)
	}
	k := 0
	for _, x := range l {
		if !slices.Contains(l[:k], x) {
			l[k] = x
			k++
		}
	}
	return l[:k]
}

// final records a position of the space that is final.
func (b *builder) final(i int, p []int64) error {
	w, err := b.m.Winner(p)
	if err != nil {
		return err
	}
	if w == rules.Mover {
		b.gr.FinalLost.Set(i - b.gr.Lo)
	} else {
		b.gr.FinalWon.Set(i - b.gr.Lo)
	}
	return nil
}

// endOf classifies a move to a position outside the space, which must be
// final: won reports that the player who moved there has won.
func (b *builder) endOf(from []int64, h int, to []int64, th int, cmd int32) (won bool, err error) {
	return MoveEnd(b.g, b.m, &b.probe, from, h, to, th, cmd)
}

// MoveEnd classifies the move cmd from (from, h) to a position outside
// the space, which must be final (outsideBox says why it is not): won
// reports that the player who moved there has won. The graph builder and
// the tier expander classify their moves by it.
func MoveEnd(g *rules.Game, m *rules.Machine, probe *rules.MoveList, from []int64, h int, to []int64, th int, cmd int32) (won bool, err error) {
	end, err := m.End(to)
	if err != nil {
		return false, err
	}
	if !end {
		if err := outsideBox(g, m, probe, from, h, to, th, cmd); err != nil {
			return false, err
		}
	}
	w, err := m.Winner(to)
	return w == rules.Mover, err
}

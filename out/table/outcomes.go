package table

// A result's outcomes read back: whole, every block decoded on every core
// (Result), or a block at a time as positions are asked for (Lookup, Probe,
// Probed), the last few blocks decoded kept.

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"sync"

	"retro/positions"
	"retro/retro"
)

// decoded is an outcome block read for probing.
type decoded struct {
	syms, depth []uint64
}

// maxProbeCache is how many outcome blocks probes keep decoded.
const maxProbeCache = 16

// outcomes decodes outcome block j of instance k: its symbols and, with
// a horizon, its depths.
func (t *File) outcomes(k, j int) (*decoded, error) {
	in := t.Instances[k]
	lo, hi := j*BlockPositions, min((j+1)*BlockPositions, in.Positions)
	d := &decoded{syms: make([]uint64, hi-lo)}
	if in.flags&flagDepth != 0 {
		d.depth = make([]uint64, hi-lo)
	}
	read := func(r *rbuf) {
		readSymbols(r, d.syms)
		if d.depth != nil {
			readSymbols(r, d.depth)
		}
	}
	if in.flags&flagInline != 0 {
		return d, t.readInline(in, in.outRaw, read)
	}
	return d, t.decodeBlock(in.outBlocks[j], read)
}

// Results reads and rebuilds the results of every instance.
func (t *File) Results() ([]*retro.Result, error) {
	out := make([]*retro.Result, len(t.Instances))
	for k := range out {
		r, err := t.Result(k)
		if err != nil {
			return nil, err
		}
		out[k] = r
	}
	return out, nil
}

// Result reads and rebuilds the result of instance k, checking that its
// pieces agree (retro.FromData) and that its counts are those recorded.
func (t *File) Result(k int) (*retro.Result, error) {
	sp, err := t.Space(k)
	if err != nil {
		return nil, err
	}
	in := t.Instances[k]
	n := in.Positions
	if n > MaxWhole {
		return nil, fmt.Errorf("%w: instance %d holds %d positions, more than a table rebuilt whole holds (%d)", ErrTooLarge, k, n, MaxWhole)
	}
	d := retro.Data{Layer: make([]uint32, n), Win: positions.NewBitset(n), Lose: positions.NewBitset(n),
		Horizon: max(in.Horizon, 0), Starts: in.Starts, MoveCount: in.MoveCount, Edges: in.Edges,
		Segments: in.Segments}
	if in.flags&flagUnknown != 0 {
		d.Unknown = positions.NewBitset(n)
	}
	if in.flags&flagDepth != 0 {
		d.Depth = make([]uint32, n)
	}
	if err := t.fill(k, &d); err != nil {
		return nil, err
	}
	if d.Order, err = order(&d, n); err != nil {
		return nil, fmt.Errorf("%w: instance %d: %v", ErrCorrupt, k, err)
	}
	res, err := retro.FromData(sp, in.Instance, d)
	if err != nil {
		return nil, fmt.Errorf("%w: instance %d: %w", ErrCorrupt, k, err)
	}
	tally := res.Tally()
	for o := retro.Win; o <= retro.Unknown; o++ {
		if tally[o] != in.Tally[o] {
			return nil, fmt.Errorf("%w: instance %d has %d %v positions, %d recorded", ErrCorrupt, k, tally[o], o, in.Tally[o])
		}
	}
	return res, nil
}

// fill decodes the outcome blocks of instance k into d, on every core.
// Blocks cover whole words of the bitsets, so they do not share a word.
func (t *File) fill(k int, d *retro.Data) error {
	in := t.Instances[k]
	if in.flags&flagInline != 0 {
		dec, err := t.outcomes(k, 0)
		if err == nil {
			if err = apply(d, 0, dec); err != nil {
				err = &BlockError{Block: in.block, What: t.what(in.block), Err: fmt.Errorf("%w: %v", ErrCorrupt, err)}
			}
		}
		return err
	}
	blocks := in.outBlocks
	errs := make([]error, len(blocks))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(blocks)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				dec, err := t.outcomes(k, j)
				if err == nil {
					err = apply(d, j*BlockPositions, dec)
				}
				if err != nil {
					errs[j] = err
				}
			}
		}()
	}
	for j := range blocks {
		next <- j
	}
	close(next)
	wg.Wait()
	for j, err := range errs {
		if err != nil {
			var be *BlockError
			if errors.As(err, &be) {
				return err
			}
			b := blocks[j]
			return &BlockError{Block: b, What: t.what(b), Err: fmt.Errorf("%w: %v", ErrCorrupt, err)}
		}
	}
	return nil
}

// apply writes the outcomes of a decoded block starting at position lo.
func apply(d *retro.Data, lo int, dec *decoded) error {
	for k, v := range dec.syms {
		i := lo + k
		switch {
		case v == 0:
		case v == 1:
			if d.Unknown == nil {
				return errors.New("a ? position in a table without a horizon")
			}
			d.Unknown.Set(i)
		default:
			layer := (v - 2) / 2
			if layer > math.MaxUint32 {
				return fmt.Errorf("layer %d", layer)
			}
			d.Layer[i] = uint32(layer)
			if v&1 == 0 {
				d.Win.Set(i)
			} else {
				d.Lose.Set(i)
			}
		}
	}
	for k, v := range dec.depth {
		if v > math.MaxUint32 {
			return fmt.Errorf("depth %d", v)
		}
		d.Depth[lo+k] = uint32(v)
	}
	return nil
}

// order lists the coloured positions segment by segment, each segment
// in ascending order, as Solve does.
func order(d *retro.Data, n int) ([]uint32, error) {
	type key struct {
		o     retro.Outcome
		layer uint32
	}
	idx := map[key]int{}
	cursor := make([]int, len(d.Segments))
	total, top := 0, 0
	for s, seg := range d.Segments {
		k := key{seg.Outcome, uint32(seg.Layer)}
		if _, dup := idx[k]; dup {
			return nil, fmt.Errorf("two segments %v %d", seg.Outcome, seg.Layer)
		}
		idx[k], cursor[s], total, top = s, seg.Start, seg.End, max(top, seg.Layer)
	}
	// Layers come one after another: a slice finds a set faster than the
	// map, when the layers are not too spread out.
	var dense []int32
	if top <= 4*len(d.Segments)+4 {
		dense = make([]int32, 2*top+2)
		for i := range dense {
			dense[i] = -1
		}
		for k, s := range idx {
			dense[2*int(k.layer)+int(k.o)] = int32(s)
		}
	}
	ord := make([]uint32, total)
	last, s := key{o: retro.Draw}, -1
	for w := range d.Win {
		for x := d.Win[w] | d.Lose[w]; x != 0; x &= x - 1 {
			i := w<<6 + bits.TrailingZeros64(x)
			k := key{retro.Win, d.Layer[i]}
			if d.Lose.Has(i) {
				k.o = retro.Lose
			}
			if dense != nil {
				if at := 2*int(k.layer) + int(k.o); at < len(dense) && dense[at] >= 0 {
					s = int(dense[at])
				} else {
					return nil, fmt.Errorf("position %d is %v %d, a set the table does not list", i, k.o, k.layer)
				}
			} else if k != last {
				var ok bool
				if s, ok = idx[k]; !ok {
					return nil, fmt.Errorf("position %d is %v %d, a set the table does not list", i, k.o, k.layer)
				}
				last = k
			}
			if cursor[s] == d.Segments[s].End {
				return nil, fmt.Errorf("more %v %d positions than the table lists", k.o, k.layer)
			}
			ord[cursor[s]] = uint32(i)
			cursor[s]++
		}
	}
	for s, seg := range d.Segments {
		if cursor[s] != seg.End {
			return nil, fmt.Errorf("fewer %v %d positions than the table lists", seg.Outcome, seg.Layer)
		}
	}
	return ord, nil
}

// Lookup returns the index of a position in instance k, and false when
// the table does not hold it.
func (t *File) Lookup(k int, piles []int64, hist int) (int, bool, error) {
	sp, err := t.Space(k)
	if err != nil {
		return 0, false, err
	}
	if len(piles) != sp.Piles() || hist < 0 || hist >= sp.HistorySize() {
		return 0, false, nil
	}
	i, ok := sp.Index(piles, hist)
	return i, ok, nil
}

// Probe returns the outcome and layer of position i of instance k (layer
// -1 for D and ?), decoding only the block that holds it.
func (t *File) Probe(k, i int) (retro.Outcome, int, error) {
	in := t.Instances[k]
	dec, err := t.probeBlock(k, i)
	if err != nil {
		return 0, 0, err
	}
	j := i / BlockPositions
	v := dec.syms[i-j*BlockPositions]
	switch v {
	case 0:
		return retro.Draw, -1, nil
	case 1:
		return retro.Unknown, -1, nil
	}
	layer := int64((v - 2) / 2)
	if dec.depth != nil && layer > int64(in.Horizon)-int64(dec.depth[i-j*BlockPositions]) {
		return retro.Unknown, -1, nil
	}
	if v&1 == 0 {
		return retro.Win, int(layer), nil
	}
	return retro.Lose, int(layer), nil
}

// ProbeDepth returns the depth of position i of instance k under the
// table's horizon (0 without one), decoding only the block that holds it.
func (t *File) ProbeDepth(k, i int) (int, error) {
	dec, err := t.probeBlock(k, i)
	if err != nil || dec.depth == nil {
		return 0, err
	}
	return int(dec.depth[i-i/BlockPositions*BlockPositions]), nil
}

// probeBlock is the decoded outcome block of instance k that holds
// position i, from the cache of the blocks probed last or read now.
func (t *File) probeBlock(k, i int) (*decoded, error) {
	in := t.Instances[k]
	if i < 0 || i >= in.Positions {
		return nil, fmt.Errorf("position %d of %d", i, in.Positions)
	}
	j := i / BlockPositions
	t.mu.Lock()
	dec := t.cache[[2]int{k, j}]
	t.mu.Unlock()
	if dec != nil {
		return dec, nil
	}
	dec, err := t.outcomes(k, j)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	if len(t.cache) >= maxProbeCache {
		for key := range t.cache {
			delete(t.cache, key)
			break
		}
	}
	t.cache[[2]int{k, j}] = dec
	t.mu.Unlock()
	return dec, nil
}

// Probed is instance k read a position at a time: its space, starts and
// horizon, and the outcome blocks decoded as positions are asked for
// (Probe), so that an instance too large to rebuild whole (Result) can
// still be looked at and asked questions of.
func (t *File) Probed(k int) (*retro.Probed, error) {
	sp, err := t.Space(k)
	if err != nil {
		return nil, err
	}
	in := t.Instances[k]
	return &retro.Probed{Space: sp, Instance: in.Instance, Starts: in.Starts, Horizon: in.Horizon, Values: fileValues{t, k}}, nil
}

// fileValues are the values of instance k of a table file.
type fileValues struct {
	t *File
	k int
}

func (v fileValues) Value(i int) (retro.Outcome, int, error) { return v.t.Probe(v.k, i) }
func (v fileValues) Depth(i int) (int, error)                { return v.t.ProbeDepth(v.k, i) }

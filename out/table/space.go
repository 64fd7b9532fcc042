package table

import (
	"fmt"
	"math"
	"slices"

	"retro/positions"
)

// Space reads the position space of instance k.
func (t *File) Space(k int) (*positions.Space, error) {
	t.mu.Lock()
	sp := t.spaces[k]
	t.mu.Unlock()
	if sp != nil {
		return sp, nil
	}
	in := t.Instances[k]
	sd := in.space
	inline := in.flags&flagInline != 0
	if inline {
		if err := t.readInline(in, in.spaceRaw, func(r *rbuf) {
			if in.Dense {
				sd.Member = make(positions.Bitset, in.words)
				readWords(r, sd.Member)
			} else {
				sd.Tuples, sd.Hists = make([]int64, in.Positions*sd.Piles), make([]uint32, in.Positions)
				readTuples(r, sd.Piles, sd.Tuples, sd.Hists)
			}
		}); err != nil {
			return nil, err
		}
	} else if in.Dense {
		sd.Member = make(positions.Bitset, in.words)
		for j, b := range in.spaceBlocks {
			lo := j * blockWords
			if err := t.decodeBlock(b, func(r *rbuf) { readWords(r, sd.Member[lo:min(lo+blockWords, in.words)]) }); err != nil {
				return nil, err
			}
		}
	} else if sp, err := t.sliceSpace(in); err != nil {
		return nil, err
	} else if sp != nil {
		return t.keepSpace(k, sp)
	} else {
		n := in.Positions
		if n > 0 && sd.Piles > math.MaxInt/n {
			return nil, fmt.Errorf("%w: instance %d of %d positions and %d piles", ErrCorrupt, k, n, sd.Piles)
		}
		sd.Tuples, sd.Hists = make([]int64, n*sd.Piles), make([]uint32, n)
		for j, b := range in.spaceBlocks {
			lo, hi := j*BlockPositions, min((j+1)*BlockPositions, n)
			if err := t.decodeBlock(b, func(r *rbuf) {
				readTuples(r, sd.Piles, sd.Tuples[lo*sd.Piles:hi*sd.Piles], sd.Hists[lo:hi])
			}); err != nil {
				return nil, err
			}
		}
	}
	sp, err := positions.NewSpace(in.Instance.Game, sd)
	if err != nil {
		return nil, fmt.Errorf("%w: instance %d: %w", ErrCorrupt, k, err)
	}
	return t.keepSpace(k, sp)
}

// keepSpace checks the space read of instance k against its count, and
// keeps it for the next reader.
func (t *File) keepSpace(k int, sp *positions.Space) (*positions.Space, error) {
	in := t.Instances[k]
	if sp.Len() != in.Positions {
		return nil, fmt.Errorf("%w: instance %d has %d positions, its space %d", ErrCorrupt, k, in.Positions, sp.Len())
	}
	t.mu.Lock()
	t.spaces[k] = sp
	t.mu.Unlock()
	return sp, nil
}

// sliceSpace reads the tuples of a hashed space's blocks, one block at a
// time, into a ranked slice index (positions.SliceSpace) where the game
// keeps a weighted sum of the piles and they lie on its slice: no tuple
// is kept. nil, and no error, where they do not: they need a hashed
// space.
func (t *File) sliceSpace(in *InstanceInfo) (*positions.Space, error) {
	p := in.space.Piles
	var tuples []int64
	var hists []uint32
	return positions.SliceSpace(in.Instance, t.OpenWidth, func(add func([]int64, uint32) bool) error {
		for j, b := range in.spaceBlocks {
			lo, hi := j*BlockPositions, min((j+1)*BlockPositions, in.Positions)
			tuples, hists = slices.Grow(tuples[:0], (hi-lo)*p)[:(hi-lo)*p], slices.Grow(hists[:0], hi-lo)[:hi-lo]
			if err := t.decodeBlock(b, func(r *rbuf) { readTuples(r, p, tuples, hists) }); err != nil {
				return err
			}
			for i, h := range hists {
				if !add(tuples[i*p:(i+1)*p], h) {
					return nil
				}
			}
		}
		return nil
	})
}

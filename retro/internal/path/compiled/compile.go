package compiled

import (
	"fmt"
	"retro/positions"
	"retro/retro/internal/shape"
	"retro/rules"
)

// Compile finds the positions of an instance in the compiled shape. When
// the instance is not of that shape it returns nil and the reason (for
// retro solve to say which path it took); errors are the caller's stop.
// save, when set, is where the search of the box saves where it stands
// now and then, and resumes from (a checkpoint).
func Compile(in *rules.Instance, opt positions.Options, save SweepSave) (*shape.Compiled, string, error) {
	return compile(in, opt, nil, save)
}

// compile is Compile, its search cut among peers when there are some.
func compile(in *rules.Instance, opt positions.Options, peers positions.Peers, save SweepSave) (*shape.Compiled, string, error) {
	if err := opt.Stopped(); err != nil {
		return nil, "", err
	}
	c, why := shape.Of(in, opt)
	if why != "" {
		return nil, why, nil
	}
	g := in.Game
	opt = opt.WithDefaults64()
	starts, err := positions.ListStarts(in, opt, rules.MaxStarts)
	if err != nil {
		return nil, "", err
	}
	bounds, err := in.Bounds()
	if err != nil {
		return nil, "", err
	}
	lo, hi, why := c.PriorBox(starts, bounds, len(g.Piles))
	if why != "" {
		return nil, why, nil
	}
	if why := c.OverflowFree(lo, hi); why != "" {
		return nil, why, nil
	}
	sw := &sweep{c: c, g: g, in: in, lo: lo, hi: hi, bounds: bounds, opt: opt, peers: peers, save: save}
	switch {
	case peers != nil && sw.canFill(starts):
		// each peer makes its own rows' bits, once the rows are cut
		f, why, err := sw.filledRows(starts)
		if why != "" || err != nil {
			return nil, why, err
		}
		return withRows(c, g, f, starts)
	case sw.canFill(starts):
		if why, err := sw.fill(starts); why != "" || err != nil {
			return nil, why, err
		}
		c.Found = filledFound
	case bounds != nil && c.Simple != nil && c.Hist == 1:
		if why, err := sw.wholeBox(); why != "" || err != nil {
			return nil, why, err
		}
		c.Found = "every tuple of [bounds], the moves that leave it checked where they do"
		if sw.swept {
			c.Found = "every tuple of [bounds], swept in the order of play"
		}
	default:
		if why, err := sw.run(starts); why != "" || err != nil {
			return nil, why, err
		}
		c.Found = "found in one sweep of the box in the order of play"
	}
	c.Sent = sw.sent
	c.Space, why = sw.space()
	if why != "" {
		return nil, why, nil
	}
	_, size := c.Space.Box()
	c.Stride = positions.Strides(size, c.Hist)
	if c.Starts, err = shape.StartIndices(c.Space, g, starts); err != nil {
		return nil, "", err
	}
	return c, "", nil
}

// filledFound is how the positions of a filled box are found.
const filledFound = "every tuple above a start (each pile has a move + 1)"

// withRows is c with the positions of a filled box as its rows (Rows), no
// Space.
func withRows(c *shape.Compiled, g *rules.Game, f *filled, starts []rules.Start) (*shape.Compiled, string, error) {
	c.Found = filledFound
	c.Rows = positions.NewBoxRows(g, f.lo, f.size, f.rows, f.rowLen, f.row)
	c.Stride = positions.Strides(f.size, c.Hist)
	for _, s := range starts {
		i, ok := c.Rows.Index(s.Piles)
		if !ok {
			return nil, "", fmt.Errorf("start position %s was not enumerated", positions.Format(g, s.Piles, 0))
		}
		c.Starts = append(c.Starts, positions.StartPos{Params: s.Params, Index: i})
	}
	return c, "", nil
}

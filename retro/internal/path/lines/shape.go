package lines

import (
	"fmt"
	"math"

	"retro/positions"
	"retro/retro/internal/shape"
	"retro/rules"
)

// The lines path's shape: a game whose moves take any number (line moves,
// rules.LineMove) beside the compiled path's constant moves, every move
// lowering the piles, in a [bounds] box or from [start]. A position there
// has as many moves as its piles hold stones, so no path that makes the
// moves one by one pays less than an edge a move; the sweep values a
// position from a few accumulators along its lines instead.

// LineGame is a game instance in the lines path's shape: the constant
// moves, the end and the Space of the whole box as the compiled path has
// them (Compiled: no history, every move lowers the index), and the line
// moves the game allows.
type LineGame struct {
	*shape.Compiled
	Lines []rules.LineMove
	// LinePlays[h] are the line moves a player at history h may make,
	// each with the history it leads to (as Compiled.Plays for the
	// constant moves).
	LinePlays [][]LinePlay
	// Lo and Hi are the box, pile by pile.
	Lo, Hi []int64
	forms  []lineForm // the line moves as Span reads them
	game   *rules.Game
}

// LinePlay is a line move (an index into LineGame.Lines) allowed at some
// history, and the history it leads to.
type LinePlay struct {
	Line, Next int
}

// FindLines finds the positions of an instance in the lines path's shape:
// every tuple of its [bounds], or those reached from its [start] (and,
// with history, what their moves reach at other histories). When the
// instance is not of that shape it returns nil and the reason, and
// whether the path line shows it (not a reason the compiled path gives
// too, nor "no line moves"); errors are the caller's stop.
func FindLines(in *rules.Instance, opt positions.Options) (lg *LineGame, why string, shown bool, err error) {
	if err := opt.Stopped(); err != nil {
		return nil, "", false, err
	}
	lg, why, quiet := linesShape(in, opt)
	if why != "" {
		return nil, why, !quiet, nil
	}
	opt = opt.WithDefaults() // indices of 32 bits, as every path but the compiled one
	bounds, err := in.Bounds()
	if err != nil {
		return nil, "", false, err
	}
	starts, err := positions.ListStarts(in, opt, rules.MaxStarts)
	if err != nil {
		return nil, "", false, err
	}
	vol, why, err := lg.box(bounds, starts, opt)
	if why != "" || err != nil {
		return nil, why, why != "", err
	}
	if why, err := lg.find(bounds != nil, starts, vol, opt); why != "" || err != nil {
		return nil, why, why != "", err
	}
	c := lg.Compiled
	if c.Starts, err = shape.StartIndices(c.Space, in.Game, starts); err != nil {
		return nil, "", false, err
	}
	return lg, "", false, nil
}

// box sets the box the sweeps run over: [bounds], or from 0 to the
// starts' largest piles (every move lowers the piles, none below 0). It
// returns its cells.
func (lg *LineGame) box(bounds []rules.Range, starts []rules.Start, opt positions.Options) (int64, string, error) {
	np := len(lg.game.Piles)
	lo, hi := make([]int64, np), make([]int64, np)
	if bounds == nil && len(starts) == 0 {
		return 0, "no start positions", nil
	}
	for k := range np {
		lo[k], hi[k] = math.MaxInt64, math.MinInt64
		if bounds != nil {
			lo[k], hi[k] = bounds[k].Lo, bounds[k].Hi
			if hi[k] < lo[k] {
				return 0, "the box is empty", nil
			}
			continue
		}
		lo[k] = 0
		for _, s := range starts {
			if s.Piles[k] < 0 {
				return 0, "a start lies below 0", nil
			}
			hi[k] = max(hi[k], s.Piles[k])
		}
	}
	for _, s := range starts {
		for k, v := range s.Piles {
			if v < lo[k] || v > hi[k] {
				return 0, "a start lies outside [bounds]", nil
			}
		}
	}
	limit := uint64(opt.MaxPositions) // [bounds]: every tuple a position
	if bounds == nil {
		limit = min(uint64(positions.BoxCeiling), max(uint64(1<<26), 4*uint64(opt.MaxPositions)))
	}
	vol := uint64(1)
	for k := range np {
		size := uint64(hi[k] - lo[k] + 1)
		if vol > limit/size {
			if bounds != nil {
				return 0, "", positions.BoxTooLarge(opt.MaxPositions)
			}
			return 0, "the box around the positions is too large", nil
		}
		vol *= size
	}
	lg.Lo, lg.Hi = lo, hi
	if why := lg.fits(); why != "" {
		return 0, why, nil
	}
	return int64(vol) * int64(lg.Hist), "", nil
}

// find finds the positions in the box of vol cells and makes the Space:
// without history every tuple of [bounds] at once, otherwise by a sweep
// against the order of play (reach).
func (lg *LineGame) find(boxed bool, starts []rules.Start, vol int64, opt positions.Options) (string, error) {
	c := lg.Compiled
	np := len(lg.Lo)
	size := make([]int64, np)
	for k := range np {
		size[k] = lg.Hi[k] - lg.Lo[k] + 1
	}
	c.Stride = positions.Strides(size, c.Hist)
	if boxed && c.Hist == 1 {
		member := positions.NewBitset(int(vol))
		for w := range member {
			member[w] = ^uint64(0)
		}
		if r := vol % 64; r != 0 {
			member[len(member)-1] = 1<<r - 1
		}
		c.Found = "every tuple of [bounds]"
		sp, why := positions.FitDense(lg.game, 1, lg.Lo, size, member, int(vol), lg.Lo, lg.Hi)
		c.Space = sp
		return why, nil
	}
	if err := opt.Afford("the lines path's search", int(vol), vol/8+4*vol*int64(len(lg.Lines))); err != nil {
		return "", err
	}
	var startCells []int64
	if !boxed {
		for _, s := range starts {
			cell, _ := lg.cellOf(s.Piles, 0)
			startCells = append(startCells, cell)
		}
	}
	r, why, err := lg.reach(vol, boxed, startCells, opt)
	if why != "" || err != nil {
		return why, err
	}
	if r.count > opt.MaxPositions {
		return "", positions.OverCap(r.count, opt.MaxPositions)
	}
	c.Found = "every tuple of [bounds], and what their moves reach at other histories, in one sweep against the order of play"
	if !boxed {
		c.Found = "those the starts reach, in one sweep of the box against the order of play"
	}
	sp, why := positions.FitDense(lg.game, c.Hist, lg.Lo, size, r.member, r.count, r.min, r.max)
	if why != "" {
		return why, nil
	}
	c.Space = sp
	// the sweeps run over the positions' tight box from here on
	lg.Lo, lg.Hi = r.min, r.max
	for k := range np {
		size[k] = lg.Hi[k] - lg.Lo[k] + 1
	}
	c.Stride = positions.Strides(size, c.Hist)
	return "", nil
}

// linesShape checks what FindLines can tell from the rules alone.
// Its reasons that the compiled path gives too, or that only say the
// game has no line moves, are quiet: not shown on the path line.
func linesShape(in *rules.Instance, opt positions.Options) (lg *LineGame, why string, quiet bool) {
	g := in.Game
	if why := shape.Swept(in, opt); why != "" {
		return nil, why, true
	}
	moves, lines, why := in.Lines()
	if why != "" {
		_, affine := in.Affine()
		return nil, why, why == affine
	}
	switch {
	case len(lines) == 0:
		return nil, "no line moves", true
	case g.Signed:
		return nil, "a signed game", false
	case g.Tier != "":
		return nil, "a declared tier", false
	}
	lg, why = linesOf(in, moves, lines)
	return lg, why, false
}

// linesOf is the LineGame of an instance's moves, as far as its rules
// make it, or the reason it is not of the lines path's shape.
func linesOf(in *rules.Instance, moves []rules.AffineMove, lines []rules.LineMove) (*LineGame, string) {
	g := in.Game
	at, why := in.AllowTable()
	if why != "" {
		return nil, why
	}
	hist := positions.HistorySize(g)
	c := &shape.Compiled{Moves: moves, Hist: hist}
	c.Plays, c.Groups = shape.PlaysOf(moves, at, hist)
	end, has, why := in.LinearEnd()
	if why != "" {
		return nil, why
	}
	if has {
		c.SetEnd(end)
	}
	for k := range moves {
		if _, d := shape.MoveWay(&moves[k], false); !d {
			return nil, fmt.Sprintf("the move `%s` does not lower the piles, and line moves do", moves[k].Text)
		}
	}
	lg := &LineGame{Compiled: c, Lines: lines, LinePlays: make([][]LinePlay, hist), game: g}
	for k, l := range lines {
		lg.forms = append(lg.forms, formOf(&l))
		for _, s := range l.Step {
			if s > 0 {
				return nil, fmt.Sprintf("the line move `%s` raises a pile", l.Text)
			}
		}
		for h := range hist {
			if at.Allowed[h][l.Cmd] {
				lg.LinePlays[h] = append(lg.LinePlays[h], LinePlay{Line: k, Next: at.Next[h][l.Cmd]})
			}
		}
	}
	return lg, ""
}

// fits checks, over the box, what the sweep takes for granted: no line
// move's range starts below 0 (k < 0 would move the other way), and no
// move, range or end overflows.
func (lg *LineGame) fits() string {
	if why := lg.OverflowFree(lg.Lo, lg.Hi); why != "" {
		return why
	}
	var m float64
	for k := range lg.Lo {
		m = max(m, math.Abs(float64(lg.Lo[k])), math.Abs(float64(lg.Hi[k])))
	}
	for _, l := range lg.Lines {
		for _, b := range append(append([]rules.Bound(nil), l.Lo...), l.Hi...) {
			s := math.Abs(float64(b.Const))
			for _, c := range b.Coef {
				s += math.Abs(float64(c)) * m
			}
			if s > 1<<61 {
				return fmt.Sprintf("the range of the move `%s` may overflow", l.Text)
			}
		}
		least := int64(math.MinInt64)
		for _, b := range l.Lo {
			least = max(least, lg.boxMin(b))
		}
		if least < 0 {
			return fmt.Sprintf("the range of the move `%s` may start below 0, a move the other way", l.Text)
		}
	}
	return ""
}

// boxMin is the least a bound takes over the box.
func (lg *LineGame) boxMin(b rules.Bound) int64 {
	v := b.Const
	for j, c := range b.Coef {
		if c > 0 {
			v += c * lg.Lo[j]
		} else {
			v += c * lg.Hi[j]
		}
	}
	if b.Div > 1 {
		v = rules.FloorDiv(v, b.Div)
	}
	return v
}

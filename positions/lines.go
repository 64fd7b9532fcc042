package positions

import (
	"fmt"
	"math"

	"retro/rules"
)

// The lines path's half here: a game whose moves take any number (line
// moves, rules.LineMove) beside the compiled path's constant moves, every
// move lowering the piles, in a [bounds] box whose every tuple is a
// position. A position there has as many moves as its piles hold stones,
// so no path that makes the moves one by one pays less than an edge a
// move; the lines path (retro) values a position from a few accumulators
// along its lines instead.

// LineGame is a game instance in the lines path's shape: the constant
// moves, the end and the Space of the whole box as the compiled path has
// them (Compiled: no history, every move lowers the index), and the line
// moves the game allows.
type LineGame struct {
	*Compiled
	Lines []rules.LineMove
	// LinePlays[h] are the line moves a player at history h may make,
	// each with the history it leads to (as Compiled.Plays for the
	// constant moves).
	LinePlays [][]LinePlay
	// Lo and Hi are the box, pile by pile.
	Lo, Hi []int64
	forms  []lineForm // the line moves as Span reads them
}

// LinePlay is a line move (an index into LineGame.Lines) allowed at some
// history, and the history it leads to.
type LinePlay struct {
	Line, Next int
}

// FindLines finds the positions of an instance in the lines path's shape:
// every tuple of its [bounds]. When the instance is not of that shape it
// returns nil and the reason, and whether the path line shows it (not a
// reason the compiled path gives too, nor "no line moves"); errors are
// the caller's stop.
func FindLines(in *rules.Instance, opt Options) (lg *LineGame, why string, shown bool, err error) {
	if err := opt.stopped(); err != nil {
		return nil, "", false, err
	}
	lg, why, quiet := linesShape(in, opt)
	if why != "" {
		return nil, why, !quiet, nil
	}
	g := in.Game
	opt = opt.withDefaults() // indices of 32 bits, as every path but the compiled one
	bounds, err := in.Bounds()
	if err != nil {
		return nil, "", false, err
	}
	if bounds == nil {
		return nil, "no [bounds]: line moves are valued over a whole box", true, nil
	}
	starts, err := listStarts(in, opt, rules.MaxStarts)
	if err != nil {
		return nil, "", false, err
	}
	np := len(g.Piles)
	c := lg.Compiled
	lo, hi, size := make([]int64, np), make([]int64, np), make([]int64, np)
	vol := uint64(c.Hist)
	for k, r := range bounds {
		if r.Hi < r.Lo {
			return nil, "the box is empty", true, nil
		}
		lo[k], hi[k], size[k] = r.Lo, r.Hi, r.Hi-r.Lo+1
		if vol > uint64(opt.MaxPositions)*uint64(c.Hist)/uint64(size[k]) {
			return nil, "", false, boxTooLarge(opt.MaxPositions)
		}
		vol *= uint64(size[k])
	}
	if vol/uint64(c.Hist) > uint64(opt.MaxPositions) {
		return nil, "", false, boxTooLarge(opt.MaxPositions)
	}
	for _, s := range starts {
		for k, v := range s.Piles {
			if v < lo[k] || v > hi[k] {
				return nil, "a start lies outside [bounds]", true, nil
			}
		}
	}
	lg.Lo, lg.Hi = lo, hi
	if why := lg.fits(); why != "" {
		return nil, why, true, nil
	}
	c.Stride = strides(size, c.Hist)
	var member Bitset
	count := int(vol)
	if c.Hist == 1 {
		member = NewBitset(int(vol))
		for w := range member {
			member[w] = ^uint64(0)
		}
		if r := vol % 64; r != 0 {
			member[len(member)-1] = 1<<r - 1
		}
		c.Found = "every tuple of [bounds]"
	} else {
		if err := opt.afford("the lines path's search", int(vol), int64(vol)/8+4*int64(vol)*int64(len(lg.Lines))); err != nil {
			return nil, "", false, err
		}
		member, count, why, err = lg.reach(int64(vol), opt)
		if why != "" || err != nil {
			return nil, why, why != "", err
		}
		if count > opt.MaxPositions {
			return nil, "", false, overCap(count, opt.MaxPositions)
		}
		c.Found = "every tuple of [bounds], and what their moves reach at other histories, in one sweep against the order of play"
	}
	c.Space, why = fitDense(g, c.Hist, lo, size, member, count, lo, hi)
	if why != "" {
		return nil, why, true, nil
	}
	if c.Starts, err = startIndices(c.Space, g, starts); err != nil {
		return nil, "", false, err
	}
	return lg, "", false, nil
}

// linesShape checks what FindLines can tell from the rules alone.
// Its reasons that the compiled path gives too, or that only say the
// game has no line moves, are quiet: not shown on the path line.
func linesShape(in *rules.Instance, opt Options) (lg *LineGame, why string, quiet bool) {
	g := in.Game
	if why := sweptShape(in, opt); why != "" {
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
	hist := HistorySize(g)
	c := &Compiled{Moves: moves, Hist: hist}
	c.Plays, c.Groups = playsOf(moves, at, hist)
	end, has, why := in.LinearEnd()
	if why != "" {
		return nil, why
	}
	if has {
		c.setEnd(end)
	}
	for k := range moves {
		if _, d := moveWay(&moves[k], false); !d {
			return nil, fmt.Sprintf("the move `%s` does not lower the piles, and line moves do", moves[k].Text)
		}
	}
	lg := &LineGame{Compiled: c, Lines: lines, LinePlays: make([][]LinePlay, hist)}
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
	if why := lg.overflowFree(lg.Lo, lg.Hi); why != "" {
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

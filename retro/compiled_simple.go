package retro

import "retro/positions"

// The compiled sweep for the commonest shape: every move changes one pile
// by itself (pile op constant, `each`), and one side wins at every end.
// Then a move is a step of the cell by a multiple of its pile's stride,
// and a cell that is not a position holds the value of a move into it
// (every such cell a move reaches is an end), so a move costs a multiply,
// a range test and a load.

// simpleStep is a simple move with its pile's stride and range in the box.
type simpleStep struct {
	positions.SimpleMove
	stride, lo, hi int64
}

// twins marks, per pile and value, where two moves of that pile may lead
// to the same position (a + 1 and 2a at a = 1): only there are the
// successors of a position compared, to count each edge once.
type twins struct {
	lo   []int64
	mark [][]bool
	any  bool
}

func newTwins(ss []simpleStep, lo, size []int64) *twins {
	tw := &twins{lo: lo, mark: make([][]bool, len(size))}
	for a := range ss {
		for b := a + 1; b < len(ss); b++ {
			if ss[a].P != ss[b].P {
				continue // each changes its own pile: never the same position
			}
			pl := ss[a].P
			if tw.mark[pl] == nil {
				tw.mark[pl] = make([]bool, size[pl])
			}
			for v := lo[pl]; v < lo[pl]+size[pl]; v++ {
				x, y := ss[a].apply(v), ss[b].apply(v)
				if x == y && x != v {
					tw.mark[pl][v-lo[pl]] = true
					tw.any = true
				}
			}
		}
	}
	return tw
}

func (m *simpleStep) apply(v int64) int64 {
	nv := m.Mul*v + m.Add
	if m.Div > 1 {
		nv = floorDivPos(nv, m.Div)
	}
	return nv
}

// at reports whether two moves may meet at p.
func (tw *twins) at(p []int64) bool {
	if !tw.any {
		return false
	}
	for k, m := range tw.mark {
		if m != nil && m[p[k]-tw.lo[k]] {
			return true
		}
	}
	return false
}

// sweepSimple values every position of a simple game, row by row against
// the order of play. It keeps a value v of a position as v<<1 | 1, so that
// a cell tells by itself whether it is a position; vals holds endCode<<1
// in every cell on entry.
func sweepSimple[V cellValue](s *compiledSolver, vals []V, endCode uint64, limit uint64, opt Options) error {
	c := s.c
	sp := c.Space
	lo, size := sp.Box()
	member := sp.Members()
	np := len(size)
	last := np - 1
	var ss []simpleStep
	for _, m := range c.Simple {
		ss = append(ss, simpleStep{SimpleMove: m, stride: c.Stride[m.P], lo: lo[m.P], hi: lo[m.P] + size[m.P] - 1})
	}
	tw := newTwins(ss, lo, size)
	rowLen := size[last]
	rows := int64(1)
	for _, z := range size[:last] {
		rows *= z
	}
	p := make([]int64, np)
	hasEnd := c.EndOp != positions.EndNone
	var endLast int64
	if hasEnd {
		endLast = c.EndCoef[last]
	}
	endC := make([]int64, len(ss))
	for k, m := range ss {
		if hasEnd {
			endC[k] = c.EndCoef[m.P]
		}
	}
	seen := make([]int64, len(ss))
	up := c.Up
	for r0 := int64(0); r0 < rows; r0++ {
		r := r0
		if up { // the values are made against the order of play
			r = rows - 1 - r0
		}
		if r0&255 == 0 && opt.Context != nil {
			if err := opt.Context.Err(); err != nil {
				return err
			}
		}
		base := r * rowLen
		decodeRow(base, lo, size, p)
		p[last] = lo[last]
		var e0 int64
		if hasEnd {
			e0 = c.EndSum(p)
		}
		for j0 := int64(0); j0 < rowLen; j0++ {
			j := j0
			if up {
				j = rowLen - 1 - j0
			}
			cell := base + j
			w := member[cell>>6]
			if w == 0 {
				if up {
					j0 += cell & 63 // skip to the word below
				} else {
					j0 += 63 - cell&63
				}
				continue
			}
			if w&(1<<uint(cell&63)) == 0 {
				continue
			}
			p[last] = lo[last] + j
			e := e0 + endLast*j
			var v uint64
			legal := 0
			if hasEnd && c.Holds(e) {
				v = rowValue(s, endCode)
			} else {
				minL, maxW := uint64(1<<63), uint64(0)
				dedupe := tw.at(p)
				n := 0
				in := 0
				for k := range ss {
					m := &ss[k]
					pv := p[m.P]
					nv := m.Mul*pv + m.Add
					if m.Div > 1 {
						nv = floorDivPos(nv, m.Div)
					}
					if nv == pv || nv < 0 && !c.Signed {
						continue
					}
					legal++
					code := endCode
					if nv >= m.lo && nv <= m.hi {
						tc := cell + (nv-pv)*m.stride
						code = uint64(vals[tc])
						if code&1 != 0 { // a position, not an end
							in++
							if dedupe {
								seen[n] = tc
								n++
							}
						}
						code >>= 1
					}
					if code&1 == 0 {
						minL = min(minL, code>>1)
					} else {
						maxW = max(maxW, code>>1)
					}
				}
				switch {
				case legal == 0:
					v = rowValue(s, endCode)
				case minL != 1<<63:
					v = (minL+1)<<1 | 1
				default:
					v = (maxW + 1) << 1
				}
				if dedupe {
					in = distinctCount(seen[:n])
				}
				s.edges += int64(in)
			}
			if v > limit>>1 {
				return errLayers{}
			}
			vals[cell] = V(v<<1 | 1)
			s.moves += int64(legal)
		}
	}
	return nil
}

// rowValue is the value of a final row, seen from the player to move
// there, given the value of a move into an end of the game.
func rowValue(s *compiledSolver, endCode uint64) uint64 {
	if endCode == uint64(s.wonEnd) {
		return 2 // the mover has won: the player to move has lost, L 0
	}
	if s.lebedev {
		return 2<<1 | 1
	}
	return 1
}

// decodeRow writes the piles of a cell into p.
func decodeRow(cell int64, lo, size, p []int64) {
	for k := len(size) - 1; k >= 0; k-- {
		p[k] = lo[k] + cell%size[k]
		cell /= size[k]
	}
}

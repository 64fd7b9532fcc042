package positions

import (
	"math"
	"math/big"

	"retro/rules"
)

// A weighted sum kept by every move: positive integer weights w, one a
// pile, with Σ w_k·δ_k = 0 for the delta vector δ of every shift. The
// weights are worked out exactly: the shifts are row-reduced over the
// rationals (in integers, each row kept primitive), which leaves the
// weights of the pivot piles fixed by those of the free ones; one free
// pile gives one direction, which must be positive throughout, and more
// give a small linear programme (all weights at least 1, the sum of the
// starts' weighted sums least), solved by the simplex method in exact
// rationals.

// maxWeightCells bounds the simplex tableau, rows times columns: a game
// whose shifts leave more freedom is not looked at for a kept sum.
const maxWeightCells = 1 << 14

// keptWeights returns positive weights of the piles that every shift
// keeps the weighted sum of, the least sum of the seeds' sums among them,
// or nil and what stands in the way.
func keptWeights(shifts []rules.Shift, piles int, seeds [][]int64) ([]int64, string) {
	rows, pivot, ok := reduceShifts(shifts, piles)
	if !ok {
		return nil, "the kept sums of the piles need more than 64-bit arithmetic"
	}
	if len(rows) == piles {
		return nil, "no weighted sum of the piles is kept by every move"
	}
	// The free piles that some row ties to a pivot pile are the
	// programme's variables; the others are alone and weigh 1.
	isPivot := make([]bool, piles)
	for _, p := range pivot {
		isPivot[p] = true
	}
	col := make([]int, piles) // the variable of a free pile, or -1
	var free []int
	for k := range col {
		col[k] = -1
		if isPivot[k] {
			continue
		}
		for _, r := range rows {
			if r[k] != 0 {
				col[k] = len(free)
				free = append(free, k)
				break
			}
		}
	}
	if len(free) == 1 {
		return oneDirection(rows, pivot, free[0], piles)
	}
	// The weight of pivot p of row r: w_p = -Σ_f r[f]·w_f / r[p] >= 1,
	// that is Σ_f (-r[f])·w_f >= r[p]; with w_f = 1 + x_f:
	// Σ_f (-r[f])·x_f >= r[p] + Σ_f r[f].
	if len(rows)*(len(free)+2*len(rows)+1) > maxWeightCells {
		return nil, "too many piles to look for a weighted sum that every move keeps"
	}
	total := make([]*big.Rat, piles) // the seeds' piles summed: the objective
	for k := range total {
		total[k] = new(big.Rat)
	}
	for _, s := range seeds {
		for k, v := range s {
			total[k].Add(total[k], new(big.Rat).SetInt64(v))
		}
	}
	// Each weight counts in the objective by the seeds' total of its
	// pile, times piles+1, and once more, so that among the weights of
	// the least start sums the smallest are taken.
	scale := new(big.Rat).SetInt64(int64(piles + 1))
	objective := func(k int) *big.Rat {
		c := new(big.Rat).Mul(total[k], scale)
		return c.Add(c, big.NewRat(1, 1))
	}
	a := make([][]*big.Rat, len(rows))
	h := make([]*big.Rat, len(rows))
	cost := make([]*big.Rat, len(free))
	for j, f := range free {
		cost[j] = objective(f)
	}
	for i, r := range rows {
		a[i] = make([]*big.Rat, len(free))
		h[i] = new(big.Rat).SetInt64(r[pivot[i]])
		for j, f := range free {
			a[i][j] = new(big.Rat).SetInt64(-r[f])
			h[i].Add(h[i], new(big.Rat).SetInt64(r[f]))
			// w_p's share of the objective: -r[f]/r[p] of w_f per unit
			share := new(big.Rat).SetFrac64(-r[f], r[pivot[i]])
			cost[j].Add(cost[j], share.Mul(share, objective(pivot[i])))
		}
	}
	x, feasible := simplexMin(a, h, cost)
	if !feasible {
		return nil, "no weighted sum of the piles with positive weights is kept by every move"
	}
	w := make([]*big.Rat, piles)
	for k := range w {
		w[k] = big.NewRat(1, 1)
		if col[k] >= 0 {
			w[k].Add(w[k], x[col[k]])
		}
	}
	for i, r := range rows {
		s := new(big.Rat)
		for _, f := range free {
			s.Add(s, new(big.Rat).Mul(new(big.Rat).SetInt64(-r[f]), w[f]))
		}
		w[pivot[i]] = s.Quo(s, new(big.Rat).SetInt64(r[pivot[i]]))
	}
	out, ok := integerWeights(w)
	if !ok {
		return nil, "the kept sums of the piles need more than 64-bit arithmetic"
	}
	return out, ""
}

// oneDirection is keptWeights where the rows tie every pivot pile to one
// free pile f (FSVP, the partition game): w_p = -r[f]/r[p]·w_f, positive
// throughout when every r[f] is negative, and one direction to scale.
func oneDirection(rows [][]int64, pivot []int, f, piles int) ([]int64, string) {
	w := make([]*big.Rat, piles)
	for k := range w {
		w[k] = big.NewRat(1, 1) // f, and the piles that no row ties
	}
	for i, r := range rows {
		if r[f] >= 0 {
			return nil, "no weighted sum of the piles with positive weights is kept by every move"
		}
		w[pivot[i]] = big.NewRat(-r[f], r[pivot[i]])
	}
	out, ok := integerWeights(w)
	if !ok {
		return nil, "the kept sums of the piles need more than 64-bit arithmetic"
	}
	return out, ""
}

// integerWeights scales positive rational weights to the smallest
// integers in the same ratios; false when one does not fit an int64.
func integerWeights(w []*big.Rat) ([]int64, bool) {
	l := big.NewInt(1)
	for _, v := range w {
		d := v.Denom()
		l.Mul(l, new(big.Int).Quo(d, new(big.Int).GCD(nil, nil, l, d)))
	}
	ints := make([]*big.Int, len(w))
	g := new(big.Int)
	for k, v := range w {
		ints[k] = new(big.Int).Mul(v.Num(), new(big.Int).Quo(l, v.Denom()))
		g.GCD(nil, nil, g, ints[k])
	}
	out := make([]int64, len(w))
	for k, v := range ints {
		v.Quo(v, g)
		if !v.IsInt64() || v.Sign() <= 0 {
			return nil, false
		}
		out[k] = v.Int64()
	}
	return out, true
}

// reduceShifts row-reduces the delta vectors of the shifts: rows in
// reduced echelon form, integer and primitive, each with a positive entry
// at its pivot pile and 0 at the others' pivots. ok is false when an
// entry outgrows an int64.
func reduceShifts(shifts []rules.Shift, piles int) (rows [][]int64, pivot []int, ok bool) {
	v := make([]int64, piles)
	for _, s := range shifts {
		clear(v)
		for i, k := range s.Piles {
			v[k] = s.Deltas[i]
		}
		for i, r := range rows {
			if c := v[pivot[i]]; c != 0 {
				if !combine(v, r[pivot[i]], r, c) {
					return nil, nil, false
				}
			}
		}
		q := -1
		for k, c := range v {
			if c != 0 {
				q = k
				break
			}
		}
		if q < 0 {
			continue
		}
		r := append([]int64(nil), v...)
		if r[q] < 0 {
			for k := range r {
				r[k] = -r[k]
			}
		}
		for _, o := range rows {
			if c := o[q]; c != 0 {
				if !combine(o, r[q], r, c) {
					return nil, nil, false
				}
			}
		}
		rows, pivot = append(rows, r), append(pivot, q)
	}
	return rows, pivot, true
}

// combine sets v to a·v - c·r, divided by the gcd of its entries; false
// on overflow.
func combine(v []int64, a int64, r []int64, c int64) bool {
	var g int64
	for k := range v {
		x, ok1 := mulInt64(a, v[k])
		y, ok2 := mulInt64(c, r[k])
		if !ok1 || !ok2 || (y < 0 && x > math.MaxInt64+y) || (y > 0 && x < math.MinInt64+y) {
			return false
		}
		v[k] = x - y
		g = gcdInt64(g, v[k])
	}
	if g > 1 {
		for k := range v {
			v[k] /= g
		}
	}
	return true
}

// mulInt64 is a·b, and false when it overflows.
func mulInt64(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	p := a * b
	if p/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		return 0, false
	}
	return p, true
}

func gcdInt64(a, b int64) int64 {
	if a < 0 {
		a = -a
	}
	if b < 0 {
		b = -b
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// simplexMin minimises cost·x subject to a·x >= h row by row and x >= 0,
// in exact rationals, by the two-phase simplex method with Bland's rule
// (which cannot cycle). The programme must be bounded below where it is
// feasible; false when it is not feasible.
func simplexMin(a [][]*big.Rat, h []*big.Rat, cost []*big.Rat) ([]*big.Rat, bool) {
	m, n := len(a), len(cost)
	// Columns: the n variables, a surplus for each row, an artificial for
	// each row whose right side is positive; then the right side.
	art := make([]int, m) // the artificial column of a row, or -1
	cols := n + m
	for i := range h {
		art[i] = -1
		if h[i].Sign() > 0 {
			art[i] = cols
			cols++
		}
	}
	t := make([][]*big.Rat, m)
	basis := make([]int, m)
	for i := range t {
		t[i] = make([]*big.Rat, cols+1)
		for j := range t[i] {
			t[i][j] = new(big.Rat)
		}
		sign := int64(1)
		if art[i] < 0 {
			sign = -1 // -a·x + s = -h >= 0, the surplus basic
		}
		for j := 0; j < n; j++ {
			t[i][j].Mul(a[i][j], big.NewRat(sign, 1))
		}
		t[i][n+i].SetInt64(-sign)
		t[i][cols].Mul(h[i], big.NewRat(sign, 1))
		basis[i] = n + i
		if art[i] >= 0 {
			t[i][art[i]].SetInt64(1)
			basis[i] = art[i]
		}
	}
	isArt := func(j int) bool { return j >= n+m }
	// Phase one: least sum of the artificials.
	c1 := make([]*big.Rat, cols)
	for j := range c1 {
		c1[j] = new(big.Rat)
		if isArt(j) {
			c1[j].SetInt64(1)
		}
	}
	simplexRun(t, basis, c1, cols, func(int) bool { return true })
	for i := range t {
		if isArt(basis[i]) && t[i][cols].Sign() != 0 {
			return nil, false
		}
	}
	// Artificials left in the basis at 0 leave it for any other column
	// of their row; a row without one says what others say already.
	for i := 0; i < len(t); i++ {
		if !isArt(basis[i]) {
			continue
		}
		out := -1
		for j := 0; j < n+m; j++ {
			if t[i][j].Sign() != 0 {
				out = j
				break
			}
		}
		if out < 0 {
			t, basis = append(t[:i], t[i+1:]...), append(basis[:i], basis[i+1:]...)
			i--
			continue
		}
		pivotTableau(t, i, out)
		basis[i] = out
	}
	c2 := make([]*big.Rat, cols)
	for j := range c2 {
		c2[j] = new(big.Rat)
		if j < n {
			c2[j].Set(cost[j])
		}
	}
	simplexRun(t, basis, c2, cols, func(j int) bool { return !isArt(j) })
	x := make([]*big.Rat, n)
	for j := range x {
		x[j] = new(big.Rat)
	}
	for i, b := range basis {
		if b < n {
			x[b].Set(t[i][cols])
		}
	}
	return x, true
}

// simplexRun pivots tableau t (right side in column rhs) to a basis
// least in cost c, among the columns that may enter.
func simplexRun(t [][]*big.Rat, basis []int, c []*big.Rat, rhs int, may func(int) bool) {
	red := new(big.Rat)
	tmp := new(big.Rat)
	for {
		enter := -1
		for j := 0; j < rhs && enter < 0; j++ {
			if !may(j) {
				continue
			}
			// the reduced cost c_j - Σ_i c_basis(i)·t[i][j]
			red.Set(c[j])
			for i, b := range basis {
				if c[b].Sign() != 0 && t[i][j].Sign() != 0 {
					red.Sub(red, tmp.Mul(c[b], t[i][j]))
				}
			}
			if red.Sign() < 0 {
				enter = j
			}
		}
		if enter < 0 {
			return
		}
		leave := -1
		var best *big.Rat
		for i := range t {
			if t[i][enter].Sign() <= 0 {
				continue
			}
			ratio := new(big.Rat).Quo(t[i][rhs], t[i][enter])
			if leave < 0 || ratio.Cmp(best) < 0 || ratio.Cmp(best) == 0 && basis[i] < basis[leave] {
				leave, best = i, ratio
			}
		}
		if leave < 0 {
			return // unbounded: not for the programmes of weights, whose cost is bounded below
		}
		pivotTableau(t, leave, enter)
		basis[leave] = enter
	}
}

// pivotTableau makes column j the unit vector of row r.
func pivotTableau(t [][]*big.Rat, r, j int) {
	p := new(big.Rat).Set(t[r][j])
	for k := range t[r] {
		t[r][k].Quo(t[r][k], p)
	}
	f := new(big.Rat)
	tmp := new(big.Rat)
	for i := range t {
		if i == r || t[i][j].Sign() == 0 {
			continue
		}
		f.Set(t[i][j])
		for k := range t[i] {
			if t[r][k].Sign() != 0 {
				t[i][k].Sub(t[i][k], tmp.Mul(f, t[r][k]))
			}
		}
	}
}

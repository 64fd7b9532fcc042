package shape

import "testing"

// TestEndPointsBrute counts the points a linear end leaves in a box, against
// a count of every tuple.
func TestEndPointsBrute(t *testing.T) {
	for _, tc := range []struct {
		coef   []int64
		k      int64
		lo, hi []int64
	}{
		{[]int64{1, 1}, -4000, []int64{1, 1}, []int64{3998, 3998}},
		{[]int64{2, 3, 1}, -30, []int64{0, 1, 2}, []int64{14, 9, 27}},
		{[]int64{1, 1, 1, 1}, -4, []int64{0, 0, 0, 0}, []int64{3, 3, 3, 3}},
	} {
		c := &Compiled{EndCoef: tc.coef, EndConst: tc.k, EndOp: EndGE}
		got, ok := EndPoints(c, tc.lo, tc.hi, 1<<62)
		var want uint64
		p := make([]int64, len(tc.lo))
		var rec func(k int, w int64)
		rec = func(k int, w int64) {
			if k == len(p) {
				if w+tc.k < 0 {
					want++
				}
				return
			}
			for v := tc.lo[k]; v <= tc.hi[k]; v++ {
				rec(k+1, w+tc.coef[k]*v)
			}
		}
		rec(0, 0)
		if !ok || got != want {
			t.Errorf("%v: %d %v, want %d", tc, got, ok, want)
		}
	}
}

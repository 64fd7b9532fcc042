package rules

import (
	"errors"
	"math"
	"testing"
)

// The wanted values are Python's (worked out by hand from Python's rules:
// // rounds toward minus infinity, a % b has the sign of b, and
// a == (a // b) * b + a % b).
func TestArith(t *testing.T) {
	const (
		maxI = math.MaxInt64
		minI = math.MinInt64
	)
	tests := []struct {
		op   token
		a, b int64
		want int64
		err  error
	}{
		{tAdd, 2, 3, 5, nil},
		{tAdd, maxI, 1, 0, ErrOverflow},
		{tAdd, minI, -1, 0, ErrOverflow},
		{tAdd, maxI, minI, -1, nil},
		{tSub, 2, 3, -1, nil},
		{tSub, minI, 1, 0, ErrOverflow},
		{tSub, 0, minI, 0, ErrOverflow},
		{tSub, -1, minI, maxI, nil},
		{tMul, 6, 7, 42, nil},
		{tMul, -6, 7, -42, nil},
		{tMul, 1 << 32, 1 << 31, 0, ErrOverflow},
		{tMul, 1 << 31, 1 << 31, 1 << 62, nil},
		{tMul, -1, minI, 0, ErrOverflow},
		{tMul, minI, 1, minI, nil},
		{tMul, 3037000500, 3037000500, 0, ErrOverflow},
		{tMul, 3037000499, 3037000499, 9223372030926249001, nil},
		{tMul, -3037000500, 3037000500, 0, ErrOverflow},
		{tFloorDiv, 7, 2, 3, nil},
		{tFloorDiv, -7, 2, -4, nil},
		{tFloorDiv, 7, -2, -4, nil},
		{tFloorDiv, -7, -2, 3, nil},
		{tFloorDiv, -8, 2, -4, nil},
		{tFloorDiv, 0, -3, 0, nil},
		{tFloorDiv, 7, 0, 0, ErrDivByZero},
		{tFloorDiv, minI, -1, 0, ErrOverflow},
		{tFloorDiv, minI, 1, minI, nil},
		{tFloorDiv, minI, 2, minI / 2, nil},
		{tFloorDiv, maxI, -1, -maxI, nil},
		{tMod, 7, 2, 1, nil},
		{tMod, -7, 2, 1, nil},
		{tMod, 7, -2, -1, nil},
		{tMod, -7, -2, -1, nil},
		{tMod, 6, -3, 0, nil},
		{tMod, -1, 5, 4, nil},
		{tMod, 7, 0, 0, ErrDivByZero},
		{tMod, minI, -1, 0, nil},
		{tMod, minI, 3, 1, nil}, // -9223372036854775808 = -3074457345618258603*3 + 1
		{tPow, 2, 10, 1024, nil},
		{tPow, 2, 62, 1 << 62, nil},
		{tPow, 2, 63, 0, ErrOverflow},
		{tPow, -2, 63, minI, nil},
		{tPow, -2, 64, 0, ErrOverflow},
		{tPow, 10, 18, 1000000000000000000, nil},
		{tPow, 10, 19, 0, ErrOverflow},
		{tPow, 3, 39, 4052555153018976267, nil},
		{tPow, 3, 40, 0, ErrOverflow},
		{tPow, 0, 0, 1, nil},
		{tPow, 0, 5, 0, nil},
		{tPow, 1, maxI, 1, nil},
		{tPow, -1, maxI, -1, nil},
		{tPow, -1, 1 << 40, 1, nil},
		{tPow, -3, 3, -27, nil},
		{tPow, 2, -1, 0, ErrNegativeExponent},
		{tPow, 0, -1, 0, ErrNegativeExponent},
		{tPow, 7, 1000, 0, ErrOverflow},
	}
	for _, tt := range tests {
		got, err := arith(tt.op, tt.a, tt.b)
		if !errors.Is(err, tt.err) || err == nil && got != tt.want {
			t.Errorf("%d %s %d = %d, %v; want %d, %v", tt.a, tt.op, tt.b, got, err, tt.want, tt.err)
		}
	}
}

// TestFloorIdentity checks a == (a // b) * b + a % b and the sign of a % b
// over a grid of small numbers.
func TestFloorIdentity(t *testing.T) {
	for a := int64(-20); a <= 20; a++ {
		for b := int64(-7); b <= 7; b++ {
			if b == 0 {
				continue
			}
			q, _ := floorDiv(a, b)
			r, _ := floorMod(a, b)
			if q*b+r != a || r != 0 && (r < 0) != (b < 0) || abs(r) >= abs(b) {
				t.Errorf("a=%d b=%d: q=%d r=%d", a, b, q, r)
			}
		}
	}
}

func abs(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

func TestNegAbs(t *testing.T) {
	if _, err := neg(math.MinInt64); err != ErrOverflow {
		t.Errorf("neg(MinInt64): %v", err)
	}
	if _, err := abs64(math.MinInt64); err != ErrOverflow {
		t.Errorf("abs64(MinInt64): %v", err)
	}
	if v, _ := abs64(-5); v != 5 {
		t.Errorf("abs64(-5) = %d", v)
	}
}

func TestIsPrime(t *testing.T) {
	var small []int64
	for n := int64(-5); n <= 60; n++ {
		if isPrime(n) {
			small = append(small, n)
		}
	}
	want := []int64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59}
	if len(small) != len(want) {
		t.Fatalf("primes up to 60: %v", small)
	}
	for i := range want {
		if small[i] != want[i] {
			t.Fatalf("primes up to 60: %v", small)
		}
	}
	// Against trial division for a range past 41*41.
	for n := int64(1600); n < 20000; n++ {
		trial := n >= 2
		for d := int64(2); d*d <= n; d++ {
			if n%d == 0 {
				trial = false
				break
			}
		}
		if isPrime(n) != trial {
			t.Fatalf("isPrime(%d) = %v", n, !trial)
		}
	}
	big := map[int64]bool{
		1000000007:             true,
		1000000007 * 998244353: false,
		9223372036854775783:    true,  // the largest prime below 2**63
		9223372036854775807:    false, // 7 * 73 * ...
		3215031751:             false, // a strong pseudoprime to bases 2, 3, 5, 7
	}
	for n, want := range big {
		if isPrime(n) != want {
			t.Errorf("isPrime(%d) = %v", n, !want)
		}
	}
}

package rules

import (
	"math"
	"math/bits"
)

// Integer arithmetic with Python's meaning on int64: // and % round toward
// minus infinity, and a result that does not fit is reported (ok = false),
// never wrapped. Each function returns the sentinel that describes the
// failure, or nil.

func add(a, b int64) (int64, error) {
	c := a + b
	if (a^c)&(b^c) < 0 {
		return 0, ErrOverflow
	}
	return c, nil
}

func sub(a, b int64) (int64, error) {
	c := a - b
	if (a^b)&(a^c) < 0 {
		return 0, ErrOverflow
	}
	return c, nil
}

func mul(a, b int64) (int64, error) {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	// The signed high word: subtract b when a < 0 and a when b < 0.
	shi := int64(hi) - (a>>63)&b - (b>>63)&a
	c := int64(lo)
	if shi != c>>63 {
		return 0, ErrOverflow
	}
	return c, nil
}

// floorDiv is Python's a // b.
func floorDiv(a, b int64) (int64, error) {
	if b == 0 {
		return 0, ErrDivByZero
	}
	if b == -1 {
		if a == math.MinInt64 {
			return 0, ErrOverflow
		}
		return -a, nil
	}
	return FloorDiv(a, b), nil
}

// FloorDiv is Python's a // b, the quotient rounded down, for b != 0;
// unlike the rules' own division it does not check math.MinInt64 // -1.
func FloorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// floorMod is Python's a % b: zero or of the sign of b.
func floorMod(a, b int64) (int64, error) {
	if b == 0 {
		return 0, ErrDivByZero
	}
	if b == -1 {
		return 0, nil
	}
	r := a % b
	if r != 0 && ((r < 0) != (b < 0)) {
		r += b
	}
	return r, nil
}

// pow is a ** b for b >= 0.
func pow(a, b int64) (int64, error) {
	if b < 0 {
		return 0, ErrNegativeExponent
	}
	switch a {
	case 0:
		if b == 0 {
			return 1, nil
		}
		return 0, nil
	case 1:
		return 1, nil
	case -1:
		if b%2 == 0 {
			return 1, nil
		}
		return -1, nil
	}
	if b >= 64 {
		return 0, ErrOverflow
	}
	r := int64(1)
	var err error
	for {
		if b&1 != 0 {
			if r, err = mul(r, a); err != nil {
				return 0, err
			}
		}
		b >>= 1
		if b == 0 {
			return r, nil
		}
		// |a| >= 2 and bits of b remain, so the result needs a*a: if that
		// overflows, so does the result.
		if a, err = mul(a, a); err != nil {
			return 0, err
		}
	}
}

func neg(a int64) (int64, error) {
	if a == math.MinInt64 {
		return 0, ErrOverflow
	}
	return -a, nil
}

func abs64(a int64) (int64, error) {
	if a < 0 {
		return neg(a)
	}
	return a, nil
}

// arith applies a binary arithmetic operator.
func arith(op token, a, b int64) (int64, error) {
	switch op {
	case tAdd:
		return add(a, b)
	case tSub:
		return sub(a, b)
	case tMul:
		return mul(a, b)
	case tFloorDiv:
		return floorDiv(a, b)
	case tMod:
		return floorMod(a, b)
	case tPow:
		return pow(a, b)
	}
	panic("rules: arith: not an arithmetic operator: " + op.String())
}

// compareInts applies a comparison operator.
func compareInts(op token, a, b int64) bool {
	switch op {
	case tEql:
		return a == b
	case tNeq:
		return a != b
	case tLss:
		return a < b
	case tLeq:
		return a <= b
	case tGtr:
		return a > b
	case tGeq:
		return a >= b
	}
	panic("rules: compareInts: not a comparison: " + op.String())
}

// isPrime reports whether n is prime (false below 2), by a deterministic
// Miller–Rabin test for 64-bit numbers.
func isPrime(n int64) bool {
	if n < 2 {
		return false
	}
	for _, p := range [...]int64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37} {
		if n%p == 0 {
			return n == p
		}
	}
	if n < 41*41 {
		return true
	}
	u := uint64(n)
	d, s := u-1, 0
	for d%2 == 0 {
		d /= 2
		s++
	}
	for _, a := range [...]uint64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37} {
		x := powMod(a, d, u)
		if x == 1 || x == u-1 {
			continue
		}
		composite := true
		for r := 1; r < s; r++ {
			x = mulMod(x, x, u)
			if x == u-1 {
				composite = false
				break
			}
		}
		if composite {
			return false
		}
	}
	return true
}

func mulMod(a, b, m uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	_, r := bits.Div64(hi%m, lo, m)
	return r
}

func powMod(a, e, m uint64) uint64 {
	r := uint64(1)
	a %= m
	for e > 0 {
		if e&1 != 0 {
			r = mulMod(r, a, m)
		}
		a = mulMod(a, a, m)
		e >>= 1
	}
	return r
}

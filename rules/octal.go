package rules

import (
	"strings"

	"retro/rules/lang"
)

// Octal is an octal game code such as "0.77" (Kayles). Digits[k] is the
// digit for taking k tokens from one heap (Digits[0] is the digit before
// the point). Its bits say what may be left: 1, no heap (the whole heap of
// exactly k is taken); 2, one non-empty heap; 4, two non-empty heaps.
type Octal struct {
	Digits []uint8
}

// ParseOctal parses a code "D", "D.DDD..." or ".DDD..." of digits 0-7.
func ParseOctal(code string) (Octal, error) {
	before, after, dot := strings.Cut(code, ".")
	if len(before) > 1 {
		return Octal{}, lang.Errorf(mOctalOneDigit, lang.Quote(code))
	}
	if before == "" && (!dot || after == "") {
		return Octal{}, lang.Errorf(mOctalNoDigits, lang.Quote(code))
	}
	if before == "" {
		before = "0"
	}
	o := Octal{}
	for _, c := range before + after {
		if c < '0' || c > '7' {
			return Octal{}, lang.Errorf(mOctalDigit, lang.Quote(code), lang.QuoteRune(c))
		}
		o.Digits = append(o.Digits, uint8(c-'0'))
	}
	return o, nil
}

// String returns the code, e.g. "0.77"; a code with no digit after the
// point is its single digit.
func (o Octal) String() string {
	if len(o.Digits) == 0 {
		return "0"
	}
	var b strings.Builder
	b.WriteByte('0' + o.Digits[0])
	if len(o.Digits) > 1 {
		b.WriteByte('.')
		for _, d := range o.Digits[1:] {
			b.WriteByte('0' + d)
		}
	}
	return b.String()
}

// MaxTake returns the largest k with a non-zero digit, or -1 when every
// digit is zero.
func (o Octal) MaxTake() int {
	for k := len(o.Digits) - 1; k >= 0; k-- {
		if o.Digits[k] != 0 {
			return k
		}
	}
	return -1
}

// options appends the options of a heap of n to out, in this order: for k
// = 0, 1, ..., taking all of it (bit 1), leaving one heap (bit 2), then
// leaving two heaps a <= b with a ascending (bit 4), the first pairs of
// them for each k when pairs >= 0. It returns false, and stops, as soon as
// out holds more than limit options.
func (o Octal) options(n int64, out *HeapOptions, limit int, pairs int64) bool {
	if n <= 0 {
		return true
	}
	for k, d := range o.Digits {
		rest := n - int64(k)
		if rest < 0 {
			break
		}
		if d&1 != 0 && rest == 0 {
			out.add()
		}
		if d&2 != 0 && rest > 0 && k > 0 {
			out.add(rest)
		}
		if out.Len() > limit {
			return false
		}
		if d&4 == 0 {
			continue
		}
		top := rest / 2
		if pairs >= 0 {
			top = min(top, pairs)
		}
		for a := int64(1); a <= top; a++ {
			out.add(a, rest-a)
			if out.Len() > limit {
				return false
			}
		}
	}
	return true
}

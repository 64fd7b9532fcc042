package out

import (
	"fmt"
	"time"
)

// Plural writes a number with its noun, singular for one: "1 block",
// "3 blocks".
func Plural(n int64, one, many string) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Duration writes a time the way people read it: "0.4 ms", "12 ms",
// "1.25 s", "2m5s"; never "0s" for a short one.
func Duration(d time.Duration) string {
	switch {
	case d < 10*time.Millisecond:
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	case d < time.Second:
		return fmt.Sprintf("%d ms", d.Round(time.Millisecond).Milliseconds())
	case d < time.Minute:
		return fmt.Sprintf("%.2f s", d.Seconds())
	}
	return d.Round(time.Second).String()
}

package out

import (
	"testing"
	"time"
)

func TestWords(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Plural(1, "block", "blocks"), "1 block"},
		{Plural(0, "block", "blocks"), "0 blocks"},
		{Plural(2, "core", "cores"), "2 cores"},
		{Duration(400 * time.Microsecond), "0.4 ms"},
		{Duration(0), "0.0 ms"},
		{Duration(9960 * time.Microsecond), "10.0 ms"},
		{Duration(12400 * time.Microsecond), "12 ms"},
		{Duration(1254 * time.Millisecond), "1.25 s"},
		{Duration(125 * time.Second), "2m5s"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}

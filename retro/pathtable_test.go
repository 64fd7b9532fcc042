package retro_test

import (
	"os"
	"strings"
	"testing"

	"retro/retro"
)

// TestPathTableInPerformance keeps the table of PERFORMANCE.md equal to
// the path table the code has.
func TestPathTableInPerformance(t *testing.T) {
	doc, err := os.ReadFile("PERFORMANCE.md")
	if err != nil {
		t.Fatal(err)
	}
	want := retro.PathTableText()
	if !strings.Contains(string(doc), "\n"+want+"\n") {
		t.Errorf("PERFORMANCE.md does not hold the path table; it is now:\n%s", want)
	}
}

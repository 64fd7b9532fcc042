package table

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Bytes appended after the made record are refused: the file is not the
// table that was written.
func TestAppended(t *testing.T) {
	data := demoTable(t)
	for _, extra := range []string{"\n", "x", strings.Repeat("\x00", 4096)} {
		_, err := Read(append(slices.Clone(data), extra...))
		if !errors.Is(err, ErrTrailing) || !strings.Contains(err.Error(), fmt.Sprintf("%d bytes from %d", len(extra), len(data))) {
			t.Errorf("%d bytes appended: %v", len(extra), err)
		}
	}
	if _, err := Read(data); err != nil {
		t.Fatal(err)
	}
}

package table

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"retro/retro/retrotest"
)

// TestCompiledShards: the compiled path in 1, 2, 3 and 4 shards writes
// the one-process table byte for byte, and says so on its path line.
func TestCompiledShards(t *testing.T) {
	for _, game := range retrotest.CompiledShardGames {
		t.Run(game.Name, func(t *testing.T) {
			want, paths := oneTable(t, game.Src)
			for _, p := range paths {
				if !strings.HasPrefix(p, "compiled:") {
					t.Fatalf("one process: path %q, want the compiled path", p)
				}
			}
			for ranks := 1; ranks <= 4; ranks++ {
				got, paths := partsTableWith(t, game.Src, ranks, nil)
				if !bytes.Equal(got, want) {
					t.Errorf("%d ranks: a table of %d bytes, want the one-process table of %d", ranks, len(got), len(want))
				}
				for _, p := range paths {
					if prefix := fmt.Sprintf("compiled, in %d shards: ", ranks); !strings.HasPrefix(p, prefix) {
						t.Errorf("%d ranks: path %q, want %q…", ranks, p, prefix)
					}
				}
			}
		})
	}
}

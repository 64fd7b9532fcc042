package main

import (
	"strings"
	"testing"
)

// TestTreeDeepChain: the strategy along a chain of 150 000 moves is built
// and written at that depth, and the cap on its size names its flags.
func TestTreeDeepChain(t *testing.T) {
	game := writeGame(t, "chain.toml", "name = \"chain\"\npiles = [\"x\"]\nmoves = [\"x - 1\"]\nend = \"x <= 0\"\nwinner = \"mover\"\n[start]\nx = 150000\n")
	out, errs, code := runCmd(t, "tree", game, "150000", "--max-nodes", "200000")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if n := strings.Count(out, "\n"); n != 150001 || !strings.HasSuffix(out, "[depth 150000] └ x - 1 -> (0)  L 0, end\n") || len(out) > 150001*120 {
		t.Errorf("%d lines, %d bytes, ending %q", n, len(out), out[len(out)-60:])
	}
	out, errs, code = runCmd(t, "tree", game, "150000", "--max-nodes", "200000", "--json")
	if code != 0 || !strings.Contains(out, "{\"move\":\"x - 1\",\"position\":[0],\"outcome\":\"L\",\"layer\":0,\"end\":true,\"best\":true}") || !strings.HasSuffix(out, "\n}\n") {
		t.Errorf("json: exit %d, %d bytes: %s", code, len(out), errs)
	}
	_, errs, code = runCmd(t, "tree", game, "150000")
	if code != 1 || !strings.Contains(errs, "more than 100000 nodes") || !strings.Contains(errs, "--depth N, or raise --max-nodes") {
		t.Errorf("cap: exit %d: %s", code, errs)
	}
}

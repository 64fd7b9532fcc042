package compiled

import (
	"testing"

	"retro/positions"
	"retro/positions/cluster"
	"retro/rules/rulestest"
)

// TestCutRowsLetsGo: cut among peers for the row sweep, a compiled
// game's space gives way to each peer's shard before the values are made:
// the peer keeps the membership words of its own positions only, equal to
// the whole space's there and 0 elsewhere, while the affine sweep's peers
// keep the whole space.
func TestCutRowsLetsGo(t *testing.T) {
	in := rulestest.Instance(t, "t.toml", "piles = [\"a\", \"b\"]\nmoves = [\"each +1\", \"each *2\"]\nend = \"a + b >= 300\"\nwinner = \"mover\"\n[start]\na = 1\nb = 1\n")
	popt := positions.DefaultOptions(in.Game)
	for size := 2; size <= 4; size++ {
		for _, own := range []bool{true, false} {
			comms := cluster.Local(size)
			for me := range size {
				c, why, err := Compile(in, popt, nil)
				if err != nil || c == nil {
					t.Fatalf("not compiled: %s %v", why, err)
				}
				whole := c.Space
				cut := cutRows(c, comms[me], own)
				if !own {
					if c.Space != whole {
						t.Errorf("%d peers, peer %d: the affine sweep's space was cut", size, me)
					}
					continue
				}
				if c.Space != cut.shard || len(c.Space.Members()) >= len(whole.Members()) {
					t.Fatalf("%d peers, peer %d: %d membership words kept of %d", size, me, len(c.Space.Members()), len(whole.Members()))
				}
				lo, hi := cut.firsts[me], cut.firsts[me+1]
				if l, h := c.Space.Held(); l != lo || h != hi || hi <= lo {
					t.Fatalf("%d peers, peer %d: holds %d..%d, want %d..%d", size, me, l, h, lo, hi)
				}
				from, to := whole.MemberCell(lo)>>6, whole.MemberCell(hi-1)>>6
				for w := range int64(len(whole.Members())) {
					got, want := c.Space.MemberWord(w), uint64(0)
					if w >= from && w <= to {
						want = whole.MemberWord(w)
						if w<<6 < cut.cut[me]*cut.rowCells { // a word across the cut: this peer's bits of it
							want &= ^uint64(0) << uint(cut.cut[me]*cut.rowCells-w<<6)
						}
						if e := cut.cut[me+1] * cut.rowCells; w<<6+64 > e {
							want &= 1<<uint(max(0, e-w<<6)) - 1
						}
					}
					if got != want {
						t.Fatalf("%d peers, peer %d: word %d is %x, want %x", size, me, w, got, want)
					}
				}
			}
		}
	}
}

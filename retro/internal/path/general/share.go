package general

import (
	"fmt"
	"slices"

	"retro/positions"
	"retro/retro/internal/core"
	"retro/rules"
)

// SolveShare solves one game instance together with its peers, each
// calling it with the same arguments: the peers find the positions
// together, each keeping its shard's (positions.EnumerateShard), and each
// colours the move graph of its shard only, handing the others what
// crosses between shards. The shares of the peers, put together, are the
// table of Solve, the same whatever the number of peers.
func SolveShare(in *rules.Instance, popt positions.Options, opt core.Options, peers positions.Peers) (*core.Share, error) {
	gr, err := positions.EnumerateShard(in, popt, peers)
	if err != nil {
		return nil, err
	}
	t := core.NewNet(peers, gr.Len())
	sent, searched := gr.Sent, gr.Searched
	table, err := Solve(gr, opt, t)
	if err != nil {
		return nil, err
	}
	t.GraphSent, t.SearchSent = sent, searched
	table.Path = fmt.Sprintf("general, in %d shards", peers.Size())
	sh := &core.Share{Table: table, Lo: gr.Lo, Hi: gr.Hi, Peers: peers.Size()}
	return sh, total(sh, t)
}

// total sums the counts of the shards: moves, edges, the bytes handed
// over, the sets closed (the same on every shard), the outcomes, and the
// size of every set, as coloured and as shown.
func total(sh *core.Share, t *core.Net) error {
	tab := sh.Table
	closes := len(t.Closes)
	head := []int64{tab.MoveCount, tab.Edges, t.GraphSent, t.Sent, int64(closes), t.SearchSent}
	tally := make([]int64, core.Unknown+1)
	for i := range sh.Hi - sh.Lo {
		tally[tab.Shown(i)]++
	}
	sizes, shown := make([]int64, closes), make([]int64, closes)
	at := 0
	order := tab.Order
	if order == nil { // kept: the part's readers ask for it again
		order = core.RebuildOrder[uint32](&tab.Colours)
		tab.Order = order
	}
	for k, c := range t.Closes {
		sizes[k] = int64(c.End)
		for _, i := range order[at : at+int(c.End)] {
			if tab.Shown(int(i)) == c.Outcome {
				shown[k]++
			}
		}
		at += int(c.End)
	}
	sum, err := t.Sum(slices.Concat(head, tally, sizes, shown))
	if err != nil {
		return err
	}
	head, sum = sum[:len(head)], sum[len(head):]
	tally, sum = sum[:len(tally)], sum[len(tally):]
	sizes, shown = sum[:closes], sum[closes:]
	if head[4] != int64(sh.Peers)*int64(closes) {
		return fmt.Errorf("retro: the shards closed different numbers of sets")
	}
	w := &sh.Whole
	w.MoveCount, w.Edges = head[0], head[1]
	w.Traffic = core.Traffic{Search: head[5], Graph: head[2], Colouring: head[3]}
	if closes > 0 {
		w.Traffic.Layers = int(t.Closes[closes-1].Layer) + 1
	}
	w.Tally = map[core.Outcome]int{}
	for o, k := range tally {
		if k > 0 {
			w.Tally[core.Outcome(o)] = int(k)
		}
	}
	start, shownStart := 0, 0
	for k, c := range t.Closes {
		if n := int(sizes[k]); n > 0 {
			w.Sets = append(w.Sets, core.Segment{Outcome: c.Outcome, Layer: int(c.Layer), Start: start, End: start + n})
			start += n
		}
		if n := int(shown[k]); n > 0 {
			w.Shown = append(w.Shown, core.Segment{Outcome: c.Outcome, Layer: int(c.Layer), Start: shownStart, End: shownStart + n})
			shownStart += n
		}
	}
	return nil
}

package core

// Share is what a path hands back to one of several peers that solved a
// game instance together, the one contract of every path that runs in
// shards: the table of this peer's shard (positions Lo..Hi-1 of the whole,
// indexed i-Lo), and the counts of the whole, which every peer holds
// alike. Package retro turns it into a Part.
type Share struct {
	Table         *Table
	Lo, Hi, Peers int
	Whole         Whole
}

// Whole are the counts of a result solved in shards, summed over the
// peers: the legal moves and distinct edges, what the peers handed each
// other, the coloured sets (as coloured, and as shown: under a horizon a
// position coloured beyond what its depth lets the horizon decide shows
// ?, and a set no position shows is left out), and the positions of each
// outcome.
type Whole struct {
	MoveCount, Edges int64
	Traffic          Traffic
	Sets, Shown      []Segment
	Tally            map[Outcome]int
}

// Traffic is what the peers of a solve handed each other, all together:
// the bytes of the positions while they were found and sorted, of the
// edges between shards (questions and answers) when the graph was built,
// and of the predecessors between shards while it was coloured, layers 0
// to Layers-1.
type Traffic struct {
	Search, Graph, Colouring int64
	Layers                   int
}

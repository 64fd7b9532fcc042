package out

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"time"

	"retro/retro"
	"retro/rules"
)

// Summary is what retro solve prints of a solved game: the totals of all
// its instances together, the paths that solved them, the time, and the
// peak memory.
type Summary struct {
	Game                    *rules.Game
	Instances               int
	Positions, Moves, Edges int64
	Counts                  Counts
	Paths                   []string // each once, in the order of the instances
	Elapsed                 time.Duration
	// Resumed is, for a solve resumed from a checkpoint, the time its runs
	// before this one had taken up to the last save (part of Elapsed).
	Resumed time.Duration
	Memory  string         // the peak resident size, and whose
	Traffic *retro.Traffic // solved by peers: what they handed each other
}

// NewSummary adds up the totals of a game's instances (Result.Totals, or
// Part.Totals of the parts one peer holds); memory says what the peak
// resident size was, and of whom.
func NewSummary(g *rules.Game, totals []retro.Totals, elapsed time.Duration, memory string) *Summary {
	s := &Summary{Game: g, Instances: len(totals), Elapsed: elapsed, Memory: memory}
	for _, t := range totals {
		s.Positions += int64(t.Positions)
		s.Moves += t.Moves
		s.Edges += t.Edges
		s.Counts.Add(t.Tally, t.Shown)
		if t.Path != "" && !slices.Contains(s.Paths, t.Path) {
			s.Paths = append(s.Paths, t.Path)
		}
		if t.Traffic != nil {
			if s.Traffic == nil {
				s.Traffic = &retro.Traffic{}
			}
			s.Traffic.Search += t.Traffic.Search
			s.Traffic.Graph += t.Traffic.Graph
			s.Traffic.Colouring += t.Traffic.Colouring
			s.Traffic.Layers += t.Traffic.Layers
		}
	}
	return s
}

// WriteText writes the summary as retro solve prints it, listing at most
// maxLayers coloured sets (0: all).
func (s *Summary) WriteText(w io.Writer, maxLayers int) {
	g := s.Game
	fmt.Fprintf(w, "game:       %s (%s)\n", g.ShownName(), g.File)
	if s.Instances > 1 {
		fmt.Fprintf(w, "instances:  %d\n", s.Instances)
	}
	fmt.Fprintf(w, "positions:  %d\n", s.Positions)
	fmt.Fprintf(w, "moves:      %d legal moves, %d edges between positions\n", s.Moves, s.Edges)
	s.Counts.WriteText(w, maxLayers)
	for _, p := range s.Paths {
		fmt.Fprintf(w, "path:       %s\n", p)
	}
	if t := s.Traffic; t != nil {
		perLayer := int64(0)
		if t.Layers > 0 {
			perLayer = t.Colouring / int64(t.Layers)
		}
		fmt.Fprintf(w, "exchanged:  %d bytes finding the positions, %d bytes of edges between shards, %d bytes while colouring (%d a layer)\n",
			t.Search, t.Graph, t.Colouring, perLayer)
	}
	if s.Resumed > 0 {
		fmt.Fprintf(w, "time:       %s, resumed from a checkpoint: %s before the last stop, %s in this run\n",
			Duration(s.Elapsed), Duration(s.Resumed), Duration(s.Elapsed-s.Resumed))
	} else {
		fmt.Fprintf(w, "time:       %s\n", Duration(s.Elapsed))
	}
	fmt.Fprintf(w, "peak memory: %s\n", s.Memory)
}

// JSON is the summary as retro solve --json prints it.
func (s *Summary) JSON() *SummaryJSON {
	return &SummaryJSON{Game: s.Game.Name, File: s.Game.File, Instances: s.Instances,
		Positions: s.Positions, Moves: s.Moves, Edges: s.Edges,
		Outcomes: s.Counts.Outcomes(), Layers: s.Counts.Layers(), TimeMs: float64(s.Elapsed.Microseconds()) / 1000,
		ResumedMs: float64(s.Resumed.Microseconds()) / 1000}
}

// SummaryJSON is what retro solve --json prints: the counts of a solved
// game, added up over its instances. Field names are stable.
type SummaryJSON struct {
	Game      string       `json:"game"` // its name
	File      string       `json:"file"`
	Instances int          `json:"instances"`
	Positions int64        `json:"positions"`
	Moves     int64        `json:"moves"` // legal moves
	Edges     int64        `json:"edges"` // moves between positions (not ends of the game)
	Outcomes  OutcomesJSON `json:"outcomes"`
	Layers    []LayerJSON  `json:"layers"`              // by layer, then W, L, D, ?
	TimeMs    float64      `json:"timeMs"`              // enumerating and solving, over all the runs of a resumed solve
	ResumedMs float64      `json:"resumedMs,omitempty"` // of it, the runs before this one up to their last save
}

// OutcomesJSON counts the positions of each outcome.
type OutcomesJSON struct {
	W       int64 `json:"W"`
	L       int64 `json:"L"`
	D       int64 `json:"D"`
	Unknown int64 `json:"?"` // beyond a horizon
}

// LayerJSON is one coloured set: its outcome, its layer (null for D and
// ?) and how many positions it holds.
type LayerJSON struct {
	Outcome   string `json:"outcome"`
	Layer     *int   `json:"layer"`
	Positions int64  `json:"positions"`
}

// Counts adds up the outcomes and layers of several results (or of the
// instances of a table file).
type Counts struct {
	outcomes [retro.Unknown + 1]int64
	layers   map[countKey]int64
}

type countKey struct {
	o     retro.Outcome
	layer int
}

// Add counts one result's tally and segments.
func (c *Counts) Add(tally map[retro.Outcome]int, segs []retro.Segment) {
	if c.layers == nil {
		c.layers = map[countKey]int64{}
	}
	for o, k := range tally {
		c.outcomes[o] += int64(k)
	}
	for _, s := range segs {
		c.layers[countKey{s.Outcome, s.Layer}] += int64(s.End - s.Start)
	}
}

// Outcomes returns the positions of each outcome.
func (c *Counts) Outcomes() OutcomesJSON {
	o := c.outcomes
	return OutcomesJSON{W: o[retro.Win], L: o[retro.Lose], D: o[retro.Draw], Unknown: o[retro.Unknown]}
}

// Layers returns the coloured sets by layer, then outcome; D and ? (layer
// -1) come first, as in the tables' order of layers.
func (c *Counts) Layers() []LayerJSON {
	keys := c.keys()
	out := make([]LayerJSON, len(keys))
	for k, key := range keys {
		out[k] = LayerJSON{Outcome: key.o.String(), Layer: layerJSON(key.layer), Positions: c.layers[key]}
	}
	return out
}

// keys lists the coloured sets counted, by layer, then outcome.
func (c *Counts) keys() []countKey {
	keys := make([]countKey, 0, len(c.layers))
	for k := range c.layers {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b countKey) int {
		if a.layer != b.layer {
			return cmp.Compare(a.layer, b.layer)
		}
		return cmp.Compare(a.o, b.o)
	})
	return keys
}

// WriteText writes the counts as retro solve and retro info print them:
// the positions of each outcome, the number of coloured sets, and the
// positions of each, at most maxLayers of them (0: all).
func (c *Counts) WriteText(w io.Writer, maxLayers int) {
	o := c.outcomes
	fmt.Fprintf(w, "outcomes:   W %d  L %d  D %d", o[retro.Win], o[retro.Lose], o[retro.Draw])
	if o[retro.Unknown] > 0 {
		fmt.Fprintf(w, "  ? %d", o[retro.Unknown])
	}
	fmt.Fprintln(w)
	keys := c.keys()
	fmt.Fprintf(w, "layers:     %d\n", len(keys))
	for k, key := range keys {
		if maxLayers > 0 && k == maxLayers {
			fmt.Fprintf(w, "  … %d more (--layers 0 lists all)\n", len(keys)-k)
			break
		}
		fmt.Fprintf(w, "  %s %-6d %d\n", key.o, key.layer, c.layers[key])
	}
}

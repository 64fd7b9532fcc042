package out

import (
	"fmt"
	"io"
	"time"

	"retro/out/table"
)

// WriteInfo writes what retro info prints of the table file at path: its
// format, the game, the positions with their outcomes and coloured sets
// (at most maxLayers sets, 0: all), the size of each part of the file and
// the bits it spends per position, how it was made, and its content
// checksum, sum.
func WriteInfo(w io.Writer, path string, t *table.File, sum []byte, maxLayers int) {
	g := t.Game
	fmt.Fprintf(w, "table:      %s (format %d)\n", path, t.Header.Version)
	fmt.Fprintf(w, "game:       %s (%s)\n", g.ShownName(), g.File)
	n, c := tableCounts(t)
	if len(t.Instances) > 1 {
		fmt.Fprintf(w, "instances:  %d\n", len(t.Instances))
	}
	fmt.Fprintf(w, "positions:  %d\n", n)
	c.WriteText(w, maxLayers)
	writeSizes(w, t, n)
	writeMade(w, t)
	fmt.Fprintf(w, "content:    sha256 %x (of the checked part; equal tables, equal sums)\n", sum)
}

// tableCounts adds up the positions, outcomes and layers of the instances.
func tableCounts(t *table.File) (int64, *Counts) {
	var n int64
	c := &Counts{}
	for _, in := range t.Instances {
		n += int64(in.Positions)
		c.Add(in.Tally, in.Segments)
	}
	return n, c
}

// writeSizes prints the bytes of each part of the file and what they cost
// per position.
func writeSizes(w io.Writer, t *table.File, n int64) {
	bits := func(b int64) string {
		if n == 0 {
			return "-"
		}
		return fmt.Sprintf("%.3f", float64(8*b)/float64(n))
	}
	fmt.Fprintf(w, "file:       %d bytes, %s bits per position (checked part %d, made record %d)\n",
		t.Size, bits(t.Size), t.Header.End, t.Size-int64(t.Header.End))
	for _, p := range tableParts(t) {
		fmt.Fprintf(w, "  %-20s  %9d bytes  %s bits/position  (%s)\n", p.Part, p.Bytes, bits(p.Bytes), Plural(int64(p.Blocks), "block", "blocks"))
	}
}

// tableParts are the parts of a table file: the header and directory,
// then the blocks of each kind.
func tableParts(t *table.File) []PartJSON {
	parts := []PartJSON{{Part: "header and directory", Bytes: int64(table.HeaderSize + table.EntrySize*len(t.Dir)), Blocks: len(t.Dir)}}
	for _, k := range []table.BlockKind{table.KindGame, table.KindInstance, table.KindSpace, table.KindOutcomes} {
		p := PartJSON{Part: kindTitle(k)}
		for _, b := range t.Dir {
			if b.Kind == k {
				p.Bytes += int64(b.Size)
				p.Blocks++
			}
		}
		parts = append(parts, p)
	}
	return parts
}

// kindTitle names the part of a table file its blocks of kind k make.
func kindTitle(k table.BlockKind) string {
	switch k {
	case table.KindGame:
		return "game text"
	case table.KindInstance:
		return "instances"
	case table.KindSpace:
		return "position space"
	}
	return "outcomes and layers"
}

// writeMade prints how the table was made.
func writeMade(w io.Writer, t *table.File) {
	if t.MadeErr != nil {
		fmt.Fprintf(w, "made:       unknown (%v)\n", t.MadeErr)
		return
	}
	m := t.Made
	fmt.Fprintf(w, "made:       %s by %s (%s), solve %s on %s\n", m.Date.UTC().Format(time.DateTime+" UTC"),
		m.Engine, m.Go, Duration(m.SolveTime), Plural(int64(m.Cores), "core", "cores"))
}

// InfoJSON is what retro info --json prints of a table file.
type InfoJSON struct {
	Table           string       `json:"table"`
	Format          uint32       `json:"format"`
	Game            string       `json:"game"`
	File            string       `json:"file"`
	Instances       int          `json:"instances"`
	Positions       int64        `json:"positions"`
	Outcomes        OutcomesJSON `json:"outcomes"`
	Layers          []LayerJSON  `json:"layers"`
	Bytes           int64        `json:"bytes"`
	CheckedBytes    uint64       `json:"checkedBytes"`
	BitsPerPosition *float64     `json:"bitsPerPosition"` // null for an empty table
	Parts           []PartJSON   `json:"parts"`
	Made            *table.Made  `json:"made"`                // null when the record is missing or damaged
	MadeError       string       `json:"madeError,omitempty"` // why
	SHA256          string       `json:"sha256"`              // of the checked part
}

// PartJSON is one part of a table file: its bytes and blocks.
type PartJSON struct {
	Part   string `json:"part"`
	Bytes  int64  `json:"bytes"`
	Blocks int    `json:"blocks"`
}

// NewInfoJSON describes the table file at path, whose content checksum is
// sum.
func NewInfoJSON(path string, t *table.File, sum []byte) *InfoJSON {
	j := &InfoJSON{Table: path, Format: t.Header.Version, Game: t.Game.Name, File: t.Game.File,
		Instances: len(t.Instances), Bytes: t.Size, CheckedBytes: t.Header.End, SHA256: fmt.Sprintf("%x", sum)}
	var c *Counts
	j.Positions, c = tableCounts(t)
	j.Outcomes, j.Layers = c.Outcomes(), c.Layers()
	if j.Positions > 0 {
		bits := float64(8*t.Size) / float64(j.Positions)
		j.BitsPerPosition = &bits
	}
	j.Parts = tableParts(t)
	if t.MadeErr != nil {
		j.MadeError = t.MadeErr.Error()
	} else {
		m := t.Made
		j.Made = &m
	}
	return j
}

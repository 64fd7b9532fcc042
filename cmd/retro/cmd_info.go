package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/pflag"

	"retro/out"
	"retro/out/table"
)

func init() {
	register(&command{
		name:  "info",
		usage: "info [flags] FILE.rtb",
		short: "describe an outcome table file",
		long: `Info prints what a table file (retro solve -o) holds: the game, its instances,
the positions and how many of each outcome and layer, the size of each part
of the file and the bits it spends per position, how the table was made
(engine, date, solve time), and a content checksum: two tables of the same
game and options have the same checksum, whenever and wherever they were
made. Every block is checked against its checksum, not decoded. With --game
it prints the game text the table holds instead, as it was given, so that
a table is never the only copy of its game.`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			o := &infoOptions{}
			fs.IntVar(&o.layers, "layers", 24, "list at most this many layers (0: all)")
			addJSONFlag(fs, &o.json)
			fs.BoolVar(&o.game, "game", false, "print the game text the table holds, nothing else")
			return o.run
		},
	})
}

type infoOptions struct {
	layers int
	json   bool
	game   bool
}

// openTable opens a table file for reading block by block.
func openTable(path string) (*table.File, *os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err == nil {
		var t *table.File
		if t, err = table.Open(f, st.Size()); err == nil {
			return t, f, nil
		}
	}
	f.Close()
	return nil, nil, fmt.Errorf("%s: %w", path, err)
}

func (o *infoOptions) run(ctx context.Context, e *env, args []string) error {
	if len(args) != 1 {
		return usagef(commands["info"], "info takes one FILE")
	}
	t, f, err := openTable(args[0])
	if err != nil {
		return err
	}
	defer f.Close()
	if err := t.Check(); err != nil {
		return fmt.Errorf("%s: %w", args[0], err)
	}
	if o.game {
		_, err := e.stdout.Write(t.Game.Source)
		return err
	}
	sum, err := t.ContentSum()
	if err != nil {
		return err
	}
	if o.json {
		return printJSON(e.stdout, newInfoJSON(args[0], t, sum))
	}
	w := e.stdout
	g := t.Game
	fmt.Fprintf(w, "table:      %s (format %d)\n", args[0], t.Header.Version)
	fmt.Fprintf(w, "game:       %s (%s)\n", g.Name, g.File)
	n, s := tableCounts(t)
	if len(t.Instances) > 1 {
		fmt.Fprintf(w, "instances:  %d\n", len(t.Instances))
	}
	fmt.Fprintf(w, "positions:  %d\n", n)
	s.WriteText(w, o.layers)
	writeSizes(w, t, n)
	writeMade(w, t)
	fmt.Fprintf(w, "content:    sha256 %x (of the checked part; equal tables, equal sums)\n", sum)
	return nil
}

// tableCounts adds up the positions, outcomes and layers of the instances.
func tableCounts(t *table.File) (int64, *out.Counts) {
	var n int64
	c := &out.Counts{}
	for _, in := range t.Instances {
		n += int64(in.Positions)
		c.Add(in.Tally, in.Segments)
	}
	return n, c
}

// writeSizes prints the bytes of each part of the file and what they cost
// per position.
func writeSizes(w io.Writer, t *table.File, n int64) {
	var bytesOf [table.KindOutcomes + 1]int64
	var blocksOf [table.KindOutcomes + 1]int
	for _, b := range t.Dir {
		bytesOf[b.Kind] += int64(b.Size)
		blocksOf[b.Kind]++
	}
	frame := int64(table.HeaderSize + table.EntrySize*len(t.Dir))
	bits := func(b int64) string {
		if n == 0 {
			return "-"
		}
		return fmt.Sprintf("%.3f", float64(8*b)/float64(n))
	}
	fmt.Fprintf(w, "file:       %d bytes, %s bits per position (checked part %d, made record %d)\n",
		t.Size, bits(t.Size), t.Header.End, t.Size-int64(t.Header.End))
	fmt.Fprintf(w, "  header and directory  %9d bytes  %s bits/position  (%s)\n", frame, bits(frame), out.Plural(int64(len(t.Dir)), "block", "blocks"))
	for _, k := range []table.BlockKind{table.KindGame, table.KindInstance, table.KindSpace, table.KindOutcomes} {
		fmt.Fprintf(w, "  %-20s  %9d bytes  %s bits/position  (%s)\n", kindTitle(k), bytesOf[k], bits(bytesOf[k]), out.Plural(int64(blocksOf[k]), "block", "blocks"))
	}
}

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
		m.Engine, m.Go, out.Duration(m.SolveTime), out.Plural(int64(m.Cores), "core", "cores"))
}

// infoJSON is what info --json prints.
type infoJSON struct {
	Table           string           `json:"table"`
	Format          uint32           `json:"format"`
	Game            string           `json:"game"`
	File            string           `json:"file"`
	Instances       int              `json:"instances"`
	Positions       int64            `json:"positions"`
	Outcomes        out.OutcomesJSON `json:"outcomes"`
	Layers          []out.LayerJSON  `json:"layers"`
	Bytes           int64            `json:"bytes"`
	CheckedBytes    uint64           `json:"checkedBytes"`
	BitsPerPosition *float64         `json:"bitsPerPosition"` // null for an empty table
	Parts           []partJSON       `json:"parts"`
	Made            *table.Made      `json:"made"`                // null when the record is missing or damaged
	MadeError       string           `json:"madeError,omitempty"` // why
	SHA256          string           `json:"sha256"`              // of the checked part
}

type partJSON struct {
	Part   string `json:"part"`
	Bytes  int64  `json:"bytes"`
	Blocks int    `json:"blocks"`
}

func newInfoJSON(path string, t *table.File, sum []byte) *infoJSON {
	j := &infoJSON{Table: path, Format: t.Header.Version, Game: t.Game.Name, File: t.Game.File,
		Instances: len(t.Instances), Bytes: t.Size, CheckedBytes: t.Header.End, SHA256: fmt.Sprintf("%x", sum)}
	var c *out.Counts
	j.Positions, c = tableCounts(t)
	j.Outcomes, j.Layers = c.Outcomes(), c.Layers()
	if j.Positions > 0 {
		bits := float64(8*t.Size) / float64(j.Positions)
		j.BitsPerPosition = &bits
	}
	j.Parts = append(j.Parts, partJSON{Part: "header and directory", Bytes: int64(table.HeaderSize + table.EntrySize*len(t.Dir)), Blocks: len(t.Dir)})
	for _, k := range []table.BlockKind{table.KindGame, table.KindInstance, table.KindSpace, table.KindOutcomes} {
		p := partJSON{Part: kindTitle(k)}
		for _, b := range t.Dir {
			if b.Kind == k {
				p.Bytes += int64(b.Size)
				p.Blocks++
			}
		}
		j.Parts = append(j.Parts, p)
	}
	if t.MadeErr != nil {
		j.MadeError = t.MadeErr.Error()
	} else {
		m := t.Made
		j.Made = &m
	}
	return j
}

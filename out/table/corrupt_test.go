package table

import (
	"bytes"
	"encoding/binary"
	"errors"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"retro/retro/retrotest"
)

// demoTable is the table of the exam demo game.
func demoTable(t testing.TB) []byte {
	g, rs := retrotest.SolveBuiltin(t, "ege-2027-demo")
	return writeTable(t, g, rs, Made{Engine: "test"})
}

func flip(data []byte, at int) []byte {
	c := bytes.Clone(data)
	c[at] ^= 0x40
	return c
}

// blockOf returns the index of the first block of a kind.
func blockOf(t *testing.T, data []byte, kind BlockKind) (int, Entry) {
	tf, err := Open(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for k, e := range tf.Dir {
		if e.Kind == kind {
			return k, e
		}
	}
	t.Fatalf("no %v block", kind)
	return 0, Entry{}
}

func TestCorruption(t *testing.T) {
	data := demoTable(t)
	game := bytes.Index(data, []byte("each *2")) // inside the game text
	if game < 0 {
		t.Fatal("the game text is not stored as it is")
	}
	hg, hrs := retrotest.Solve(t, "history", []byte(retrotest.History))
	big := writeTable(t, hg, hrs[:1], Made{}) // with blocks of its own: 132823 positions
	outBlock, out := blockOf(t, big, KindOutcomes)
	spaceBlock, space := blockOf(t, big, KindSpace)
	instBlock, inst := blockOf(t, data, KindInstance)
	h, _ := parseHeader(data, int64(len(data)))
	wrongVersion := bytes.Clone(data)
	binary.LittleEndian.PutUint32(wrongVersion[8:], 2)
	cases := []struct {
		name string
		data []byte
		want error
		msg  string
	}{
		{"magic", flip(data, 1), ErrNotTable, "bad magic"},
		{"version", wrongVersion, ErrVersion, "unsupported table version 2"},
		{"header field", flip(data, 24), ErrHeaderChecksum, "header checksum mismatch"},
		{"header reserved", flip(data, 40), ErrHeaderChecksum, "header checksum mismatch"},
		{"directory", flip(data, HeaderSize+EntrySize+9), ErrDirectory, "checksum mismatch"},
		{"game text", flip(data, game), ErrChecksum, "checksum mismatch in block 0 (game)"},
		{"outcome block", flip(big, int(out.Offset+uint64(out.Size)/2)), ErrChecksum,
			"checksum mismatch in block " + strconv.Itoa(outBlock) + " (outcomes of instance 0, from position 0)"},
		{"space block", flip(big, int(space.Offset)), ErrChecksum,
			"checksum mismatch in block " + strconv.Itoa(spaceBlock) + " (space of instance 0, from position 0)"},
		{"instance block", flip(data, int(inst.Offset+uint64(inst.Size)-1)), ErrChecksum,
			"checksum mismatch in block " + strconv.Itoa(instBlock) + " (instances from 0)"},
		{"truncated", data[:h.End-1], ErrTruncated, "table truncated"},
		{"short", data[:20], ErrTruncated, "table truncated"},
		{"tiny", data[:5], ErrNotTable, "bad magic"},
		{"empty", nil, ErrNotTable, "bad magic"},
		{"game file", []byte("name = \"x\"\npiles = [\"x\"]\n"), ErrNotTable, "bad magic"},
	}
	for _, c := range cases {
		_, err := Read(c.data)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v; want %v with %q", c.name, err, c.want, c.msg)
		}
	}
	var be *BlockError
	if _, err := Read(flip(data, game)); !errors.As(err, &be) || be.Block != 0 {
		t.Errorf("game text: %v, want a BlockError in block 0", err)
	}
}

// Every byte of the checked part is checked: flipping any one of them
// is an error, never a table that reads.
func TestEveryByteChecked(t *testing.T) {
	g, rs := retrotest.Solve(t, "history", []byte(retrotest.History))
	rs = rs[:1]
	data := writeTable(t, g, rs, Made{})
	h, _ := parseHeader(data, int64(len(data)))
	// Every byte of the header and the directory, 500 of the blocks.
	frame := HeaderSize + EntrySize*int(h.Blocks)
	step := max(1, (int(h.End)-frame)/500)
	for at := 0; at < int(h.End); {
		if _, err := Read(flip(data, at)); err == nil {
			t.Fatalf("a flip at byte %d of %d reads", at, h.End)
		}
		if at < frame {
			at++
		} else {
			at += step
		}
	}
}

// The made record is outside the checked part: damage to it loses the
// record, not the table.
func TestMadeDamaged(t *testing.T) {
	data := demoTable(t)
	h, _ := parseHeader(data, int64(len(data)))
	for _, d := range [][]byte{flip(data, int(h.End)+20), data[:h.End+10], data[:h.End]} {
		tab, err := Read(d)
		if err != nil {
			t.Fatal(err)
		}
		if tab.MadeErr == nil || tab.Made.Engine != "" {
			t.Errorf("damaged made record read as %+v", tab.Made)
		}
	}
}

// reseal recomputes every checksum of a table file, so that a fuzzer's
// changes reach the decoders behind them.
func reseal(data []byte) []byte {
	if len(data) < HeaderSize || !HasMagic(data) {
		return data
	}
	data = bytes.Clone(data)
	le := binary.LittleEndian
	n := int(le.Uint32(data[16:]))
	if n > (len(data)-HeaderSize)/EntrySize {
		return data
	}
	dir := data[HeaderSize : HeaderSize+n*EntrySize]
	for k := range n {
		e := dir[k*EntrySize:]
		off, size := le.Uint64(e[16:]), uint64(le.Uint32(e[24:]))
		if off <= uint64(len(data)) && size <= uint64(len(data))-off {
			le.PutUint32(e[32:], checksum(data[off:off+size]))
		}
	}
	le.PutUint32(data[20:], checksum(dir))
	le.PutUint32(data[60:], checksum(data[:60]))
	return data
}

// fuzzSeeds are small tables of different shapes.
func fuzzSeeds(f *testing.F) [][]byte {
	seeds := [][]byte{demoTable(f)}
	for _, src := range []string{retrotest.Horizon, retrotest.Rules} {
		g, rs := retrotest.Solve(f, "seed", []byte(src))
		seeds = append(seeds, writeTable(f, g, rs[:min(2, len(rs))], Made{}))
	}
	return seeds
}

// readAll reads a table every way a user can: whole, and probe by probe.
func readAll(t *testing.T, data []byte) {
	tab, err := Read(data)
	if err != nil {
		if err.Error() == "" {
			t.Fatal("an empty error")
		}
		return
	}
	var buf bytes.Buffer
	if err := Write(&buf, tab.Game, tab.Results, Options{OpenWidth: tab.OpenWidth}); err != nil {
		t.Fatalf("a table that reads does not write: %v", err)
	}
	tf, err := Open(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("a table that reads does not open: %v", err)
	}
	for k, r := range tab.Results {
		for i := range r.Len() {
			o, layer, err := tf.Probe(k, i)
			if err != nil || o != r.Outcome(i) || layer != r.Layer(i) {
				t.Fatalf("probe %d: %v %d %v; read %v %d", i, o, layer, err, r.Outcome(i), r.Layer(i))
			}
		}
	}
}

func FuzzRead(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Add([]byte("\x89RTB\r\n\x1a\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		readAll(t, data)
	})
}

// FuzzReadSealed fuzzes what lies behind the checksums: the input's
// checksums are recomputed before it is read.
func FuzzReadSealed(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		readAll(t, reseal(data))
	})
}

// FuzzBlockContent feeds the decoders of block contents directly, behind
// the checksums and zstd: they must fail cleanly on any bytes.
func FuzzBlockContent(f *testing.F) {
	syms := []uint64{0, 0, 5, 5, 5, 2, 3, 3, 1, 0, 7}
	for _, enc := range []byte{encDelta, encRuns, encSets} {
		var w wbuf
		appendSymbols(&w, enc, syms)
		f.Add(w.b, uint8(len(syms)))
	}
	for _, c := range wordCandidates([]uint64{0xff00, 0, 1 << 63}) {
		f.Add(c, uint8(3))
	}
	var w wbuf
	appendTuples(&w, 2, []int64{1, 2, 1, 5, 3, -4}, []uint32{0, 2, 1})
	f.Add(w.b, uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, n uint8) {
		readSymbols(&rbuf{b: data}, make([]uint64, n))
		readWords(&rbuf{b: data}, make([]uint64, n))
		readTuples(&rbuf{b: data}, 2, make([]int64, 2*int(n)), make([]uint32, n))
	})
}

// A directory entry that claims a block decodes to far more than its
// stored bytes give is refused without the claimed size being allocated:
// 2^28 and 2^30 bytes claimed took 4 s and a gigabyte each, so that the
// fuzzer, minimising such inputs, ran 16 of them in two minutes.
func TestClaimedRawSize(t *testing.T) {
	data := demoTable(t)
	raw := HeaderSize + EntrySize + 28 // the second block's decoded size
	for _, claim := range []uint32{1 << 28, 1 << 30} {
		d := bytes.Clone(data)
		binary.LittleEndian.PutUint32(d[raw:], claim)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if _, err := Read(reseal(d)); err == nil {
			t.Errorf("%d bytes claimed: the table reads", claim)
		}
		runtime.ReadMemStats(&after)
		if n := after.TotalAlloc - before.TotalAlloc; n > 16<<20 {
			t.Errorf("%d bytes claimed: %d allocated", claim, n)
		}
	}
}

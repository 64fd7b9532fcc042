package table

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"retro/retro/retrotest"
	"retro/rules"
)

var errStopped = errors.New("stopped")

// TestWriteResumed stops a WriteAt into a file after some blocks (as a
// kill would, the blocks after the save left in the file or not), then
// writes again into the same file from the entries saved: the table is
// Write's, byte for byte, on one core or all, with a kept block damaged
// or not.
func TestWriteResumed(t *testing.T) {
	g, rs := retrotest.Solve(t, "box", []byte(retrotest.Box))
	made := Made{Engine: "test", Date: time.Unix(0, 0)}
	var plain bytes.Buffer
	if err := Write(&plain, g, rs, Options{Made: made}); err != nil {
		t.Fatal(err)
	}
	blocks := len(mustOpen(t, plain.Bytes()).Dir)
	for _, c := range []struct {
		stop, cores int
		damage      bool
	}{{1, 2, false}, {blocks / 2, 1, false}, {blocks - 1, 2, false}, {blocks / 2, 2, true}, {blocks, 2, false}} {
		path := filepath.Join(t.TempDir(), "t.rtb")
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		var saved []byte
		err = WriteAt(f, g, rs, Options{Made: made, Placed: func(entries []Entry) error {
			if len(entries) == c.stop {
				saved = EncodeEntries(entries)
				return errStopped
			}
			return nil
		}})
		if !errors.Is(err, errStopped) {
			t.Fatalf("stop at %d: %v", c.stop, err)
		}
		written, err := DecodeEntries(saved)
		if err != nil {
			t.Fatal(err)
		}
		if c.damage {
			at := int64(HeaderSize+blocks*EntrySize) + int64(written[0].Size) // the second block
			if _, err := f.WriteAt([]byte{0xff, 0xfe}, at); err != nil {
				t.Fatal(err)
			}
		}
		prev := runtime.GOMAXPROCS(c.cores)
		made := 0
		err = WriteAt(f, g, rs, Options{Made: Made{Engine: "other"}, Written: written,
			Progress: func(done, total int) { made++ }})
		runtime.GOMAXPROCS(prev)
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(checked(t, data), checked(t, plain.Bytes())) {
			t.Errorf("stopped after %d blocks of %d, damaged %v: the resumed table differs", c.stop, blocks, c.damage)
		}
		if _, err := Read(data); err != nil {
			t.Errorf("stopped after %d blocks: %v", c.stop, err)
		}
		if want := blocks - c.stop; !c.damage && made != want {
			t.Errorf("stopped after %d blocks of %d: %d made again, want %d", c.stop, blocks, made, want)
		}
	}
}

func mustOpen(t *testing.T, data []byte) *File {
	t.Helper()
	f, err := Open(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestPartsResumed: ranks that keep their blocks in files (Options.Keep)
// and are started again with the entries saved after their first blocks
// (Options.Written) keep those and make the rest: the table is the
// one-process one, a kept block damaged or not.
func TestPartsResumed(t *testing.T) {
	src := rules.FromText("box.toml", []byte(retrotest.Box))
	want := partsTable(t, src, 1)
	const ranks = 2
	dir := t.TempDir()
	files := make([]*os.File, ranks)
	for r := range files {
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("rank-%d", r)))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		files[r] = f
	}
	saved := make([][]byte, ranks)
	write := func(opts func(r int, opt *Options)) []byte {
		b, _ := partsTableWith(t, src, ranks, func(r int, opt *Options) {
			opt.Keep = files[r]
			opts(r, opt)
		})
		return b
	}
	first := write(func(r int, opt *Options) {
		opt.Placed = func(entries []Entry) error {
			if len(entries) == 2 {
				saved[r] = EncodeEntries(entries)
			}
			return nil
		}
	})
	if !bytes.Equal(checked(t, first), checked(t, want)) {
		t.Fatal("the ranks keeping their blocks in files write another table")
	}
	for _, damage := range []bool{false, true} {
		if damage {
			files[1].WriteAt([]byte{0xff}, 3) // in rank 1's first block
		}
		made := 0
		var mu sync.Mutex
		again := write(func(r int, opt *Options) {
			if opt.Written, _ = DecodeEntries(saved[r]); len(opt.Written) != 2 {
				t.Errorf("rank %d saved %d entries, want 2", r, len(opt.Written))
			}
			opt.Progress = func(done, total int) { mu.Lock(); made++; mu.Unlock() }
		})
		if !bytes.Equal(checked(t, again), checked(t, want)) {
			t.Errorf("damaged %v: the ranks started again write another table", damage)
		}
		kept := 2 * ranks
		if damage {
			kept = 2 // rank 0's
		}
		if blocks := len(mustOpen(t, want).Dir); made != blocks-kept {
			t.Errorf("damaged %v: %d blocks made again of %d, want %d", damage, made, blocks, blocks-kept)
		}
	}
}

// TestPartsGatherResumed stops rank 0 of WriteParts after some pieces of
// the peers' blocks are written into its file (as a kill would, after the
// save of where it stood), then has the ranks write again into the same
// file from there: the table is the one-process one, and what is handed
// over again is what followed the save and at most the block it cut, not
// what the save stands for; where the file lost a block that the save
// stands for, the gathering goes on from that block. A save of another
// file's layout gathers from the start.
func TestPartsGatherResumed(t *testing.T) {
	defer func(n int64) { gatherBytes = n }(gatherBytes)
	gatherBytes = 64
	src := rules.FromText("box.toml", []byte(retrotest.Box))
	want := partsTable(t, src, 1)
	tf := mustOpen(t, want)
	blocks, largest := int64(0), int64(0) // the bytes of the blocks, and of the largest
	for _, e := range tf.Dir {
		blocks, largest = blocks+int64(e.Size), max(largest, int64(e.Size))
	}
	const ranks = 3
	write := func(f *retrotest.MemFile, from Gathered, stop int) ([]Gathered, error) {
		var told []Gathered
		err := partsWrite(t, src, ranks, f, func(r int, opt *Options) {
			opt.Gathered = from
			opt.Sent = func(at Gathered) error {
				if told = append(told, at); len(told) == stop {
					return errStopped
				}
				return nil
			}
		})
		return told, err
	}
	all, err := write(&retrotest.MemFile{}, Gathered{}, -1)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) < 2*ranks || all[len(all)-1].Peer != ranks-1 {
		t.Fatalf("the gathering told %d pieces, %v at the end; want pieces of every rank", len(all), all[len(all)-1])
	}
	// before is the bytes of blocks handed over before at.
	before := func(at Gathered) int64 {
		n := at.Bytes
		for p := range at.Peer {
			last := int64(0)
			for _, a := range all {
				if a.Peer == p {
					last = a.Bytes
				}
			}
			n += last
		}
		return n
	}
	// again stops after stop pieces, damages the file as damage says, and
	// writes again from the save: the table, and the bytes of blocks
	// handed over again.
	again := func(stop int, damage func(f *retrotest.MemFile)) int64 {
		f := &retrotest.MemFile{}
		if _, err := write(f, Gathered{}, stop); !errors.Is(err, errStopped) {
			t.Fatalf("stop at %d: %v", stop, err)
		}
		if damage != nil {
			damage(f)
		}
		f.ResetWritten()
		if _, err := write(f, all[stop-1], -1); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(checked(t, f.Bytes()), checked(t, want)) {
			t.Errorf("stopped after %d pieces: the ranks started again write another table", stop)
		}
		return f.Written() - (int64(len(want)) - blocks) // less the header, the directory and the made record
	}
	for _, stop := range []int{1, len(all) / 2, len(all) - 1} {
		after := blocks - before(all[stop-1])
		if got := again(stop, nil); got < after || got > after+largest {
			t.Errorf("stopped after %d pieces: %d bytes of blocks handed over again, want %d and at most a block more", stop, got, after)
		}
	}
	stop := len(all) - 1
	last := tf.Dir[0] // the game block, rank 0's, handed over before the stop
	if got, after := again(stop, func(f *retrotest.MemFile) { f.Bytes()[last.Offset] ^= 0xff }), blocks-before(all[stop-1]); got < after+int64(last.Size) {
		t.Errorf("a block damaged after the save: %d bytes of blocks handed over again, want the %d after the save and the block", got, after)
	}
	other := all[len(all)/2]
	other.Head++
	told, err := write(&retrotest.MemFile{}, other, -1)
	if err != nil || !slices.Equal(told, all) {
		t.Errorf("from the save of another layout: %v, handed over %d pieces, want all %d", err, len(told), len(all))
	}
}

package table

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"retro/out/internal/testgames"
)

var errStopped = errors.New("stopped")

// TestWriteResumed stops a WriteAt into a file after some blocks (as a
// kill would, the blocks after the save left in the file or not), then
// writes again into the same file from the entries saved: the table is
// Write's, byte for byte, on one core or all, with a kept block damaged
// or not.
func TestWriteResumed(t *testing.T) {
	g, rs := testgames.Solve(t, "box", []byte(testgames.Box))
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

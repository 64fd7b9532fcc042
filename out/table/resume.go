package table

import (
	"fmt"
	"io"
)

// A write resumed. WriteAt tells Options.Placed the entries of the blocks
// it has written, in file order; a caller that keeps them (with
// EncodeEntries) once the blocks are on disk can, after a stop, give them
// back as Options.Written to a WriteAt of the same table into the same
// file. The blocks are made the same, byte for byte, whatever the run, so
// the blocks written stay: each is read back and checked against its
// entry's checksum, those that check (up to the first that does not) are
// kept, and only the blocks after them are made. The header and the
// directory are written last, as always.

// EncodeEntries are entries as bytes, EntrySize each (as the directory
// holds them, their offsets zero).
func EncodeEntries(entries []Entry) []byte {
	b := make([]byte, len(entries)*EntrySize)
	for k := range entries {
		e := entries[k]
		e.Offset = 0
		e.marshal(b[k*EntrySize:])
	}
	return b
}

// DecodeEntries reads what EncodeEntries wrote.
func DecodeEntries(b []byte) ([]Entry, error) {
	if len(b)%EntrySize != 0 {
		return nil, fmt.Errorf("%w: block entries of %d bytes, not a multiple of %d", ErrCorrupt, len(b), EntrySize)
	}
	entries := make([]Entry, len(b)/EntrySize)
	for k := range entries {
		entries[k] = unmarshalEntry(b[k*EntrySize:])
	}
	return entries, nil
}

// Resumable is what WriteAt needs of a file to resume a write into it:
// to read back the blocks written, and to cut off what follows them.
type Resumable interface {
	io.WriterAt
	io.ReaderAt
	Truncate(size int64) error
}

// kept are the blocks of written that the file holds, checked, up to the
// first that is not there or does not check, out of a table of blocks
// blocks whose first block is at first; and where the next block goes.
// The file is cut there.
func kept(w io.WriterAt, written []Entry, blocks int, first int64) ([]Entry, int64, error) {
	r, ok := w.(Resumable)
	if !ok {
		return nil, 0, fmt.Errorf("table: the blocks written before cannot be read back to resume")
	}
	if len(written) > blocks {
		return nil, 0, fmt.Errorf("table: %d blocks written before, of a table of %d: another table", len(written), blocks)
	}
	entries := make([]Entry, 0, blocks)
	at := first
	var buf []byte
	for _, e := range written {
		if cap(buf) < int(e.Size) {
			buf = make([]byte, e.Size)
		}
		buf = buf[:e.Size]
		if _, err := r.ReadAt(buf, at); err != nil || checksum(buf) != e.CRC {
			break // not there, or damaged: made again from here
		}
		entries = append(entries, e)
		at += int64(e.Size)
	}
	return entries, at, r.Truncate(at)
}

// placer writes blocks one after another into a file, from where those
// kept from an earlier write end, and tells Options.Placed.
type placer struct {
	w       io.WriterAt
	entries []Entry
	at      int64
	placed  func(entries []Entry) error
}

// placer is a placer of the blocks of a table of blocks blocks into w,
// the first at first, after the blocks of opt.Written that w holds.
func (opt Options) placer(w io.WriterAt, blocks int, first int64) (*placer, error) {
	p := &placer{w: w, entries: make([]Entry, 0, blocks), at: first, placed: opt.Placed}
	if len(opt.Written) > 0 {
		var err error
		if p.entries, p.at, err = kept(w, opt.Written, blocks, first); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// put writes a block made at its place (streamJobs' put).
func (p *placer) put(b *block) error {
	b.seal()
	p.entries = append(p.entries, b.info)
	if _, err := p.w.WriteAt(b.data, p.at); err != nil {
		return err
	}
	p.at += int64(len(b.data))
	if p.placed != nil {
		return p.placed(p.entries)
	}
	return nil
}

// peerBlocks makes the blocks of jobs, one peer's of WriteParts, in job
// order, and returns their entries (sealed) and their bytes one after
// another: held in memory, or with opt.Keep written into that file as
// they are made, after those opt.Written says it holds, and read from
// there as they are sent.
func (opt Options) peerBlocks(jobs []func() (*block, error)) ([]Entry, io.ReaderAt, int64, error) {
	if opt.Keep == nil {
		blocks, err := runJobs(opt.counted(jobs))
		if err != nil {
			return nil, nil, 0, err
		}
		entries := make([]Entry, len(blocks))
		n := int64(0)
		for k, b := range blocks {
			b.seal()
			entries[k] = b.info
			n += int64(len(b.data))
		}
		return entries, heldBlocks(blocks), n, nil
	}
	p, err := opt.placer(opt.Keep, len(jobs), 0)
	if err != nil {
		return nil, nil, 0, err
	}
	if err := streamJobs(opt.countedFrom(jobs, len(p.entries)), p.put); err != nil {
		return nil, nil, 0, err
	}
	return p.entries, opt.Keep, p.at, nil
}

// heldBlocks are blocks held in memory, read as their bytes one after
// another.
type heldBlocks []*block

func (bs heldBlocks) ReadAt(p []byte, off int64) (int, error) {
	n := 0
	for _, b := range bs {
		if n == len(p) {
			break
		}
		if l := int64(len(b.data)); off >= l {
			off -= l
			continue
		}
		n += copy(p[n:], b.data[off:])
		off = 0
	}
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

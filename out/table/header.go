package table

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
)

// Magic is the first eight bytes of a table file. Like PNG's, it has a
// high byte (a file sent as text loses it), a CR LF pair and a ^Z (text
// conversions change them), so a mangled file is told from a table.
var Magic = [8]byte{0x89, 'R', 'T', 'B', '\r', '\n', 0x1a, '\n'}

// Version is the table format this engine writes and reads.
const Version = 1

// Sizes of the fixed parts of a table file.
const (
	HeaderSize = 64 // bytes of the header
	EntrySize  = 40 // bytes of one directory entry
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// checksum is the CRC-32C of b.
func checksum(b []byte) uint32 { return crc32.Checksum(b, castagnoli) }

// Header is the start of a table file: what it is, which format, and
// where its checked part ends. The header checks itself (HeaderCRC) and
// the directory that follows it (DirCRC); each block is checked by its
// directory entry.
type Header struct {
	Magic     [8]byte
	Version   uint32
	Flags     uint32 // FlagWide, or 0
	Blocks    uint32 // directory entries
	DirCRC    uint32 // CRC-32C of the directory
	End       uint64 // end of the checked part: header, directory, blocks
	HeaderCRC uint32 // CRC-32C of the header's first 60 bytes
}

// FlagWide, in Header.Flags, says that an instance of the table has more
// positions than 32 bits number: a reader of 32-bit indices cannot read
// it, and refuses the flag it does not know.
const FlagWide = 1

// HasMagic reports whether b starts with the table magic number.
func HasMagic(b []byte) bool { return len(b) >= len(Magic) && bytes.Equal(b[:len(Magic)], Magic[:]) }

// marshal writes the header, its checksum included.
func (h *Header) marshal() []byte {
	b := h.fields()
	h.HeaderCRC = checksum(b[:60])
	binary.LittleEndian.PutUint32(b[60:], h.HeaderCRC)
	return b
}

// fields writes the header without its checksum.
func (h *Header) fields() []byte {
	b := make([]byte, HeaderSize)
	copy(b, h.Magic[:])
	le := binary.LittleEndian
	le.PutUint32(b[8:], h.Version)
	le.PutUint32(b[12:], h.Flags)
	le.PutUint32(b[16:], h.Blocks)
	le.PutUint32(b[20:], h.DirCRC)
	le.PutUint64(b[24:], h.End)
	return b
}

// parseHeader reads a header from the start of b and validates it.
func parseHeader(b []byte, size int64) (*Header, error) {
	if !HasMagic(b) {
		return nil, ErrNotTable
	}
	if len(b) < HeaderSize {
		return nil, fmt.Errorf("%w: %d bytes, less than a header", ErrTruncated, len(b))
	}
	le := binary.LittleEndian
	h := &Header{Version: le.Uint32(b[8:]), Flags: le.Uint32(b[12:]), Blocks: le.Uint32(b[16:]),
		DirCRC: le.Uint32(b[20:]), End: le.Uint64(b[24:]), HeaderCRC: le.Uint32(b[60:])}
	copy(h.Magic[:], b)
	if err := h.Validate(); err != nil {
		return nil, err
	}
	if h.HeaderCRC != checksum(b[:60]) { // the reserved bytes too
		return nil, ErrHeaderChecksum
	}
	if h.End > uint64(size) {
		return nil, fmt.Errorf("%w: the header says %d bytes, the file has %d", ErrTruncated, h.End, size)
	}
	dirEnd := HeaderSize + uint64(h.Blocks)*EntrySize
	if dirEnd > h.End {
		return nil, fmt.Errorf("%w: %d blocks do not fit in %d bytes", ErrDirectory, h.Blocks, h.End)
	}
	return h, nil
}

// Validate checks a header in this order, with a sentinel for each
// failure: the magic number (ErrNotTable), the version and the reserved
// flags (ErrVersion), the checksum (ErrHeaderChecksum).
func (h *Header) Validate() error {
	switch {
	case h.Magic != Magic:
		return ErrNotTable
	case h.Version != Version:
		return fmt.Errorf("%w %d (this engine reads version %d)", ErrVersion, h.Version, Version)
	case h.Flags&^FlagWide != 0:
		return fmt.Errorf("%w: flags %#x (this engine reads %#x)", ErrVersion, h.Flags, FlagWide)
	case h.HeaderCRC != checksum(h.fields()[:60]):
		return ErrHeaderChecksum
	}
	return nil
}

// BlockKind says what a block holds.
type BlockKind uint8

// The kinds of block, in the order they come in a file: the game, then for
// every instance its description, its position space and its outcomes.
const (
	KindGame     BlockKind = 1 // the game text, its parameter ranges
	KindInstance BlockKind = 2 // one instance: values, counts, starts, layers
	KindSpace    BlockKind = 3 // positions of one instance (membership words or tuples)
	KindOutcomes BlockKind = 4 // outcome and layer of a run of positions
)

func (k BlockKind) String() string {
	switch k {
	case KindGame:
		return "game"
	case KindInstance:
		return "instance"
	case KindSpace:
		return "space"
	case KindOutcomes:
		return "outcomes"
	}
	return fmt.Sprintf("kind %d", uint8(k))
}

// Codec says how a block is stored.
type Codec uint8

// The codecs.
const (
	CodecStored Codec = 0 // as is
	CodecZstd   Codec = 1 // one zstd frame
)

// maxRaw is the most bytes one block may decode to.
const maxRaw = 1 << 30

// Entry is one directory entry: a block's kind and place, its size
// stored and decoded, and its checksum.
type Entry struct {
	Kind     BlockKind
	Codec    Codec
	Instance uint32 // the instance it belongs to (0 for the game block)
	First    uint64 // the first position (space words for a dense space) it covers
	Offset   uint64 // where it starts in the file
	Size     uint32 // stored bytes
	Raw      uint32 // decoded bytes
	CRC      uint32 // CRC-32C of the stored bytes
}

func (e *Entry) marshal(b []byte) {
	le := binary.LittleEndian
	clear(b[:EntrySize])
	b[0], b[1] = byte(e.Kind), byte(e.Codec)
	le.PutUint32(b[4:], e.Instance)
	le.PutUint64(b[8:], e.First)
	le.PutUint64(b[16:], e.Offset)
	le.PutUint32(b[24:], e.Size)
	le.PutUint32(b[28:], e.Raw)
	le.PutUint32(b[32:], e.CRC)
}

// unmarshalEntry reads an entry that marshal wrote.
func unmarshalEntry(e []byte) Entry {
	le := binary.LittleEndian
	return Entry{Kind: BlockKind(e[0]), Codec: Codec(e[1]), Instance: le.Uint32(e[4:]),
		First: le.Uint64(e[8:]), Offset: le.Uint64(e[16:]), Size: le.Uint32(e[24:]),
		Raw: le.Uint32(e[28:]), CRC: le.Uint32(e[32:])}
}

// parseDirectory reads and checks the directory of a validated header:
// every block lies in the checked part, one after another.
func parseDirectory(h *Header, b []byte) ([]Entry, error) {
	if checksum(b) != h.DirCRC {
		return nil, fmt.Errorf("%w: checksum mismatch", ErrDirectory)
	}
	dir := make([]Entry, h.Blocks)
	at := uint64(HeaderSize) + uint64(h.Blocks)*EntrySize
	for k := range dir {
		dir[k] = unmarshalEntry(b[k*EntrySize:])
		d := &dir[k]
		switch {
		case d.Offset != at:
			return nil, fmt.Errorf("%w: block %d at %d, want %d", ErrDirectory, k, d.Offset, at)
		case d.Kind < KindGame || d.Kind > KindOutcomes:
			return nil, fmt.Errorf("%w: block %d of unknown %v", ErrDirectory, k, d.Kind)
		case d.Codec > CodecZstd:
			return nil, fmt.Errorf("%w: block %d with unknown codec %d", ErrDirectory, k, d.Codec)
		case d.Raw > maxRaw || (d.Codec == CodecStored && d.Raw != d.Size):
			return nil, fmt.Errorf("%w: block %d of %d bytes decoded", ErrDirectory, k, d.Raw)
		}
		at += uint64(d.Size)
	}
	if at != h.End {
		return nil, fmt.Errorf("%w: the blocks end at %d, the header says %d", ErrDirectory, at, h.End)
	}
	return dir, nil
}

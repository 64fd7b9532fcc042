package table

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"

	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// File is an open table file. Opening reads and checks the header,
// the directory, the game and the instance descriptions; positions and
// outcomes are read a block at a time when asked, so that one probe
// decodes one outcome block. A File is safe for concurrent use.
type File struct {
	Header    Header
	Dir       []Entry
	Size      int64 // bytes of the file, the made record included
	Game      *rules.Game
	OpenWidth int64
	Instances []*InstanceInfo
	Made      Made
	MadeErr   error // the made record is missing or damaged

	r      io.ReaderAt
	mu     sync.Mutex
	spaces map[int]*positions.Space
	cache  map[[2]int]*decoded // outcome blocks by instance and block
}

// InstanceInfo describes one instance of a table, without its positions.
type InstanceInfo struct {
	Instance  *rules.Instance
	Positions int
	Dense     bool // the space is a box with a membership bitset
	Horizon   int  // -1 for none
	MoveCount int64
	Edges     int64
	Tally     map[retro.Outcome]int // positions by outcome, as Result.Tally
	Segments  []retro.Segment       // the coloured sets, in colouring order
	Starts    []positions.StartPos

	space       positions.SpaceData // without members or tuples
	words       int                 // membership words of a dense space
	flags       byte
	spaceBlocks []int // directory indices
	outBlocks   []int
	block       int    // the instance block that holds the record
	spaceRaw    []byte // an inline space
	outRaw      []byte // inline outcomes
}

// Open opens a table file of size bytes: it reads and checks the
// header, the directory, the game and the instance descriptions.
func Open(r io.ReaderAt, size int64) (*File, error) {
	if size < 0 {
		return nil, fmt.Errorf("%w: size %d", ErrTruncated, size)
	}
	head := make([]byte, min(size, HeaderSize))
	if err := readFull(r, head, 0); err != nil {
		return nil, err
	}
	h, err := parseHeader(head, size)
	if err != nil {
		return nil, err
	}
	dirBytes := make([]byte, int(h.Blocks)*EntrySize)
	if err := readFull(r, dirBytes, HeaderSize); err != nil {
		return nil, err
	}
	dir, err := parseDirectory(h, dirBytes)
	if err != nil {
		return nil, err
	}
	t := &File{Header: *h, Dir: dir, Size: size, r: r,
		spaces: map[int]*positions.Space{}, cache: map[[2]int]*decoded{}}
	if len(dir) == 0 || dir[0].Kind != KindGame {
		return nil, fmt.Errorf("%w: the first block is not the game", ErrDirectory)
	}
	count, err := t.readGame()
	if err != nil {
		return nil, err
	}
	if err := t.readInstances(count); err != nil {
		return nil, err
	}
	var end int64
	t.Made, end, t.MadeErr = readMade(r, h.End, size)
	if t.MadeErr == nil && end < size {
		return nil, fmt.Errorf("%w: %d bytes from %d", ErrTrailing, size-end, end)
	}
	return t, nil
}

func readFull(r io.ReaderAt, b []byte, off int64) error {
	n, err := r.ReadAt(b, off)
	if n == len(b) {
		return nil
	}
	if err == nil || err == io.EOF {
		return fmt.Errorf("%w: %d bytes at %d, the file ends", ErrTruncated, len(b), off)
	}
	return err
}

// Read reads a whole table file held in memory: every block is
// checked and decoded, and every result rebuilt.
func Read(data []byte) (*Table, error) {
	t, err := Open(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	tb, err := Load(t, MaxWhole)
	if err == nil && tb.Results == nil {
		err = tb.Whole
	}
	if err != nil {
		return nil, err
	}
	return tb, nil
}

// MaxWhole is the most positions of an instance that Result rebuilds
// whole: its order and layers take 32 bits a position.
const MaxWhole = math.MaxUint32

// Load reads the results of an open table: every instance's Result when
// none holds more than maxWhole positions (and MaxWhole), the outcome
// blocks checked and decoded. Otherwise it rebuilds none: Results is nil,
// Whole says why, and every instance is read a position at a time
// through Probes, the outcome blocks decoded as positions are asked for.
// Probes are set in both cases. The file must stay open while the table
// is read.
func Load(t *File, maxWhole int) (*Table, error) {
	tb := &Table{Game: t.Game, OpenWidth: t.OpenWidth, Made: t.Made, MadeErr: t.MadeErr}
	for k, in := range t.Instances {
		if n := in.Positions; n > min(maxWhole, MaxWhole) {
			tb.Whole = fmt.Errorf("%w: instance %d holds %d positions, more than a table rebuilt whole holds (%d)", ErrTooLarge, k, n, min(maxWhole, MaxWhole))
		}
	}
	if tb.Whole == nil {
		results, err := t.Results()
		if err != nil {
			return nil, err
		}
		tb.Results = results
		for _, r := range results {
			tb.Probes = append(tb.Probes, r.Probed())
		}
		return tb, nil
	}
	for k := range t.Instances {
		p, err := t.Probed(k)
		if err != nil {
			return nil, err
		}
		tb.Probes = append(tb.Probes, p)
	}
	return tb, nil
}

// what names block k for an error message.
func (t *File) what(k int) string {
	e := &t.Dir[k]
	switch e.Kind {
	case KindGame:
		return "game"
	case KindInstance:
		return fmt.Sprintf("instances from %d", e.First)
	case KindSpace:
		if int(e.Instance) < len(t.Instances) && t.Instances[e.Instance].Dense {
			return fmt.Sprintf("space of instance %d, from word %d", e.Instance, e.First)
		}
		return fmt.Sprintf("space of instance %d, from position %d", e.Instance, e.First)
	}
	return fmt.Sprintf("outcomes of instance %d, from position %d", e.Instance, e.First)
}

// block reads, checks and decodes block k.
func (t *File) block(k int) ([]byte, error) {
	e := &t.Dir[k]
	stored := make([]byte, e.Size)
	if err := readFull(t.r, stored, int64(e.Offset)); err != nil {
		return nil, err
	}
	raw, err := unpack(e, stored)
	if err != nil {
		return nil, &BlockError{Block: k, What: t.what(k), Err: err}
	}
	return raw, nil
}

// Check reads every block and checks it against its checksum, without
// decoding it; it returns the error of the first bad block.
func (t *File) Check() error {
	for k := range t.Dir {
		e := &t.Dir[k]
		stored := make([]byte, e.Size)
		if err := readFull(t.r, stored, int64(e.Offset)); err != nil {
			return err
		}
		if checksum(stored) != e.CRC {
			return &BlockError{Block: k, What: t.what(k), Err: ErrChecksum}
		}
	}
	return nil
}

// ContentSum is the content checksum: the SHA-256 of the file's checked
// part. Tables of the same game have the same sum, however and whenever
// they were made.
func (t *File) ContentSum() ([]byte, error) {
	h := sha256.New()
	if _, err := io.Copy(h, io.NewSectionReader(t.r, 0, int64(t.Header.End))); err != nil {
		return nil, err
	}
	return h.Sum(nil), nil
}

// readGame reads the game block and returns the number of instances.
func (t *File) readGame() (int, error) {
	raw, err := t.block(0)
	if err != nil {
		return 0, err
	}
	r := &rbuf{b: raw}
	file, src := r.str(), r.bytes()
	type param struct {
		name   string
		lo, hi int64
		open   bool
	}
	ps := make([]param, r.n(len(r.b), "params"))
	for k := range ps {
		ps[k] = param{name: r.str(), lo: r.s(), hi: r.s(), open: r.byte1() != 0}
	}
	t.OpenWidth = r.s()
	count := r.n(rules.MaxInstances, "instances")
	if err := r.end(); err != nil {
		return 0, &BlockError{Block: 0, What: "game", Err: err}
	}
	g, err := rules.Parse(file, src)
	if err != nil {
		return 0, fmt.Errorf("%w: %w", ErrGame, err)
	}
	if len(ps) != len(g.Params) {
		return 0, fmt.Errorf("%w: %d parameters recorded, the game has %d", ErrGame, len(ps), len(g.Params))
	}
	for k, p := range ps {
		gp := g.Params[k]
		switch {
		case p.name != gp.Name || (p.open && !gp.Open):
			return 0, fmt.Errorf("%w: parameter %s recorded as %s", ErrGame, gp.Name, p.name)
		case p.open:
		case gp.Open || p.lo != gp.Lo || p.hi != gp.Hi:
			if err := g.SetRange(p.name, p.lo, p.hi); err != nil {
				return 0, fmt.Errorf("%w: %w", ErrGame, err)
			}
		}
	}
	t.Game = g
	return count, nil
}

// readInstances reads the instance blocks, then checks that the space
// and outcome blocks of each instance not inline follow, as many as it
// needs, in instance order.
func (t *File) readInstances(count int) error {
	at := 1
	for len(t.Instances) < count {
		k := len(t.Instances)
		if at >= len(t.Dir) || t.Dir[at].Kind != KindInstance || t.Dir[at].First != uint64(k) {
			return fmt.Errorf("%w: no block for instance %d", ErrDirectory, k)
		}
		raw, err := t.block(at)
		if err != nil {
			return err
		}
		r := &rbuf{b: raw}
		m := r.n(count-k, "instances")
		if m == 0 {
			r.fail("no instances")
		}
		for range m {
			in, err := t.readRecord(r, at)
			if err != nil {
				return err
			}
			t.Instances = append(t.Instances, in)
		}
		if err := r.end(); err != nil {
			return &BlockError{Block: at, What: t.what(at), Err: err}
		}
		at++
	}
	for k, in := range t.Instances {
		if in.flags&flagInline != 0 {
			continue
		}
		var err error
		nSpace, step := ceilDiv(in.Positions, BlockPositions), BlockPositions
		if in.Dense {
			nSpace, step = ceilDiv(in.words, blockWords), blockWords
		}
		if in.spaceBlocks, err = t.expect(&at, KindSpace, k, nSpace, step); err != nil {
			return err
		}
		if in.outBlocks, err = t.expect(&at, KindOutcomes, k, ceilDiv(in.Positions, BlockPositions), BlockPositions); err != nil {
			return err
		}
	}
	if at != len(t.Dir) {
		return fmt.Errorf("%w: %d blocks after the last instance", ErrDirectory, len(t.Dir)-at)
	}
	return nil
}

// expect checks that n blocks of a kind come next, the j-th starting at
// j·step, and returns their indices.
func (t *File) expect(at *int, kind BlockKind, k, n, step int) ([]int, error) {
	if n > len(t.Dir)-*at {
		return nil, fmt.Errorf("%w: instance %d needs %d %v blocks, the file has fewer", ErrDirectory, k, n, kind)
	}
	idx := make([]int, n)
	for j := range idx {
		e := &t.Dir[*at]
		if e.Kind != kind || e.Instance != uint32(k) || e.First != uint64(j)*uint64(step) {
			return nil, fmt.Errorf("%w: block %d is %v of instance %d from %d, want %v from %d",
				ErrDirectory, *at, e.Kind, e.Instance, e.First, kind, j*step)
		}
		idx[j] = *at
		*at++
	}
	return idx, nil
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// instanceOf binds an instance of the table's game. The results of a heap
// game are those of its engine view (rules.Instance.HeapView) with as
// many piles as the space has.
func (t *File) instanceOf(values []int64, piles int) (*rules.Instance, error) {
	in, err := t.Game.Bind(values)
	if err != nil || !t.Game.Sum {
		return in, err
	}
	return in.HeapView(piles)
}

// readRecord reads the record of one instance from instance block at.
func (t *File) readRecord(r *rbuf, at int) (*InstanceInfo, error) {
	fail := func(format string, a ...any) error {
		return &BlockError{Block: at, What: t.what(at), Err: fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(format, a...))}
	}
	values := r.ints()
	in := &InstanceInfo{Tally: map[retro.Outcome]int{}, block: at}
	sd := &in.space
	// The game's piles, or the heaps of a heap game's engine view: the
	// record's own bytes do not bound them, as a hashed space keeps its
	// tuples in blocks of their own.
	sd.Piles, sd.History = r.n(max(len(t.Game.Piles), rules.MaxHeaps), "piles"), r.n(math.MaxInt32, "history values")
	in.Positions = r.n(1<<48, "positions")
	in.Dense = r.byte1() == 1
	if r.err != nil {
		return nil, &BlockError{Block: at, What: t.what(at), Err: r.err}
	}
	var err error
	if in.Instance, err = t.instanceOf(values, sd.Piles); err != nil {
		return nil, fail("%v", err)
	}
	if g := in.Instance.Game; sd.Piles != len(g.Piles) || sd.History != positions.HistorySize(g) {
		return nil, fail("%d piles and %d history values, the game has %d and %d",
			sd.Piles, sd.History, len(g.Piles), positions.HistorySize(g))
	}
	if in.Dense {
		sd.Dense = true
		sd.Lo, sd.Size = r.svals(sd.Piles), r.svals(sd.Piles)
		in.words = r.n(1<<40, "words")
	}
	in.Horizon = int(r.s())
	in.flags = r.byte1()
	in.MoveCount, in.Edges = int64(r.n(math.MaxInt64, "moves")), int64(r.n(math.MaxInt64, "edges"))
	for o := retro.Win; o <= retro.Unknown; o++ {
		in.Tally[o] = r.n(in.Positions, "positions")
	}
	in.Starts = make([]positions.StartPos, r.n(len(r.b), "starts"))
	index := int64(0)
	for k := range in.Starts {
		params := r.ints()
		if index += r.s(); index < 0 || index >= int64(in.Positions) {
			r.fail("start at position %d of %d", index, in.Positions)
			index = 0
		}
		in.Starts[k] = positions.StartPos{Params: params, Index: int(index)}
	}
	in.Segments = make([]retro.Segment, r.n(len(r.b), "segments"))
	coloured, layer := 0, int64(0)
	for k := range in.Segments {
		o := retro.Outcome(r.byte1())
		layer += r.s()
		c := r.n(in.Positions-coloured, "positions")
		if o != retro.Win && o != retro.Lose {
			r.fail("segment of outcome %d", o)
		}
		if layer < 0 || layer > math.MaxUint32 {
			r.fail("segment of layer %d", layer)
			layer = 0
		}
		in.Segments[k] = retro.Segment{Outcome: o, Layer: int(layer), Start: coloured, End: coloured + c}
		coloured += c
	}
	if in.flags&flagInline != 0 {
		in.spaceRaw, in.outRaw = r.bytes(), r.bytes()
		if in.Positions > inlineMax || (in.Dense && in.words > blockWords) {
			r.fail("%d positions, %d words inline", in.Positions, in.words)
		}
	}
	if r.err != nil {
		return nil, &BlockError{Block: at, What: t.what(at), Err: r.err}
	}
	if in.flags&^(flagUnknown|flagDepth|flagInline) != 0 || (in.Horizon < 0) != (in.flags&flagDepth == 0) {
		return nil, fail("flags %#x with horizon %d", in.flags, in.Horizon)
	}
	return in, nil
}

// readMade reads the made record that follows the checked part, and
// where it ends.
func readMade(r io.ReaderAt, end uint64, size int64) (Made, int64, error) {
	var m Made
	if uint64(size) == end {
		return m, 0, errors.New("no made record")
	}
	head := make([]byte, 16)
	if err := readFull(r, head, int64(end)); err != nil || !bytes.Equal(head[:8], madeMagic[:]) {
		return m, 0, errors.New("made record damaged")
	}
	n := binary.LittleEndian.Uint32(head[8:])
	if uint64(n) > uint64(size)-end-16 {
		return m, 0, errors.New("made record damaged")
	}
	js := make([]byte, n)
	if err := readFull(r, js, int64(end)+16); err != nil || checksum(js) != binary.LittleEndian.Uint32(head[12:]) {
		return m, 0, errors.New("made record damaged")
	}
	if err := json.Unmarshal(js, &m); err != nil {
		return m, 0, fmt.Errorf("made record damaged: %v", err)
	}
	return m, int64(end) + 16 + int64(n), nil
}

// decodeBlock reads block b and hands its content to read, which must
// consume all of it.
func (t *File) decodeBlock(b int, read func(r *rbuf)) error {
	raw, err := t.block(b)
	if err != nil {
		return err
	}
	r := &rbuf{b: raw}
	read(r)
	if err := r.end(); err != nil {
		return &BlockError{Block: b, What: t.what(b), Err: err}
	}
	return nil
}

// readInline hands a part of an instance record to read, which must
// consume all of it.
func (t *File) readInline(in *InstanceInfo, raw []byte, read func(r *rbuf)) error {
	r := &rbuf{b: raw}
	read(r)
	if err := r.end(); err != nil {
		return &BlockError{Block: in.block, What: t.what(in.block), Err: err}
	}
	return nil
}

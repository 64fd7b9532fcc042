package grid

import (
	"bufio"
	"encoding/binary"
	"hash/crc32"
	"image/color"
	"io"

	"github.com/klauspost/compress/zlib"
)

// pngWriter writes a paletted PNG a row at a time, so that a picture of
// 10⁸ pixels holds one row: the image/png encoder wants the whole image.
type pngWriter struct {
	w    *bufio.Writer
	z    *zlib.Writer
	data []byte // the IDAT bytes not yet written as a chunk
	line []byte // a row with its filter byte
	err  error
}

// idatChunk is the size of the IDAT chunks written.
const idatChunk = 1 << 16

func newPNGWriter(w io.Writer, width, height int, p color.Palette, fast bool) *pngWriter {
	e := &pngWriter{w: bufio.NewWriter(w), line: make([]byte, 1+width)}
	e.w.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = 8, 3 // 8 bits a pixel, paletted
	e.chunk("IHDR", ihdr[:])
	plte := make([]byte, 0, 3*len(p))
	for _, c := range p {
		r, g, b, _ := c.RGBA()
		plte = append(plte, byte(r>>8), byte(g>>8), byte(b>>8))
	}
	e.chunk("PLTE", plte)
	level := zlib.DefaultCompression
	if fast {
		level = zlib.BestSpeed
	}
	e.z, _ = zlib.NewWriterLevel(idatWriter{e}, level) // the level is one of zlib's
	return e
}

// row writes a row of palette indices (filter none: a paletted picture
// of flat cells gains nothing from the others).
func (e *pngWriter) row(pix []uint8) error {
	if e.err != nil {
		return e.err
	}
	copy(e.line[1:], pix)
	if _, err := e.z.Write(e.line); err != nil && e.err == nil {
		e.err = err
	}
	return e.err
}

// close ends the picture: the last IDAT chunk, and IEND.
func (e *pngWriter) close() error {
	if err := e.z.Close(); err != nil && e.err == nil {
		e.err = err
	}
	if len(e.data) > 0 {
		e.chunk("IDAT", e.data)
	}
	e.chunk("IEND", nil)
	if err := e.w.Flush(); err != nil && e.err == nil {
		e.err = err
	}
	return e.err
}

// chunk writes one chunk: its length, type, data and CRC.
func (e *pngWriter) chunk(kind string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	e.w.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(kind))
	crc.Write(data)
	e.w.WriteString(kind)
	if _, err := e.w.Write(data); err != nil && e.err == nil {
		e.err = err
	}
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	e.w.Write(n[:])
}

// idatWriter gathers the compressed bytes into IDAT chunks.
type idatWriter struct{ e *pngWriter }

func (w idatWriter) Write(p []byte) (int, error) {
	e := w.e
	e.data = append(e.data, p...)
	for len(e.data) >= idatChunk {
		e.chunk("IDAT", e.data[:idatChunk])
		e.data = append(e.data[:0], e.data[idatChunk:]...)
	}
	return len(p), e.err
}

package grid

import "fmt"

// Sum is the map of a heap game's sums of two heaps: the cell of heaps
// x and y is g(x) XOR g(y), 0 where the player to move loses.
type Sum struct {
	G   func(n int) uint32 // the Grundy value of a heap of n
	Len int                // the heaps 0..Len-1 G knows
	X   Axis               // the heaps across
}

// SumGrid is the map of the sums of two heaps x, y in 0..upto of a heap
// game whose Grundy values g gives (g(0..upto)).
func SumGrid(title string, g func(n int) uint32, upto int64) *Grid {
	x := Axis{Name: "x", Pile: 0, Hi: upto}
	y := Axis{Name: "y", Pile: 1, Hi: upto}
	return &Grid{Title: title, Note: "g(x) XOR g(y)", X: x, Y: y, A: &Sum{G: g, Len: int(upto) + 1, X: x}}
}

// Row writes the cells of heap y against each heap x.
func (s *Sum) Row(y int64, cells []Cell) error {
	if y < 0 || y >= int64(s.Len) {
		return fmt.Errorf("heap %d: the Grundy table holds heaps 0..%d", y, s.Len-1)
	}
	gy := s.G(int(y))
	for j := range cells {
		x := s.X.Lo + int64(j)
		cells[j] = Cell{Kind: Nim, Layer: int32(s.G(int(x)) ^ gy)}
	}
	return nil
}

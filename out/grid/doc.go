// Package grid draws a map of a solved game: a two-dimensional slice of its
// positions, one cell a position, as people in this field look at a game of
// two piles (the exam teacher's table of who wins and in how many moves, the
// researcher's plot of P-positions). The same grid is written as a PNG or SVG
// picture, a printable HTML table, a CSV grid for spreadsheets, or coloured
// text on a terminal; a map of two games shows where their values differ.
//
// Words:
//
//   - Axis: what runs across (x) or down (y) a map: a pile, or a rule
//     parameter of the game (each of its values an instance), over a range
//     of values Lo..Hi.
//   - Slice: the two axes and where every other coordinate stands: the value
//     of each other pile (At), the instance, and the history (last, mylast)
//     every position of the slice carries.
//   - Cell: one position of the slice: its outcome and layer (Value), a
//     final position (Final: the game is over there, it has no row in the
//     table), a position the game never reaches (Absent), or, in a map of
//     Grundy values, g(a) XOR g(b) (Nim).
//   - Grid: a slice of one game read a row at a time, or of two games (a
//     and b) for a map of their differences; rows are made as they are
//     written, so that a map of 10⁸ positions holds a row, not the map.
//   - Change: how a cell differs between two games: unchanged, outcome
//     changed (W→L, L→W, to or from D or ?), the layer only, or in one game
//     only.
//   - Exam notation: a cell read as the exam's table marks it, the player
//     to move being Petya: П1 (В1) when Petya (Vanya) wins with his first
//     move; W 2n−1 is Пn and L 2n is Вn.
//   - Palette: the colours of the cells, the same in every picture and in
//     the explorer: the player to move winning in blue, losing in orange
//     (safe for the common colour blindnesses), each shaded darker the
//     sooner the game ends, and apart in lightness, so that a print in
//     black and white keeps W and L; SVG and HTML hatch L cells as well.
package grid

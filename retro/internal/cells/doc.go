// Package cells is the sweep over the cells of a box that the compiled
// and lines paths share: a value kept per cell of the box, in play order,
// and the table made from the values.
//
// Words:
//
//   - cell: a tuple of the box with one history; its address in the values
//     is given by the Spans, row by row (a row: the cells that differ in the
//     last pile only), each row keeping the values from its first member to
//     its last.
//   - value (Value): what a cell holds while the paths sweep, a code of the
//     rule as values (core.Rule): uint16 while the layers fit, uint32 after
//     a restart (ErrLayers).
//   - Solver: a path's sweep state: the compiled shape, the rule, the end's
//     code, the moves and edges counted, the caps and the budget. Values
//     makes the values in memory or, past the budget, in a spill file.
//   - TableOf, LayersOf, LayerRun: the values turned into outcome bits,
//     layers (written over the values, in their memory) and the coloured
//     sets: the core.Table the path hands back.
package cells

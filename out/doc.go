// Package out writes solved tables for people and programs.
//
// CSV by move count (WriteCSV) has one row per analysed position: the rule
// parameters (only for games with parameters in the rules), the piles, the
// history the positions carry (last, and mylast), then outcome (W, L, D or
// ?), layer (empty for D and ?) and best, the optimal moves written as
// command:(v1,v2,…) and separated by "; ". Rows come by layer, then by pile
// values, then by history (none first, then commands in file order); D and
// ? rows come last.
package out

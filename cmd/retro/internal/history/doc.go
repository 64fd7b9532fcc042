// Package history reads the history of a position as the command line
// (--last, --mylast) and the explorer's requests (last, mylast) give it:
// for each part, the name of the command it holds, or none.
//
// Files:
//
//   - history.go: Parse, and NameError for a name that is no command.
package history

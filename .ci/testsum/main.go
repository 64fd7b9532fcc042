// Command testsum reads `go test -json` on its standard input and prints
// what `go test` prints without -v (a line a package, the whole output of
// a failed test), then the skipped tests with their reasons, and a closing
// line "N passed, N failed, N skipped". It exits 1 when a test or a
// package failed. Used by .ci/test, so that a test that skips (no browser,
// no MPI) says so in the output of the project's test command.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
)

// event is one line of test2json's output.
type event struct {
	Action  string
	Package string
	Test    string
	Output  string
	Elapsed float64
}

func main() {
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	logs := map[string]*strings.Builder{} // output so far, by package and top-level test (subtests' included)
	own := map[string]*strings.Builder{}  // output so far, by package and test (for a skip's reason)
	var skips []string
	passed, failed, skipped := 0, 0, 0
	bad := false
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	for in.Scan() {
		var e event
		if err := json.Unmarshal(in.Bytes(), &e); err != nil {
			fmt.Fprintln(out, in.Text()) // not an event: the go command's own words
			continue
		}
		top, _, _ := strings.Cut(e.Test, "/")
		key, self := e.Package+"\x00"+top, e.Package+"\x00"+e.Test
		switch e.Action {
		case "build-output":
			fmt.Fprint(out, e.Output)
		case "build-fail":
			bad = true
		case "output":
			appendTo(logs, key, e.Output)
			if e.Test != "" {
				appendTo(own, self, e.Output)
			}
		case "pass", "fail", "skip":
			said := ""
			if b := own[self]; b != nil {
				said = b.String()
				delete(own, self)
			}
			log := ""
			if b := logs[key]; b != nil && e.Test == top {
				log = b.String()
				delete(logs, key)
			}
			if e.Test == "" { // the package's end: its summary line is the last of its output
				if e.Action == "fail" {
					bad = true
					// Tests that never ended (a timeout, a crash) left
					// their output, the panic's included, unprinted.
					for _, k := range slices.Sorted(maps.Keys(logs)) {
						if strings.HasPrefix(k, e.Package+"\x00") {
							fmt.Fprint(out, logs[k].String())
							delete(logs, k)
						}
					}
					fmt.Fprint(out, log)
				} else {
					fmt.Fprint(out, lastLine(log))
				}
				out.Flush() // a line a package as it ends, as go test prints it
				continue
			}
			switch e.Action {
			case "pass":
				passed++
			case "fail":
				failed++
				bad = true
				fmt.Fprint(out, log) // empty for a subtest: its output is printed with its parent's
			case "skip":
				skipped++
				skips = append(skips, fmt.Sprintf("skip: %s %s: %s", e.Package, e.Test, reason(said)))
			}
		}
	}
	for _, s := range skips {
		fmt.Fprintln(out, s)
	}
	fmt.Fprintf(out, "%d passed, %d failed, %d skipped\n", passed, failed, skipped)
	out.Flush()
	if bad {
		os.Exit(1)
	}
}

// appendTo adds text to the log of key.
func appendTo(logs map[string]*strings.Builder, key, text string) {
	b := logs[key]
	if b == nil {
		b = &strings.Builder{}
		logs[key] = b
	}
	b.WriteString(text)
}

// lastLine is the last non-empty line of a package's output ("ok ...",
// "?  ... [no test files]"), with its newline.
func lastLine(log string) string {
	lines := strings.Split(strings.TrimRight(log, "\n"), "\n")
	return lines[len(lines)-1] + "\n"
}

// reason is what a skipped test said, on one line.
func reason(log string) string {
	var said []string
	for _, l := range strings.Split(log, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "=== ") || strings.HasPrefix(l, "--- SKIP") {
			continue
		}
		said = append(said, l)
	}
	return strings.Join(said, " ")
}

//go:build !js

package main

import (
	"strconv"
	"time"
	"unicode/utf8"

	"retro/out"
	"retro/retro"
)

// csvOptions reads export's --layer, --best, --sep and --bom.
func (o *exportOptions) csvOptions() (out.CSVOptions, error) {
	c := commands["export"]
	opt := out.CSVOptions{Layer: -1, BOM: o.bom}
	switch o.layer {
	case "":
	case "D", "d":
		opt.KeepOutcome, opt.Outcome = true, retro.Draw
	case "?":
		opt.KeepOutcome, opt.Outcome = true, retro.Unknown
	default:
		n, err := strconv.Atoi(o.layer)
		if err != nil || n < 0 {
			return opt, usagef(c, "--layer %q: want a layer (0, 1, 2, …), D or ?", o.layer)
		}
		opt.Layer = n
	}
	switch o.best {
	case "one":
		opt.Best = out.BestOne
	case "all":
		opt.Best = out.BestAll
	case "none":
		opt.Best = out.BestNone
	default:
		return opt, usagef(c, "--best %q: want one, all or none", o.best)
	}
	sep := o.sep
	if sep == "tab" || sep == `\t` {
		sep = "\t"
	}
	r, size := utf8.DecodeRuneInString(sep)
	if size == 0 || size != len(sep) || r == '"' || r == '\r' || r == '\n' || r == utf8.RuneError || r == '\ufeff' {
		return opt, usagef(c, "--sep %q: want one character other than a quote or a line break, such as ';' or tab", o.sep)
	}
	opt.Comma = r
	return opt, nil
}

// exportProgress shows, on a terminal, the rows an export has written and
// of how many; the function it returns clears the line.
func exportProgress(e *env, s *solved, opt *out.CSVOptions) func() {
	total := opt.RowCount(s.results)
	p := newProgress(e, time.Now())
	opt.Progress = func(n int64) { p.show("%s", countLine("export", n, total, "rows")) }
	return p.done
}

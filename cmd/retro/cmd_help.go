package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/spf13/pflag"

	"retro/retro"
	"retro/rules"
)

func init() {
	register(&command{
		name:  "help",
		usage: "help [COMMAND | TOPIC]",
		short: "list the commands, or show one command's help and flags, or a topic",
		long: `Help lists the commands; help COMMAND shows what COMMAND does and its flags
(as does retro COMMAND --help); help format prints the reference of the
game format (rules/FORMAT.md in the source).`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			return func(ctx context.Context, e *env, args []string) error {
				return runHelp(e, args)
			}
		},
	})
}

func runHelp(e *env, args []string) error {
	switch len(args) {
	case 0:
		printHelp(e.stdout)
		return nil
	case 1:
		if topic, ok := helpTopics[args[0]]; ok {
			fmt.Fprint(e.stdout, plainText(topic.text))
			return nil
		}
		if _, ok := commands[args[0]]; !ok {
			msg := fmt.Sprintf("unknown command or topic %q", args[0])
			if near := rules.Suggest(args[0], helpWords()); near != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", near)
			}
			return &usageError{err: fmt.Errorf("%s: run 'retro help' for the list", msg)}
		}
		printCommandHelp(e.stdout, commands[args[0]])
		return nil
	}
	return usagef(commands["help"], "help takes at most one COMMAND or TOPIC")
}

// helpTopics are what retro help shows besides the commands: documents
// of the project, in Markdown, printed as plain text.
var helpTopics = map[string]struct{ short, text string }{
	"format": {"the format of a game file: every key, with examples", rules.FormatReference},
	"paths":  {"the paths a game is solved by, in the order they are tried, and what each can do", pathsTopic},
}

// pathsTopic is retro help paths: the path table, and how a solve uses it.
var pathsTopic = `# The paths

A game is solved by the first path of this table that takes it; the
summary's path: line says which took it and why the ones before declined.
retro solve --path NAME forces one (--general is --path general). Every
path gives the same table. A solve in ranks tries only the paths that run
in shards, one that keeps checkpoints only those that keep them, and a
spill directory is handed only to the paths that spill; a path of 32-bit
indices takes at most 2 147 483 647 positions.

` + retro.PathTableText()

// topicNames are the names of the topics, in order.
func topicNames() []string { return slices.Sorted(maps.Keys(helpTopics)) }

// helpWords are the words retro help takes: the commands and the topics.
func helpWords() []string { return append(commandNames(), topicNames()...) }

// flagUsages lists a command's flags, one a line: the flag, the kind of
// value it takes (none for a switch), what it does and its default.
func flagUsages(fs *pflag.FlagSet) string {
	type line struct{ left, right string }
	var lines []line
	width := 0
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		left := "      --" + f.Name
		if f.Shorthand != "" {
			left = "  -" + f.Shorthand + ", --" + f.Name
		}
		name, usage := pflag.UnquoteUsage(f)
		switch {
		case f.Value.Type() == "bool":
		case name == "stringArray":
			left += " string"
		case name == "int64":
			left += " int"
		case name != "":
			left += " " + name
		}
		switch f.Value.Type() {
		case "bool":
		case "string":
			if f.DefValue != "" {
				usage += fmt.Sprintf(" (default %q)", f.DefValue)
			}
		case "stringArray":
		default:
			if f.DefValue != "0" && f.DefValue != "" {
				usage += " (default " + f.DefValue + ")"
			}
		}
		width = max(width, len(left))
		lines = append(lines, line{left, usage})
	})
	var b strings.Builder
	for _, l := range lines {
		fmt.Fprintf(&b, "%-*s   %s\n", width, l.left, l.right)
	}
	return b.String()
}

// printArgNote tells the commands that take a position how to give one
// with a negative pile: after --, which ends the flags.
func printArgNote(w io.Writer, c *command) {
	if strings.Contains(c.usage, "POSITION") {
		fmt.Fprintf(w, "\nA position with a negative first pile follows --, which ends the flags:\nretro %s GAME -- -4\n", c.name)
	}
}

// printHelp lists the commands (retro help, retro --help).
func printHelp(w io.Writer) {
	fmt.Fprintln(w, "retro solves two-player stone-pile games by retrograde analysis.")
	fmt.Fprintln(w, "\nUsage: retro COMMAND [flags] [arguments]\n\nCommands:")
	for _, n := range commandNames() {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].short)
	}
	fmt.Fprintln(w, "\nTopics:")
	for _, t := range topicNames() {
		fmt.Fprintf(w, "  %-10s %s\n", t, helpTopics[t].short)
	}
	fmt.Fprintln(w, "\nGAME is a game file (TOML), the name of a built-in game (retro games), or a\ntable file written by retro solve -o.")
	fmt.Fprintln(w, "Run 'retro help COMMAND' for a command's flags, 'retro help format' for the\nformat of a game file.")
}

// printCommandHelp shows what a command does and its flags (retro help
// COMMAND, retro COMMAND --help).
func printCommandHelp(w io.Writer, c *command) {
	fmt.Fprintf(w, "usage: retro %s\n\n%s\n", c.usage, strings.TrimSpace(c.long))
	fs := pflag.NewFlagSet(c.name, pflag.ContinueOnError)
	fs.SortFlags = false
	c.setup(fs)
	if u := flagUsages(fs); u != "" {
		fmt.Fprintf(w, "\nFlags:\n%s", u)
	}
	printArgNote(w, c)
}

// plainText writes a Markdown document as plain text for a terminal:
// headings underlined, the fences of code blocks left out and their lines
// indented, tables as aligned columns (or, too wide for 80 columns, a
// block a row), emphasis and links without their marks. Code spans keep
// their backticks.
func plainText(md string) string {
	var b strings.Builder
	lines := strings.Split(strings.TrimRight(md, "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case strings.HasPrefix(l, "```"):
			for i++; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
				b.WriteString(strings.TrimRight("    "+lines[i], " ") + "\n")
			}
		case strings.HasPrefix(l, "|"):
			var rows [][]string
			for ; i < len(lines) && strings.HasPrefix(lines[i], "|"); i++ {
				if cells := tableCells(lines[i]); !isRule(cells) {
					rows = append(rows, cells)
				}
			}
			i--
			writeTable(&b, rows)
		case strings.HasPrefix(l, "#"):
			level := len(l) - len(strings.TrimLeft(l, "#"))
			text := plainInline(strings.TrimSpace(l[level:]))
			b.WriteString(text + "\n")
			if level <= 2 {
				b.WriteString(strings.Repeat(map[bool]string{true: "=", false: "-"}[level == 1], utf8.RuneCountInString(text)) + "\n")
			}
		default:
			b.WriteString(plainInline(l) + "\n")
		}
	}
	return b.String()
}

// tableCells splits a row of a Markdown table into its cells, inline
// marks removed; \| is a | of a cell.
func tableCells(row string) []string {
	row = strings.TrimSpace(row)
	row = strings.TrimSuffix(strings.TrimPrefix(row, "|"), "|")
	cells := strings.Split(strings.ReplaceAll(row, `\|`, "\x00"), "|")
	for k, c := range cells {
		cells[k] = plainInline(strings.ReplaceAll(strings.TrimSpace(c), "\x00", "|"))
	}
	return cells
}

// isRule tells the row under a table's header, |---|---|.
func isRule(cells []string) bool {
	for _, c := range cells {
		if strings.Trim(c, "-: ") != "" {
			return false
		}
	}
	return true
}

// writeTable writes the rows of a table (the first its header) as aligned
// columns, or, wider than 80 columns, a block a row: its first cell, then
// the others indented, each after its header from the third on.
func writeTable(b *strings.Builder, rows [][]string) {
	var widths []int
	for _, r := range rows {
		for k, c := range r {
			if k == len(widths) {
				widths = append(widths, 0)
			}
			widths[k] = max(widths[k], utf8.RuneCountInString(c))
		}
	}
	total := 2 * (len(widths) - 1)
	for _, w := range widths {
		total += w
	}
	if total <= 80 {
		for n, r := range rows {
			line := ""
			for k, c := range r {
				line += c + strings.Repeat(" ", widths[k]-utf8.RuneCountInString(c)+2)
			}
			b.WriteString(strings.TrimRight(line, " ") + "\n")
			if n == 0 {
				b.WriteString(strings.Repeat("-", total) + "\n")
			}
		}
		return
	}
	for n, r := range rows[1:] {
		if n > 0 {
			b.WriteString("\n")
		}
		b.WriteString(r[0] + "\n")
		for k, c := range r[1:] {
			if c == "" {
				continue
			}
			if k > 0 && k+1 < len(rows[0]) {
				c = rows[0][k+1] + ": " + c
			}
			b.WriteString(wrapText(c, "    ", 80))
		}
	}
}

// wrapText breaks text into lines of at most width columns, each after
// indent, never inside a code span.
func wrapText(text, indent string, width int) string {
	var words []string
	for _, w := range strings.Fields(text) {
		if n := len(words); n > 0 && strings.Count(words[n-1], "`")%2 == 1 {
			words[n-1] += " " + w
			continue
		}
		words = append(words, w)
	}
	var b strings.Builder
	line := indent
	for _, w := range words {
		if line != indent && utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) > width {
			b.WriteString(line + "\n")
			line = indent
		}
		if line != indent {
			line += " "
		}
		line += w
	}
	return b.String() + line + "\n"
}

// codeSpan, emphasis and link are the inline marks of Markdown that
// plainInline reads: `code`, **strong** or *emphasis*, [text](address).
var (
	codeSpan = regexp.MustCompile("`[^`]*`")
	emphasis = regexp.MustCompile(`\*\*([^*]+)\*\*|\*([^*\s][^*]*[^*\s]|[^*\s])\*`)
	link     = regexp.MustCompile(`\[([^\]]+)\]\(([^)]+)\)`)
)

// plainInline removes the marks of emphasis and links from a line of
// Markdown, outside its code spans: "*Part of a game*" is "Part of a
// game", "[the README](README.md)" is "the README (README.md)".
func plainInline(l string) string {
	var b strings.Builder
	at := 0
	for _, m := range codeSpan.FindAllStringIndex(l, -1) {
		b.WriteString(plainMarks(l[at:m[0]]))
		b.WriteString(l[m[0]:m[1]])
		at = m[1]
	}
	b.WriteString(plainMarks(l[at:]))
	return b.String()
}

func plainMarks(s string) string {
	s = emphasis.ReplaceAllString(s, "$1$2")
	return link.ReplaceAllString(s, "$1 ($2)")
}

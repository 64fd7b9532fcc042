package out

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// TreeOptions tune WriteTree.
type TreeOptions struct {
	// MarkBest ends the line of an optimal move with " *" (useful when
	// every move is shown).
	MarkBest bool
	// Position writes a position; nil for positions.Format.
	Position func(piles []int64, hist int) string
}

func (opt TreeOptions) format(g *rules.Game, piles []int64, hist int) string {
	if opt.Position != nil {
		return opt.Position(piles, hist)
	}
	return positions.Format(g, piles, hist)
}

// nodeValue is a node's outcome and layer, and what happened there: "W 3",
// "L 0, end", "D, repeats", "W 5 …" (moves not shown).
func nodeValue(n *retro.Node) string {
	s := n.Outcome.String()
	if n.Layer >= 0 {
		s += fmt.Sprintf(" %d", n.Layer)
	}
	switch {
	case n.End:
		s += ", end"
	case n.Repeat:
		s += ", repeats"
	case n.Cut:
		s += " …"
	}
	return s
}

// WriteTree writes a strategy tree as text, one node a line: the root's
// position, outcome and layer, then every move as "command -> position
// outcome layer", drawn under its position with box-drawing characters.
// The branches are three columns wide, or two when that keeps the lines
// within 80 columns.
func WriteTree(w io.Writer, g *rules.Game, root *retro.Node, opt TreeOptions) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s  %s\n", opt.format(g, root.Piles, root.Hist), nodeValue(root))
	t := &treeText{w: bw, g: g, opt: opt, branch: [2]string{"├─ ", "└─ "}, more: [2]string{"│  ", "   "}}
	if t.widest(root, 0, 3) > 80 {
		t.branch, t.more = [2]string{"├ ", "└ "}, [2]string{"│ ", "  "}
	}
	t.children(root, "")
	return bw.Flush()
}

type treeText struct {
	w            *bufio.Writer
	g            *rules.Game
	opt          TreeOptions
	branch, more [2]string // for a child that is not the last, and the last
}

// line is a move's line without its branch.
func (t *treeText) line(c *retro.Node) string {
	s := fmt.Sprintf("%s -> %s  %s", nodeName(t.g, c), t.opt.format(t.g, c.Piles, c.Hist), nodeValue(c))
	if t.opt.MarkBest && c.Best {
		s += " *"
	}
	return s
}

// widest is the width of the widest line below n, at depth, with branches
// of the given width.
func (t *treeText) widest(n *retro.Node, depth, width int) int {
	m := 0
	for _, c := range n.Children {
		m = max(m, (depth+1)*width+utf8.RuneCountInString(t.line(c)), t.widest(c, depth+1, width))
	}
	return m
}

func (t *treeText) children(n *retro.Node, prefix string) {
	for k, c := range n.Children {
		last := 0
		if k == len(n.Children)-1 {
			last = 1
		}
		t.w.WriteString(prefix + t.branch[last] + t.line(c) + "\n")
		t.children(c, prefix+t.more[last])
	}
}

// WriteTreeDot writes a strategy tree in Graphviz's dot language: a box per
// node labelled with its position, outcome and layer (W green, L red, D and
// ? grey; ends of the game as ellipses), an edge per move labelled with its
// command, the optimal ones bold.
func WriteTreeDot(w io.Writer, g *rules.Game, root *retro.Node) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "digraph strategy {\n\tlabel=%s;\n\tnode [shape=box, style=filled, fontname=\"monospace\"];\n\tedge [fontname=\"monospace\"];\n", dotQuote(g.Name))
	id := 0
	var walk func(n *retro.Node) int
	walk = func(n *retro.Node) int {
		me := id
		id++
		fill := map[retro.Outcome]string{retro.Win: "#c8f0c8", retro.Lose: "#f4c8c8"}[n.Outcome]
		if fill == "" {
			fill = "#e0e0e0"
		}
		shape := ""
		if n.End {
			shape = ", shape=ellipse"
		}
		label := positions.Format(g, n.Piles, n.Hist) + "\n" + nodeValue(n)
		fmt.Fprintf(bw, "\tn%d [label=%s, fillcolor=%q%s];\n", me, dotQuote(label), fill, shape)
		for _, c := range n.Children {
			child := walk(c)
			style := ""
			if c.Best {
				style = ", style=bold"
			}
			fmt.Fprintf(bw, "\tn%d -> n%d [label=%s%s];\n", me, child, dotQuote(nodeName(g, c)), style)
		}
		return me
	}
	walk(root)
	bw.WriteString("}\n")
	return bw.Flush()
}

// dotQuote quotes a string for dot: backslashes and quotes escaped,
// newlines as \n.
func dotQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

// jsonTree is the JSON form of a strategy tree.
type jsonTree struct {
	Game  string    `json:"game"`
	Piles []string  `json:"piles"`
	Root  *jsonNode `json:"root"`
}

// jsonNode is one node: move is the command that led to it (absent at the
// root); last and mylast only in games whose positions carry them; layer
// is null for D and ?.
type jsonNode struct {
	Move     string      `json:"move,omitempty"`
	Position []int64     `json:"position"`
	Last     *string     `json:"last,omitempty"`
	Mylast   *string     `json:"mylast,omitempty"`
	Outcome  string      `json:"outcome"`
	Layer    *int        `json:"layer"`
	End      bool        `json:"end,omitempty"`
	Best     bool        `json:"best,omitempty"`
	Cut      bool        `json:"cut,omitempty"`
	Repeat   bool        `json:"repeat,omitempty"`
	Children []*jsonNode `json:"children,omitempty"`
}

// WriteTreeJSON writes a strategy tree as JSON for programs:
// {"game", "piles", "root"}, each node with move, position, last, mylast,
// outcome, layer, end, best, cut, repeat and children.
func WriteTreeJSON(w io.Writer, g *rules.Game, root *retro.Node) error {
	var conv func(n *retro.Node) *jsonNode
	conv = func(n *retro.Node) *jsonNode {
		j := &jsonNode{Position: n.Piles, Outcome: n.Outcome.String(), End: n.End, Best: n.Best,
			Cut: n.Cut, Repeat: n.Repeat}
		if n.Cmd >= 0 {
			j.Move = nodeName(g, n)
		}
		if n.Layer >= 0 {
			layer := n.Layer
			j.Layer = &layer
		}
		if g.History != rules.NoHistory {
			last, mylast := positions.SplitHistory(g, n.Hist)
			l := positions.CommandName(g, last)
			j.Last = &l
			if g.History == rules.BothHistory {
				m := positions.CommandName(g, mylast)
				j.Mylast = &m
			}
		}
		for _, c := range n.Children {
			j.Children = append(j.Children, conv(c))
		}
		return j
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(jsonTree{Game: g.Name, Piles: g.Piles, Root: conv(root)})
}

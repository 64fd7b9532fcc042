package out

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"retro/out/query"
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
	// Lang is the language of the words ("end", "repeats", "depth").
	Lang query.Lang
	// Words writes each move in words with its player, and each value as
	// who wins in how many of his moves (Lang.Winner), instead of the
	// command and the engine's outcome and layer.
	Words bool
}

func (opt TreeOptions) format(g *rules.Game, piles []int64, hist int) string {
	if opt.Position != nil {
		return opt.Position(piles, hist)
	}
	return positions.Format(g, piles, hist)
}

// The words of a tree.
var (
	txtNodeEnd    = query.Text{En: ", end", Ru: ", конец"}
	txtNodeRepeat = query.Text{En: ", repeats", Ru: ", повтор"}
	txtDepth      = query.Text{En: "[depth %d] ", Ru: "[глубина %d] "}
)

// nodeValue is a node's outcome and layer, and what happened there: "W 3",
// "L 0, end", "D, repeats", "W 5 …" (moves not shown).
func nodeValue(n *retro.Node, l query.Lang) string {
	return retro.Describe(n.Outcome, n.Layer) + nodeNote(n, l)
}

// nodeNote is what happened at a node: ", end", ", repeats", " …" (moves
// not shown), or nothing.
func nodeNote(n *retro.Node, l query.Lang) string {
	switch {
	case n.End:
		return l.Say(txtNodeEnd)
	case n.Repeat:
		return l.Say(txtNodeRepeat)
	case n.Cut:
		return " …"
	}
	return ""
}

// winnerValue is a node's value as who wins from it, mover being the
// player to move there: "Vanya wins in 2 moves", "a draw", with what
// happened there (the end, a repeat, moves not shown).
func winnerValue(n *retro.Node, mover int, l query.Lang) string {
	return l.Winner(n.Outcome, n.Layer, mover) + nodeNote(n, l)
}

// moveWords is the move that led to node n from its parent, in words.
func moveWords(g *rules.Game, n, parent *retro.Node, l query.Lang) string {
	if parent == nil {
		return ""
	}
	w, _ := l.MoveWords(g, retro.Move{Cmd: n.Cmd, Name: nodeName(g, n), To: n.Piles}, parent.Piles, -1)
	return w
}

// IndentCap is how many levels of a tree WriteTree and WriteTreeJSON
// indent; deeper nodes are indented as at that level and start their lines
// with their depth, "[depth 40]" (text), or are written compact (JSON), so
// that the output grows with the number of nodes, not with their depth
// squared.
const IndentCap = 32

// WriteTree writes a strategy tree as text, one node a line: the root's
// position, outcome and layer, then every move as "command -> position
// outcome layer", drawn under its position with box-drawing characters.
// The branches are three columns wide, or two when that keeps the lines
// within 80 columns. Below IndentCap levels a line starts with its depth
// instead of more indentation. It walks the tree without recursion and
// writes as it goes.
func WriteTree(w io.Writer, g *rules.Game, root *retro.Node, opt TreeOptions) error {
	bw := bufio.NewWriter(w)
	if opt.Words {
		fmt.Fprintf(bw, "%s: %s\n", opt.Lang.PositionWithHistory(g, root.Piles, root.Hist), winnerValue(root, 0, opt.Lang))
	} else {
		fmt.Fprintf(bw, "%s  %s\n", opt.format(g, root.Piles, root.Hist), nodeValue(root, opt.Lang))
	}
	t := &treeText{w: bw, g: g, opt: opt, branch: [2]string{"├─ ", "└─ "}, more: [2]string{"│  ", "   "}}
	if t.widest(root, 3) > 80 {
		t.branch, t.more = [2]string{"├ ", "└ "}, [2]string{"│ ", "  "}
	}
	t.children(root)
	return bw.Flush()
}

type treeText struct {
	w            *bufio.Writer
	g            *rules.Game
	opt          TreeOptions
	branch, more [2]string // for a child that is not the last, and the last
}

// line is a move's line without its branch: in words, "Petya: doubles
// the second pile → (17, 58): Vanya wins in 1 move", or with the engine's
// codes, "each *2 -> (17, 58)  W 1". The player to move at depth d is
// Petya at even d.
func (t *treeText) line(c, parent *retro.Node, depth int) string {
	l := t.opt.Lang
	if t.opt.Words {
		mover := (depth - 1) % 2
		s := fmt.Sprintf("%s: %s → %s: %s", l.Player(mover, query.Nom), moveWords(t.g, c, parent, l),
			rules.Tuple(c.Piles), winnerValue(c, 1-mover, l))
		if t.opt.MarkBest && c.Best {
			s += " *"
		}
		return s
	}
	s := fmt.Sprintf("%s -> %s  %s", nodeName(t.g, c), t.opt.format(t.g, c.Piles, c.Hist), nodeValue(c, t.opt.Lang))
	if t.opt.MarkBest && c.Best {
		s += " *"
	}
	return s
}

// depthLabel starts the line of a node deeper than IndentCap.
func (t *treeText) depthLabel(depth int) string {
	if depth <= IndentCap {
		return ""
	}
	return t.opt.Lang.Say(txtDepth, depth)
}

// treeFrame is a node being walked: the next of its children to visit.
type treeFrame struct {
	n    *retro.Node
	next int
	last bool // the last of its siblings
}

// walk visits every node below root in depth-first order, with its parent,
// its depth (1 for the root's children) and whether it is the last of its
// siblings; leave, when set, is called with the node, depth and last once
// its children are done.
func walk(root *retro.Node, visit func(c, parent *retro.Node, depth int, last bool), leave func(c *retro.Node, depth int, last bool)) {
	stack := []treeFrame{{n: root}}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next == len(top.n.Children) {
			done := *top
			stack = stack[:len(stack)-1]
			if leave != nil && len(stack) > 0 {
				leave(done.n, len(stack), done.last)
			}
			continue
		}
		c := top.n.Children[top.next]
		top.next++
		last := top.next == len(top.n.Children)
		visit(c, top.n, len(stack), last)
		stack = append(stack, treeFrame{n: c, last: last})
	}
}

// widest is the width of the widest line below root with branches of the
// given width.
func (t *treeText) widest(root *retro.Node, width int) int {
	m := 0
	walk(root, func(c, parent *retro.Node, depth int, _ bool) {
		m = max(m, min(depth, IndentCap)*width+utf8.RuneCountInString(t.depthLabel(depth)+t.line(c, parent, depth)))
	}, nil)
	return m
}

func (t *treeText) children(root *retro.Node) {
	var prefix []string // what each level above the current node draws
	walk(root, func(c, parent *retro.Node, depth int, isLast bool) {
		last := 0
		if isLast {
			last = 1
		}
		prefix = prefix[:depth-1]
		for _, p := range prefix[:min(len(prefix), IndentCap-1)] {
			t.w.WriteString(p)
		}
		t.w.WriteString(t.depthLabel(depth) + t.branch[last] + t.line(c, parent, depth) + "\n")
		prefix = append(prefix, t.more[last])
	}, nil)
}

// WriteTreeDot writes a strategy tree in Graphviz's dot language: a box per
// node labelled with its position, outcome and layer (W green, L red, D and
// ? grey; ends of the game as ellipses), an edge per move labelled with its
// command, the optimal ones bold.
func WriteTreeDot(w io.Writer, g *rules.Game, root *retro.Node, l query.Lang) error {
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
		label := positions.Format(g, n.Piles, n.Hist) + "\n" + nodeValue(n, l)
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

// WriteTreeJSON writes a strategy tree as JSON for programs:
// {"game", "piles", "root"}, each node with move, position, last, mylast,
// outcome, layer, end, best, cut, repeat, words (the move in words, in
// language l) and children. It walks the tree
// without recursion and writes as it goes, so any depth is written; below
// IndentCap levels the nodes are written compact, without line breaks.
func WriteTreeJSON(w io.Writer, g *rules.Game, root *retro.Node, l query.Lang) error {
	bw := bufio.NewWriter(w)
	name, _ := json.Marshal(g.Name)
	piles, _ := json.MarshalIndent(g.Piles, "  ", "  ")
	fmt.Fprintf(bw, "{\n  \"game\": %s,\n  \"piles\": %s,\n  \"root\": ", name, piles)
	// Down to IndentCap the nodes are indented as json.MarshalIndent
	// would; deeper ones are compact.
	deep := func(depth int) bool { return depth > IndentCap }
	indent := func(depth int) string { return strings.Repeat("  ", 1+2*depth) }
	nl := func(depth int, s string) string { // a line break before s
		if deep(depth) {
			return strings.TrimSpace(s)
		}
		return "\n" + indent(depth) + s
	}
	// open writes a node's fields, leaving its object open when it has
	// children.
	open := func(n, parent *retro.Node, depth int) error {
		var b []byte
		var err error
		if deep(depth) {
			b, err = json.Marshal(jsonFields(g, n, parent, l))
		} else {
			b, err = json.MarshalIndent(jsonFields(g, n, parent, l), indent(depth), "  ")
		}
		if err != nil {
			return err
		}
		if len(n.Children) == 0 {
			bw.Write(b)
			return nil
		}
		b = bytes.TrimRight(bytes.TrimSuffix(b, []byte("}")), " \n")
		bw.Write(b)
		bw.WriteString("," + nl(depth, "  \"children\": [") + nl(depth+1, ""))
		return nil
	}
	if err := open(root, nil, 0); err != nil {
		return err
	}
	var err error
	walk(root, func(c, parent *retro.Node, depth int, last bool) {
		if err == nil {
			err = open(c, parent, depth)
		}
	}, func(c *retro.Node, depth int, last bool) {
		if len(c.Children) > 0 { // close its children and its object
			bw.WriteString(nl(depth, "  ]") + nl(depth, "}"))
		}
		if !last {
			bw.WriteString("," + nl(depth, ""))
		}
	})
	if err != nil {
		return err
	}
	if len(root.Children) > 0 {
		bw.WriteString(nl(0, "  ]") + nl(0, "}"))
	}
	bw.WriteString("\n}\n")
	return bw.Flush()
}

// jsonNode is one node of WriteTreeJSON without its children: move is the
// command that led to it (absent at the root); last and mylast only in
// games whose positions carry them; layer is null for D and ?.
type jsonNode struct {
	Move     string  `json:"move,omitempty"`
	Position []int64 `json:"position"`
	Last     *string `json:"last,omitempty"`
	Mylast   *string `json:"mylast,omitempty"`
	Outcome  string  `json:"outcome"`
	Layer    *int    `json:"layer"`
	End      bool    `json:"end,omitempty"`
	Best     bool    `json:"best,omitempty"`
	Cut      bool    `json:"cut,omitempty"`
	Repeat   bool    `json:"repeat,omitempty"`
	// Words is the move in words, in the tree's language: "doubles the
	// second pile", «удваивает вторую кучу».
	Words string `json:"words,omitempty"`
}

func jsonFields(g *rules.Game, n, parent *retro.Node, l query.Lang) *jsonNode {
	j := &jsonNode{Position: n.Piles, Outcome: n.Outcome.String(), End: n.End, Best: n.Best,
		Cut: n.Cut, Repeat: n.Repeat}
	if n.Cmd >= 0 {
		j.Move = nodeName(g, n)
		j.Words = moveWords(g, n, parent, l)
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
	return j
}

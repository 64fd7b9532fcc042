package retro

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"retro/retro/internal/core"

	"retro/rules"
)

// DefaultMaxTreeNodes is the most nodes Tree builds unless told otherwise.
const DefaultMaxTreeNodes = 100_000

// TreeOptions tune Tree.
type TreeOptions struct {
	Depth    int  // follow at most this many moves below the root; 0: to the ends
	AllMoves bool // every move at every node, not the winning side's strategy
	MaxNodes int  // stop with an error beyond this many nodes; 0: DefaultMaxTreeNodes
	// Context, when set, stops the tree with its error once it is done;
	// it is looked at before each node's moves are generated.
	Context context.Context
}

// ErrTreeTooLarge: a strategy tree has more nodes than TreeOptions.MaxNodes.
var ErrTreeTooLarge = errors.New("the tree is too large")

// Node is a position of a strategy tree and the moves shown from it.
type Node struct {
	Piles   []int64
	Hist    int
	Index   int    // the position's index; -1 for an end of the game
	Cmd     int    // the command of the move that led here; -1 at the root
	Name    string // that move's name (Move.Name); "" at the root
	Outcome core.Outcome
	Layer   int  // -1 for D and ?
	End     bool // an end of the game: the move here ended it
	Best    bool // the move here is optimal
	// Cut: the position has moves that are not shown, because the depth
	// was reached (or, for Repeat, because the position repeats).
	Cut bool
	// Repeat: the position already lies on the path from the root (the
	// game has cycles); its moves are not followed again.
	Repeat   bool
	Children []*Node
}

// Tree builds the winning side's strategy from position i: at a W
// position (the winner's turn) one optimal move, the first in the game's
// order; at an L position (the loser's turn) every move; down to the ends
// of the game. At a D position it follows one move that keeps the draw,
// and stops where a position repeats. With AllMoves every move is shown
// at every node. Positions shown as ? (beyond a horizon) are leaves.
func (r *Result) Tree(i int, m *rules.Machine, opt TreeOptions) (*Node, error) {
	return r.Probed().Tree(i, m, opt)
}

// Tree is Result.Tree from position i.
func (r *Probed) Tree(i int, m *rules.Machine, opt TreeOptions) (*Node, error) {
	b := &treeBuilder{r: r, m: m, opt: opt, onPath: map[int]bool{}}
	b.opt.MaxNodes = cmp.Or(opt.MaxNodes, DefaultMaxTreeNodes)
	root := &Node{Index: i, Cmd: -1, Piles: make([]int64, r.Space.Piles())}
	var err error
	if root.Outcome, root.Layer, err = r.Values.Value(i); err != nil {
		return nil, err
	}
	root.Hist = r.Space.Position(i, root.Piles)
	b.nodes = 1
	if err := b.grow(root); err != nil {
		return nil, err
	}
	return root, nil
}

type treeBuilder struct {
	r      *Probed
	m      *rules.Machine
	opt    TreeOptions
	nodes  int
	onPath map[int]bool
	stack  []growFrame
}

// growFrame is a node whose moves are being followed.
type growFrame struct {
	n     *Node
	depth int
	moves []Move // those shown
	next  int
}

// grow builds the tree below root depth first, without recursion, so
// that a tree of any depth is built.
func (b *treeBuilder) grow(root *Node) error {
	if err := b.enter(root, 0); err != nil {
		return err
	}
	for len(b.stack) > 0 {
		top := &b.stack[len(b.stack)-1]
		if top.next == len(top.moves) {
			delete(b.onPath, top.n.Index)
			b.stack = b.stack[:len(b.stack)-1]
			continue
		}
		mv := top.moves[top.next]
		top.next++
		b.nodes++
		if b.nodes > b.opt.MaxNodes {
			return fmt.Errorf("%w: more than %d nodes (limit it with a depth)", ErrTreeTooLarge, b.opt.MaxNodes)
		}
		c := &Node{Piles: mv.To, Hist: mv.Hist, Index: mv.Index, Cmd: mv.Cmd, Name: mv.Name,
			Outcome: mv.Outcome, Layer: mv.Layer, End: mv.End, Best: mv.Best}
		top.n.Children = append(top.n.Children, c)
		if err := b.enter(c, top.depth+1); err != nil {
			return err
		}
	}
	return nil
}

// enter looks at the moves of node n at depth, and puts it on the stack
// when they are to be followed.
func (b *treeBuilder) enter(n *Node, depth int) error {
	if n.End || n.Outcome == core.Unknown {
		return nil
	}
	if b.onPath[n.Index] {
		n.Repeat = true
		n.Cut = true
		return nil
	}
	if b.opt.Context != nil {
		if err := b.opt.Context.Err(); err != nil {
			return err
		}
	}
	moves, err := b.r.Moves(n.Index, b.m)
	if err != nil {
		return err
	}
	if len(moves) == 0 {
		return nil
	}
	if b.opt.Depth > 0 && depth >= b.opt.Depth {
		n.Cut = true
		return nil
	}
	b.onPath[n.Index] = true
	b.stack = append(b.stack, growFrame{n: n, depth: depth, moves: b.pick(n, moves)})
	return nil
}

// pick chooses the moves shown from a node.
func (b *treeBuilder) pick(n *Node, moves []Move) []Move {
	if b.opt.AllMoves || n.Outcome == core.Lose {
		return moves
	}
	var out []Move
	for _, mv := range moves {
		if mv.Best {
			out = append(out, mv)
			break
		}
	}
	return out
}

package rules

import "fmt"

// AllowTable is allow as a table, for the solvers that make the moves of
// a position without the Machine: Allowed[h][c] tells whether a player at
// a position of history h may use command c. A history value h is last
// (LastHistory) or last·(C+1) + mylast (BothHistory), last and mylast 0 for
// none and 1+c for command c; a game without history has the one history
// 0, every command allowed.
type AllowTable struct {
	Allowed [][]bool
	// Next[h][c] is the history after command c from history h: last
	// becomes c, mylast the old last.
	Next [][]int
}

// AllowTable returns the instance's allow as a table, or the reason it
// is not one: allow reads the piles, or faults for some command and
// history (the Machine reports the fault where a position meets it).
func (in *Instance) AllowTable() (*AllowTable, string) {
	g := in.Game
	c := len(g.Commands)
	size := g.History.Size(c)
	t := &AllowTable{Allowed: make([][]bool, size), Next: make([][]int, size)}
	if g.allow != nil && g.allowReadsPiles {
		return nil, "`allow` reads the piles"
	}
	f := &frame{env: make([]int64, len(in.env))}
	copy(f.env, in.env)
	for h := range size {
		last, mylast := h, 0
		if g.History == BothHistory {
			last, mylast = h/(c+1), h%(c+1)
		}
		t.Allowed[h], t.Next[h] = make([]bool, c), make([]int, c)
		for cmd := range c {
			switch g.History {
			case LastHistory:
				t.Next[h][cmd] = cmd + 1
			case BothHistory:
				t.Next[h][cmd] = (cmd+1)*(c+1) + last
			}
			if g.allow == nil {
				t.Allowed[h][cmd] = true
				continue
			}
			f.env[g.cmdSlot], f.env[g.cmdSlot+1], f.env[g.cmdSlot+2] = int64(cmd+1), int64(last), int64(mylast)
			ok := g.allow(f)
			if f.err != nil {
				return nil, fmt.Sprintf("`allow` faults for the command %s", g.Commands[cmd].Name)
			}
			t.Allowed[h][cmd] = ok
		}
	}
	return t, ""
}

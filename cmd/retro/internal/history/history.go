package history

import (
	"fmt"

	"retro/positions"
	"retro/rules"
)

// NameError is a part of a history that names no command of the game:
// the part (last or mylast) and why.
type NameError struct {
	Part string
	Err  error
}

func (e *NameError) Error() string { return "--" + e.Part + " " + e.Err.Error() }
func (e *NameError) Unwrap() error { return e.Err }

// Parse reads the last and mylast parts of a history ("none", or a
// command's name; "" is none) into the history value of the game's
// positions (positions.JoinHistory), checking that its positions carry
// them. A name that is no command of the game is a *NameError.
func Parse(g *rules.Game, last, mylast string) (int, error) {
	l, err := command(g, "last", last)
	if err != nil {
		return 0, err
	}
	m, err := command(g, "mylast", mylast)
	if err != nil {
		return 0, err
	}
	if g.History == rules.NoHistory && (l != 0 || m != 0) {
		return 0, fmt.Errorf("%s carries no history: --last and --mylast do not apply", g.File)
	}
	if g.History == rules.LastHistory && m != 0 {
		return 0, fmt.Errorf("%s carries only last: --mylast does not apply", g.File)
	}
	return positions.JoinHistory(g, l, m), nil
}

// command reads one part: 0 for none, 1+c for command c.
func command(g *rules.Game, part, name string) (int, error) {
	c, err := g.ParseCommand(name)
	if err != nil {
		return 0, &NameError{Part: part, Err: err}
	}
	return c, nil
}

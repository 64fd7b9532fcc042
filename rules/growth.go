package rules

// Unending reports a game whose every move only adds stones, with nothing
// to end it: no end condition, no [bounds] box, no horizon. Its positions
// never repeat and never end, so a solve can only stop at a position cap.
func (g *Game) Unending() bool {
	if g.HasEnd || g.HasBounds || g.Horizon >= 0 || g.Signed || g.Sum {
		return false
	}
	insts, err := g.Instances()
	if err != nil || len(insts) == 0 {
		return false
	}
	for _, in := range insts {
		moves, _ := in.Affine()
		if len(moves) == 0 || !onlyGrow(moves) {
			return false
		}
	}
	return true
}

// onlyGrow reports whether every move sets each pile it changes to at
// least its old value, for piles of zero or more: a coefficient of at
// least 1 on the pile itself, none negative, no negative constant, no
// division.
func onlyGrow(moves []AffineMove) bool {
	for _, mv := range moves {
		for t, p := range mv.Targets {
			if mv.Div[t] != 1 || mv.Const[t] < 0 || mv.Coef[t][p] < 1 {
				return false
			}
			for _, c := range mv.Coef[t] {
				if c < 0 {
					return false
				}
			}
		}
	}
	return true
}

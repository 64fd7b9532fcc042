package variant

import "retro/out/query"

// Solution is the short solution of a variant in one language: for each
// answer the winning line retro ege gives for it (query.Reasoner).
type Solution struct {
	Task19 string    // "S = 12: Petya …; Vanya …"
	Task20 [2]string // one for each of the two values
	Task21 string
	// Other is the reason of the other reading of task 19 where the two
	// differ and the wording answers the possible one: what the
	// guaranteed reading would answer, and why; "" otherwise.
	Other string
}

// solve writes the solution in language l.
func (v *Variant) solve(l query.Lang) (*Solution, error) {
	rs := query.NewReasoner(v.game, l)
	s := &Solution{}
	var err error
	t19, ans := "19", v.answers[ansPossible]
	if v.Wording.Task19 == Guaranteed {
		t19, ans = "19g", v.answers[ansGuaranteed]
	}
	if s.Task19, err = rs.Reason(ans, t19); err != nil {
		return nil, err
	}
	if v.Wording.Task19 == Possible && !v.Agree() {
		if s.Other, err = rs.Reason(v.answers[ansGuaranteed], "19g"); err != nil {
			return nil, err
		}
	}
	all, err := rs.ReasonAll(v.answers[ans20], "20")
	if err != nil {
		return nil, err
	}
	copy(s.Task20[:], all)
	if s.Task21, err = rs.Reason(v.answers[ans21], "21"); err != nil {
		return nil, err
	}
	return s, nil
}

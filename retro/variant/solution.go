package variant

import "retro/retro/query"

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
	reason := func(a *query.Answer, task string, at int) (string, error) {
		if at >= len(a.Values) {
			return "", nil
		}
		one := *a
		one.Values = a.Values[at : at+1]
		return rs.Reason(&one, task)
	}
	s := &Solution{}
	var err error
	t19, ans := "19", v.answers[ansPossible]
	if v.Wording.Task19 == Guaranteed {
		t19, ans = "19g", v.answers[ansGuaranteed]
	}
	if s.Task19, err = reason(ans, t19, 0); err != nil {
		return nil, err
	}
	if v.Wording.Task19 == Possible && !v.Agree() {
		if s.Other, err = reason(v.answers[ansGuaranteed], "19g", 0); err != nil {
			return nil, err
		}
	}
	for k := range s.Task20 {
		if s.Task20[k], err = reason(v.answers[ans20], "20", k); err != nil {
			return nil, err
		}
	}
	if s.Task21, err = reason(v.answers[ans21], "21", 0); err != nil {
		return nil, err
	}
	return s, nil
}

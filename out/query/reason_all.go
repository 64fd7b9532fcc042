package query

// ReasonAll explains every value of an answer to the task of key, one
// reason a value, in the order of a.Values: task 20's two values, "S =
// 28: …" and "S = 48: …". A value whose reason cannot be put in words
// has none: the list is shorter; none for an answer without values.
func (rs *Reasoner) ReasonAll(a *Answer, key string) ([]string, error) {
	var all []string
	for k := range a.Values {
		one := *a
		one.Values = a.Values[k : k+1]
		r, err := rs.Reason(&one, key)
		if err != nil {
			return nil, err
		}
		if r != "" {
			all = append(all, r)
		}
	}
	return all, nil
}

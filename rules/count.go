package rules

// InstanceCount is the number of instances the rule params' ranges give,
// an open range taking openWidth values, when it is at most limit; ok is
// false beyond limit, or for an empty range. The product stops at the
// limit, so that no range, however wide, overflows it.
func (g *Game) InstanceCount(openWidth, limit int64) (n int64, ok bool) {
	return rangeCount(g.RuleParams(), openWidth, limit)
}

// StartCount is the number of start positions of one instance the start
// params' ranges give, counted as InstanceCount counts the instances.
func (g *Game) StartCount(openWidth, limit int64) (n int64, ok bool) {
	return rangeCount(g.StartParams(), openWidth, limit)
}

// rangeCount is the product of the params' ranges, an open one taking
// openWidth values, when it is at most limit.
func rangeCount(ps []Param, openWidth, limit int64) (int64, bool) {
	n := int64(1)
	for _, p := range ps {
		k := openWidth
		if !p.Open {
			k = p.Hi - p.Lo + 1
		}
		if k <= 0 || n > limit/k {
			return 0, false
		}
		n *= k
	}
	return n, true
}

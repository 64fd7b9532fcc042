package positions

import (
	"fmt"
	"retro/rules"
)

// CheckTier fails when the move cmd from (p, h), of tier value tier, to
// `to` lowers the tier.
func CheckTier(g *rules.Game, m *rules.Machine, p []int64, h int, to []int64, tier int64, cmd int32) error {
	v, err := m.Tier(to)
	if err != nil {
		return err
	}
	if v >= tier {
		return nil
	}
	return fmt.Errorf("%w: the move `%s` lowers `%s` from %d at %s to %d at %s",
		ErrNotATier, g.Commands[cmd].Name, g.Tier, tier, Format(g, p, h),
		v, Format(g, to, NextHistory(g, h, int(cmd))))
}

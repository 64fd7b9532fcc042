package retro

import "retro/retro/internal/core"

// SetNarrowWords sets the limits of the un-move path's 16-bit words (the
// largest counter, the largest layer) and returns what puts them back.
func SetNarrowWords(counts int, layer uint32) (restore func()) {
	old := core.NarrowWords
	core.NarrowWords.Counts, core.NarrowWords.Layer = counts, layer
	return func() { core.NarrowWords = old }
}

// LayerBits is the width of the layers a result keeps: 16 or 32.
func LayerBits(r *Result) int {
	if r.col.Layer16 != nil {
		return 16
	}
	return 32
}

// StopAfterSave has f asked after every save of ck, with the stage and
// the cursor saved, whether the solve stops there: its error stops it.
func StopAfterSave(ck *core.Checkpoint, f func(stage string, cursor int64) error) { ck.Stop = f }

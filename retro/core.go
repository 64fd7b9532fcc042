package retro

import "retro/retro/internal/core"

// The names of the colouring core that the solver's users read: a
// position's outcome, a coloured set, the solve's options and its
// checkpoints (package retro/internal/core defines them).

// Outcome is the value of a position for the player to move.
type Outcome = core.Outcome

// The outcomes.
const (
	Win     = core.Win
	Lose    = core.Lose
	Draw    = core.Draw
	Unknown = core.Unknown
)

// Describe writes an outcome and its layer: "W 3"; "D" and "?" where no
// layer is shown.
func Describe(o Outcome, layer int) string { return core.Describe(o, layer) }

// Segment is the set of positions coloured with one outcome at one layer.
type Segment = core.Segment

// Options tune a solve.
type Options = core.Options

// Checkpoint is where a solve keeps what it needs to go on after it is
// stopped.
type Checkpoint = core.Checkpoint

// ErrCheckpoint: a checkpoint that cannot be used.
var ErrCheckpoint = core.ErrCheckpoint

// Traffic is what the peers of a solve handed each other, all together:
// the bytes of the positions while they were found and sorted, of the
// edges between shards (questions and answers) when the graph was built,
// and of the predecessors between shards while it was coloured, layers 0
// to Layers-1.
type Traffic = core.Traffic

// ErrSpillable: a solve over the memory budget whose arrays a spill
// directory (positions.Options.Spill) would hold in files.
var ErrSpillable = core.ErrSpillable

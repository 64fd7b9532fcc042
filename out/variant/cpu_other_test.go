//go:build !unix

package variant_test

import "time"

// processCPU is not measured where getrusage is not.
func processCPU() (time.Duration, bool) { return 0, false }

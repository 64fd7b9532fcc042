package main

import (
	"fmt"
)

// checkFailed is check's error when some games have errors: "1 game has
// errors", "2 of 3 games have errors".
func checkFailed(failed, total int) error {
	verb := "have"
	if failed == 1 {
		verb = "has"
	}
	if total == 1 {
		return fmt.Errorf("1 game has errors")
	}
	return fmt.Errorf("%d of %d games %s errors", failed, total, verb)
}

package query_test

import (
	"testing"

	"retro/out/query"
)

// TestFindTask: every task is found by its key, as itself; a key of no
// task finds nothing.
func TestFindTask(t *testing.T) {
	for k := range query.Tasks {
		if got := query.FindTask(query.Tasks[k].Key); got != &query.Tasks[k] {
			t.Errorf("task %s: found %v", query.Tasks[k].Key, got)
		}
	}
	if got := query.FindTask("22"); got != nil {
		t.Errorf("no task 22, found %v", got)
	}
}

// Command collectives runs cluster.SelfCheck on the job it belongs to and
// prints "rank R of N: ok"; its arguments, BIG ROUND, set the bytes rank 0 sends the last rank and the bytes of a round, or the error and exits 1. Started by
// cluster's tests under mpirun.
package main

import (
	"fmt"
	"os"
	"strconv"

	"retro/positions/cluster"
)

func main() {
	big := 1000
	if len(os.Args) > 2 {
		big, _ = strconv.Atoi(os.Args[1])
		round, _ := strconv.Atoi(os.Args[2])
		cluster.SetRoundBytes(round)
	}
	c, err := cluster.World()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := cluster.SelfCheck(c, big); err != nil {
		c.Abort(1, err.Error())
	}
	fmt.Printf("rank %d of %d: ok\n", c.Rank(), c.Size())
	if err := c.Close(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

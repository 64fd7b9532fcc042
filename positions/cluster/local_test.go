package cluster

import (
	"errors"
	"sync"
	"testing"
)

// runLocal runs f on every rank of a local job of n ranks, each on its
// own goroutine, and returns the ranks' errors.
func runLocal(n int, f func(Comm) error) []error {
	cs := Local(n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for r, c := range cs {
		wg.Go(func() { errs[r] = f(c) })
	}
	wg.Wait()
	return errs
}

func TestLocalCollectives(t *testing.T) {
	for n := 1; n <= 5; n++ {
		for r, err := range runLocal(n, func(c Comm) error {
			// Many collectives in a row reuse the hub's slots.
			for k := range 20 {
				if err := SelfCheck(c, 100*k); err != nil {
					return err
				}
			}
			return nil
		}) {
			if err != nil {
				t.Errorf("%d ranks, rank %d: %v", n, r, err)
			}
		}
	}
}

// A rank that leaves makes the others' collectives fail instead of wait.
func TestLocalClosed(t *testing.T) {
	errs := runLocal(3, func(c Comm) error {
		if c.Rank() == 1 {
			return c.Close()
		}
		return c.Barrier()
	})
	if errs[1] != nil || !errors.Is(errs[0], ErrLeft) || !errors.Is(errs[2], ErrLeft) {
		t.Errorf("errors %v", errs)
	}
}

func TestExchangeWrongSize(t *testing.T) {
	c := Local(1)[0]
	if _, err := c.Exchange(make([][]byte, 2)); err == nil {
		t.Error("an exchange with two buffers on one rank is accepted")
	}
}

func TestInt64s(t *testing.T) {
	v := []int64{0, -1, 1 << 62, -(1 << 63)}
	w, err := ReadInt64s(Int64s(nil, v))
	if err != nil || len(w) != len(v) {
		t.Fatal(w, err)
	}
	for i := range v {
		if v[i] != w[i] {
			t.Errorf("%d: %d, want %d", i, w[i], v[i])
		}
	}
	if _, err := ReadInt64s(make([]byte, 7)); err == nil {
		t.Error("7 bytes read as integers")
	}
}

// World outside a launcher is one rank; inside a launcher that started
// several copies of a program without MPI, an error says how to build it.
func TestWorld(t *testing.T) {
	for _, k := range []string{"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE", "SLURM_STEP_ID", "SLURM_NTASKS"} {
		t.Setenv(k, "")
	}
	c, err := World()
	if err != nil || c.Size() != 1 || c.Rank() != 0 {
		t.Fatalf("world %v, %v", c, err)
	}
	if mpiBuilt {
		return
	}
	t.Setenv("OMPI_COMM_WORLD_SIZE", "4")
	if _, err := World(); err == nil {
		t.Error("four copies of a program without MPI are accepted")
	}
}

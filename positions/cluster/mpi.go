//go:build mpi

package cluster

/*
#cgo pkg-config: ompi-c
#include <mpi.h>

// Open MPI's handles are macros over global objects, which cgo cannot
// name; these wrappers name them once.

static int r_init(int *provided) {
	int rc = MPI_Init_thread(NULL, NULL, MPI_THREAD_SERIALIZED, provided);
	if (rc != MPI_SUCCESS) return rc;
	return MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}
static int r_rank(int *r) { return MPI_Comm_rank(MPI_COMM_WORLD, r); }
static int r_size(int *n) { return MPI_Comm_size(MPI_COMM_WORLD, n); }
// The all-to-all of counts that starts an exchange is waited on by
// polling (r_test), one at a time (the calls are serialized).
static MPI_Request counts_req;
static int r_counts(long long *send, long long *recv) {
	return MPI_Ialltoall(send, 1, MPI_LONG_LONG, recv, 1, MPI_LONG_LONG, MPI_COMM_WORLD, &counts_req);
}
static int r_test(int *done) { return MPI_Test(&counts_req, done, MPI_STATUS_IGNORE); }
static int r_alltoallv(void *sb, int *sc, int *sd, void *rb, int *rc, int *rd) {
	return MPI_Alltoallv(sb, sc, sd, MPI_BYTE, rb, rc, rd, MPI_BYTE, MPI_COMM_WORLD);
}
static int r_gather_counts(long long *mine, long long *all) {
	return MPI_Allgather(mine, 1, MPI_LONG_LONG, all, 1, MPI_LONG_LONG, MPI_COMM_WORLD);
}
static int r_allgatherv(void *sb, int sc, void *rb, int *rc, int *rd) {
	return MPI_Allgatherv(sb, sc, MPI_BYTE, rb, rc, rd, MPI_BYTE, MPI_COMM_WORLD);
}
static int r_allreduce(long long *v, int n, int op) {
	MPI_Op o = op == 1 ? MPI_MAX : op == 2 ? MPI_MIN : MPI_SUM;
	return MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_LONG_LONG, o, MPI_COMM_WORLD);
}
static int r_barrier(void) { return MPI_Barrier(MPI_COMM_WORLD); }
static int r_abort(int code) { return MPI_Abort(MPI_COMM_WORLD, code); }
static int r_finalize(void) { return MPI_Finalize(); }
static void r_error(int code, char *buf, int *len) { MPI_Error_string(code, buf, len); }
*/
import "C"

import (
	"fmt"
	"os"
	"sync"
	"time"
	"unsafe"
)

const mpiBuilt = true

// mpiComm is MPI's world. MPI is initialised for serialized use: calls
// from any goroutine, one at a time, which mu ensures.
type mpiComm struct {
	mu         sync.Mutex
	rank, size int
}

var (
	worldOnce sync.Once
	world     *mpiComm
	worldErr  error
)

func mpiWorld() (Comm, error) {
	worldOnce.Do(func() {
		// A rank waiting in a collective yields its core rather than spin
		// on it: the solve's collectives are few and large, and ranks often
		// outnumber cores (srun cannot tell Open MPI they do). A setting of
		// the user's own is kept.
		if _, set := os.LookupEnv("OMPI_MCA_mpi_yield_when_idle"); !set {
			os.Setenv("OMPI_MCA_mpi_yield_when_idle", "1")
		}
		var provided C.int
		if err := mpiErr("init", C.r_init(&provided)); err != nil {
			worldErr = err
			return
		}
		if provided < C.MPI_THREAD_SERIALIZED {
			worldErr = fmt.Errorf("cluster: this MPI offers thread level %d, serialized (%d) is needed", provided, C.MPI_THREAD_SERIALIZED)
			return
		}
		var r, n C.int
		if err := mpiErr("rank", C.r_rank(&r)); err != nil {
			worldErr = err
			return
		}
		if err := mpiErr("size", C.r_size(&n)); err != nil {
			worldErr = err
			return
		}
		world = &mpiComm{rank: int(r), size: int(n)}
	})
	return world, worldErr
}

// mpiErr turns an MPI return code into an error naming the call.
func mpiErr(call string, rc C.int) error {
	if rc == C.MPI_SUCCESS {
		return nil
	}
	buf := make([]C.char, C.MPI_MAX_ERROR_STRING)
	var n C.int
	C.r_error(rc, &buf[0], &n)
	return fmt.Errorf("cluster: MPI %s: %s", call, C.GoStringN(&buf[0], n))
}

func (c *mpiComm) Rank() int { return c.rank }
func (c *mpiComm) Size() int { return c.size }

// ptr is a pointer to a buffer's first byte, or to a byte of its own when
// the buffer is empty (MPI wants a valid address either way).
func ptr(b []byte) unsafe.Pointer {
	if len(b) == 0 {
		b = make([]byte, 1)
	}
	return unsafe.Pointer(&b[0])
}

func (c *mpiComm) Exchange(send [][]byte) ([][]byte, error) {
	if err := checkSend(c, send); err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	p := c.size
	sc, rc := make([]C.longlong, p), make([]C.longlong, p)
	for r, b := range send {
		sc[r] = C.longlong(len(b))
	}
	if err := mpiErr("all-to-all of counts", C.r_counts(&sc[0], &rc[0])); err != nil {
		return nil, err
	}
	if err := waitCounts(); err != nil {
		return nil, err
	}
	var most C.longlong
	for r := range p {
		most = max(most, sc[r], rc[r])
	}
	per := roundBytes / p
	rounds, err := c.rounds(int64(most), per)
	if err != nil {
		return nil, err
	}
	recv := make([][]byte, p)
	for r := range recv {
		recv[r] = make([]byte, 0, rc[r])
	}
	scnt, sdis, rcnt, rdis := make([]C.int, p), make([]C.int, p), make([]C.int, p), make([]C.int, p)
	for k := range rounds {
		var sbuf []byte
		rtotal := 0
		for r := range p {
			lo := min(k*per, len(send[r]))
			hi := min(lo+per, len(send[r]))
			sdis[r], scnt[r] = C.int(len(sbuf)), C.int(hi-lo)
			sbuf = append(sbuf, send[r][lo:hi]...)
			want := min(per, int(rc[r])-min(k*per, int(rc[r])))
			rdis[r], rcnt[r] = C.int(rtotal), C.int(want)
			rtotal += want
		}
		rbuf := make([]byte, rtotal)
		if err := mpiErr("all-to-all", C.r_alltoallv(ptr(sbuf), &scnt[0], &sdis[0], ptr(rbuf), &rcnt[0], &rdis[0])); err != nil {
			return nil, err
		}
		for r := range p {
			recv[r] = append(recv[r], rbuf[rdis[r]:rdis[r]+rcnt[r]]...)
		}
	}
	return recv, nil
}

// waitCounts waits for the all-to-all of counts that r_counts started:
// it polls for a while, then sleeps between polls, a little longer each
// time up to a millisecond, so that a rank that waits long for the
// others (the compiled path in shards values its rows one peer at a
// time) takes next to no CPU, where MPI's own wait, yielding, still
// spins on a core that nothing else wants. Collectives whose ranks
// arrive together (a layer of the general path's colouring takes 2 to 25
// µs) end within the polls.
func waitCounts() error {
	nap := 20 * time.Microsecond
	for polls := 0; ; polls++ {
		var done C.int
		if err := mpiErr("test of the all-to-all of counts", C.r_test(&done)); err != nil {
			return err
		}
		if done != 0 {
			return nil
		}
		if polls >= busyPolls {
			time.Sleep(nap)
			nap = min(2*nap, time.Millisecond)
		}
	}
}

// busyPolls is how many times waitCounts polls before it sleeps: a poll
// takes about a microsecond when nothing has come.
const busyPolls = 200

// rounds agrees with every rank on how many rounds of at most per bytes
// a pair move the largest buffer of this collective, local holding this
// rank's largest.
func (c *mpiComm) rounds(local int64, per int) (int, error) {
	v := []C.longlong{C.longlong(local)}
	if err := mpiErr("all-reduce", C.r_allreduce(&v[0], 1, 1)); err != nil {
		return 0, err
	}
	return int((int64(v[0]) + int64(per) - 1) / int64(per)), nil
}

func (c *mpiComm) AllGather(mine []byte) ([][]byte, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	p := c.size
	n := []C.longlong{C.longlong(len(mine))}
	all := make([]C.longlong, p)
	if err := mpiErr("all-gather of counts", C.r_gather_counts(&n[0], &all[0])); err != nil {
		return nil, err
	}
	per := roundBytes / p
	rounds, err := c.rounds(int64(len(mine)), per)
	if err != nil {
		return nil, err
	}
	out := make([][]byte, p)
	for r := range out {
		out[r] = make([]byte, 0, all[r])
	}
	rcnt, rdis := make([]C.int, p), make([]C.int, p)
	for k := range rounds {
		lo := min(k*per, len(mine))
		hi := min(lo+per, len(mine))
		total := 0
		for r := range p {
			want := min(per, int(all[r])-min(k*per, int(all[r])))
			rdis[r], rcnt[r] = C.int(total), C.int(want)
			total += want
		}
		rbuf := make([]byte, total)
		if err := mpiErr("all-gather", C.r_allgatherv(ptr(mine[lo:hi]), C.int(hi-lo), ptr(rbuf), &rcnt[0], &rdis[0])); err != nil {
			return nil, err
		}
		for r := range p {
			out[r] = append(out[r], rbuf[rdis[r]:rdis[r]+rcnt[r]]...)
		}
	}
	return out, nil
}

func (c *mpiComm) AllReduce(op Op, v []int64) error {
	if len(v) == 0 {
		return c.Barrier()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	w := make([]C.longlong, len(v))
	for i, x := range v {
		w[i] = C.longlong(x)
	}
	if err := mpiErr("all-reduce", C.r_allreduce(&w[0], C.int(len(w)), C.int(op))); err != nil {
		return err
	}
	for i := range v {
		v[i] = int64(w[i])
	}
	return nil
}

func (c *mpiComm) Barrier() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return mpiErr("barrier", C.r_barrier())
}

func (c *mpiComm) Abort(code int, msg string) {
	fmt.Fprintln(os.Stderr, msg)
	C.r_abort(C.int(code))
	os.Exit(code)
}

func (c *mpiComm) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return mpiErr("finalize", C.r_finalize())
}

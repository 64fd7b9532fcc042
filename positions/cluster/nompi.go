//go:build !mpi

package cluster

import "errors"

// mpiBuilt says whether this program has the MPI binding (build tag mpi).
const mpiBuilt = false

func mpiWorld() (Comm, error) {
	return nil, errors.New("cluster: built without MPI (build with -tags mpi)")
}

// Package cluster is how the processes of one distributed solve talk to
// each other: a handful of collective operations, over Open MPI in a
// program built with the mpi build tag, or between goroutines of one
// process (for tests, and as the one-process case of every program).
//
// Words:
//
//   - A rank is one process of the job, numbered 0..size-1; rank 0 is the
//     one that writes what the job prints and the table it makes.
//   - The size is the number of ranks.
//   - A collective is an operation every rank calls, in the same order
//     (Exchange, AllGather, AllReduce, Barrier); it returns once every rank
//     has called it. A rank that calls another collective, or none, makes
//     the job wait: the solver calls the same ones in the same order on
//     every rank by construction.
//   - An exchange is an all-to-all with counts: rank r hands the
//     collective one buffer for every rank and gets back the buffers that
//     every rank handed it (its own included).
//
// Files:
//
//   - comm.go: the Comm interface, reduction operators, and the encoding of
//     integers into the byte buffers the collectives move.
//   - local.go: ranks as goroutines of one process (Local).
//   - world.go: the job this process belongs to (World): under an MPI
//     launcher in a program built with -tags mpi, MPI's world; otherwise a
//     one-rank job, or an error when a launcher started several copies of
//     a program built without MPI; CoresPerRank, the cores a rank may
//     use when several share a node.
//   - mpi.go (build tag mpi): the cgo binding to Open MPI's C API.
package cluster

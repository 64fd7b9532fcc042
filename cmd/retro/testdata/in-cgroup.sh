# sh in-cgroup.sh DIR COMMAND [ARG...] runs COMMAND in the cgroup DIR, or,
# as rank R of an Open MPI job (OMPI_COMM_WORLD_RANK), in DIR-R: under
# mpirun -np N sh in-cgroup.sh DIR retro solve ..., each rank has a cgroup,
# and a memory limit, of its own. The shell moves itself into the cgroup
# and becomes COMMAND (exec keeps the process, and so the cgroup).
dir=$1
if [ -n "$OMPI_COMM_WORLD_RANK" ]; then
	dir=$dir-$OMPI_COMM_WORLD_RANK
fi
echo $$ >"$dir/cgroup.procs" || exit 125
shift
exec "$@"

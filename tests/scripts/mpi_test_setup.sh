# Sourced by the MPI test scripts (mpi_ranks_test.sh, mpi_rule_family_test.sh): reads their
# three arguments, makes a scratch folder removed on exit, and lets OpenMPI run as root in
# a container with more ranks than cores and no ptrace-based copies.
#   source "$(dirname "$0")/mpi_test_setup.sh" "$@"
usage="usage: $(basename "$0") TOPOVERIFY_BINARY SOURCE_DIR MPIEXEC"
topoverify=${1:?$usage}
src=${2:?$usage}
mpiexec=${3:?$usage}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMPI_MCA_btl_vader_single_copy_mechanism=none OMP_NUM_THREADS=1
# mpirun R COMMAND...: COMMAND on R ranks, given up after five minutes.
mpirun() { timeout 300 "$mpiexec" --allow-run-as-root --oversubscribe -np "$@"; }
# same A B: compare-records.py's last line for two results.jsonl ("...; 0 differ" when equal).
same() { python3 "$src/scripts/compare-records.py" "$1" "$2" | tail -1; }

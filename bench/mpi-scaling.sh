#!/usr/bin/env bash
# Strong scaling of all pairs over MPI ranks (issue 16): PN_2(25) and DDB(18), one
# OpenMP thread per rank, 1..R ranks in turn, each pair of runs repeated; prints each
# run's wall time, the record's instance time and its statistics (equal on every line).
#   bench/mpi-scaling.sh [TOPOVERIFY_BINARY [MAX_RANKS [REPEATS]]]
# Needs the cluster preset's build (cmake --preset cluster && cmake --build --preset cluster).
set -euo pipefail
topoverify=${1:-build/cluster/topoverify}
ranks=${2:-2}
repeats=${3:-2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMP_NUM_THREADS=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
printf 'backend = "cpu"\n[[job]]\nfamily = "postal"\nlambda = 2\nn = 25\nchecks = ["distances"]\n' >"$work/pn25.toml"
printf 'backend = "cpu"\n[[job]]\nfamily = "debruijn"\nk = 18\nchecks = ["distances"]\n' >"$work/ddb18.toml"
uptime
for rep in $(seq 1 "$repeats"); do
  for inst in pn25 ddb18; do
    for np in $(seq 1 "$ranks"); do
      out="$work/${inst}_np${np}_r${rep}"
      start=$(date +%s.%N)
      mpirun --allow-run-as-root --oversubscribe -np "$np" "$topoverify" run "$work/$inst.toml" \
        --output "$out" --share-nodes 1000 --no-report --quiet >/dev/null
      end=$(date +%s.%N)
      python3 - "$inst" "$np" "$rep" "$start" "$end" "$out/results.jsonl" <<'PY'
import json, sys
inst, np, rep, start, end, path = sys.argv[1:]
r = json.loads(open(path).readline())
print(f"{inst} ranks {np} run {rep}: wall {float(end) - float(start):.2f} s, instance "
      f"{r['timings']['total_s']:.3f} s, diameter {r['diameter']}, wiener {r['wiener']}")
PY
    done
  done
done
uptime

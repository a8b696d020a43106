#!/usr/bin/env bash
# One call on a lent GPU machine: the gpu-labelled tests, CPU-vs-GPU comparisons and the
# GPU benchmarks, from binaries built here for sm_90 and carried in .carry/ (the GPU
# machine has no Debian libraries: libgomp and libbenchmark travel in .carry/lib).
# Usage (on the GPU machine, from the repository root): scripts/gpu-session.sh [OUTDIR]
set -uo pipefail
out=${1:-${OUT:-/tmp/gpu-out}}
mkdir -p "$out"
export LD_LIBRARY_PATH="$PWD/.carry/lib:${LD_LIBRARY_PATH:-}"
bin=.carry/bin
log() { echo "== $*" | tee -a "$out/summary.txt"; }
{
  date -u; nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv
  lscpu | grep -E "Model name|^CPU\(s\)"
} 2>&1 | tee "$out/machine.txt"
log "gpu tests"
timeout 300 $bin/tv_gpu_tests 2>&1 | tee "$out/gpu_tests.txt" | tail -5
for t in $bin/*_extra_gpu_tests; do [ -x "$t" ] && timeout 300 "$t" 2>&1 | tail -5; done
if [ -n "${TV_RUN:-}" ]; then
  log "runs"
  while IFS= read -r line; do
    [ -z "$line" ] && continue
    log "$line"
    f="$out/run_$(echo "$line" | tr -c 'a-zA-Z0-9' '_').json"
    t0=$(date +%s.%N)
    timeout ${TV_RUN_TIMEOUT:-300} $bin/topoverify $line --backend cuda --json > "$f" 2>> "$out/summary.txt"
    rc=$?; echo "exit $rc wall $(python3 -c "print(round($(date +%s.%N)-$t0,2))") s" | tee -a "$out/summary.txt"
    tail -c 600 "$out/run_$(echo "$line" | tr -c 'a-zA-Z0-9' '_').json" | tee -a "$out/summary.txt"; echo
  done <<< "$TV_RUN"
fi
if [ -n "${TV_BENCH_FILTER:-}" ]; then
  log "bench $TV_BENCH_FILTER"
  timeout 400 $bin/tv_bench --benchmark_filter="$TV_BENCH_FILTER" --benchmark_min_time=0.2 \
    2>&1 | tee "$out/bench.txt" | tail -40
fi

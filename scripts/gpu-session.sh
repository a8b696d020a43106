#!/usr/bin/env bash
# One call on a lent GPU machine: the gpu-labelled tests, the CPU-vs-GPU comparison of the
# default batch, and the GPU goals of the performance issue, from binaries built here for
# sm_90 and carried in .carry/ (scripts/gpu-carry.sh fills it; the GPU machine has no
# Debian libraries).  Usage, on the GPU machine from the repository root:
#   [TV_STEPS="tests compare paths runs bench mpi"] [TV_RUN=$'info ...\ninfo ...'] \
#   [TV_BENCH_FILTER=REGEX] [TV_BENCH_ARGS=...] scripts/gpu-session.sh [OUTDIR]
# TV_RUN defaults to bench/gpu-goals.runs (the GPU goals of issue 17 item 4) and
# TV_BENCH_FILTER to the level kernel, Rule-1 and prefix benchmarks on the device.
# Everything lands in OUTDIR as three files (the device tool brings back at most eight):
# summary.txt (what a person reads), gpu-session.json (machine, test counts and failures,
# the comparison, every run's record with its wall time, Google Benchmark's JSON) and
# logs.tar.gz (the full logs).  Benchmarks, not tests: nothing here asserts a speed.
set -uo pipefail
out=${1:-${OUT:-/tmp/gpu-out}}
steps=${TV_STEPS:-tests compare paths runs bench mpi}
work=$(mktemp -d)
mkdir -p "$out"
export LD_LIBRARY_PATH="$PWD/.carry/lib:${LD_LIBRARY_PATH:-}"
export OMP_WAIT_POLICY=passive
bin=$PWD/.carry/bin
[ -d "$bin" ] || tar -xJf .carry/bin.tar.xz -C .carry || { echo "gpu-session: no .carry/bin; run scripts/gpu-carry.sh here first" >&2; exit 2; }
log() { echo "== $(date -u +%H:%M:%S) $*" | tee -a "$out/summary.txt"; }
# The binaries use the vector instructions of the machine they were built on; topoverify
# says in one line when this CPU lacks them, and nothing else would run either.
if ! isa=$(LD_LIBRARY_PATH=$LD_LIBRARY_PATH "$bin/topoverify" --version 2>&1 >/dev/null); then
  echo "gpu-session: $isa" | tee -a "$out/summary.txt" >&2
  exit 2
fi
secs_since() { local d=$(( $(date +%s%N) - $1 )); printf "%d.%03d" $((d / 1000000000)) $((d / 1000000 % 1000)); }
has() { [[ " $steps " == *" $1 "* ]]; }
{
  date -u; nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv
  lscpu | grep -E "Model name|^CPU\(s\)"; git log -1 --format='commit %H' 2>/dev/null
} > "$work/machine.txt" 2>&1
cat "$work/machine.txt" >> "$out/summary.txt"

if has tests; then
  # tv_gpu_tests holds the kernel tests run on each backend; their cuda instances are the
  # gpu-labelled tests (the cpu ones ran where the binary was built).
  log "gpu-labelled tests (tv_gpu_tests, */cuda)"
  timeout ${TV_TEST_TIMEOUT:-300} "$bin/tv_gpu_tests" --gtest_filter='*/cuda' \
    --gtest_output="json:$work/gpu_tests.json" \
    > "$work/gpu_tests.txt" 2>&1
  echo "exit $?" | tee -a "$out/summary.txt"
  grep -E '^\[  (PASSED|FAILED|SKIPPED) |^\[  FAILED  \]' "$work/gpu_tests.txt" | tail -30 | tee -a "$out/summary.txt"
fi

if has compare && [ -f .carry/default-cpu.jsonl ]; then
  log "default batch on the cuda backend, compared with the CPU backend's records"
  t0=$(date +%s%N)
  timeout ${TV_COMPARE_TIMEOUT:-300} "$bin/topoverify" run --backend cuda --output "$work/default-cuda" \
    --quiet > "$work/default-cuda.txt" 2>&1
  rc=$?; echo "run exit $rc wall $(secs_since "$t0") s" | tee -a "$out/summary.txt"
  python3 scripts/compare-records.py .carry/default-cpu.jsonl "$work/default-cuda/results.jsonl" \
    > "$work/compare.txt" 2>&1
  echo "compare exit $?" | tee -a "$out/summary.txt"; tail -40 "$work/compare.txt" | tee -a "$out/summary.txt"
fi

if has paths && [ -f .carry/paths-cpu.jsonl ]; then
  # The CUDA paths added since the last device run (bench/gpu-paths.toml): rule families,
  # the architects' families, exact and sampled link loads.
  log "new CUDA paths (bench/gpu-paths.toml), compared with the CPU backend's records"
  t0=$(date +%s%N)
  timeout ${TV_PATHS_TIMEOUT:-240} "$bin/topoverify" run bench/gpu-paths.toml --backend cuda --output "$work/paths-cuda" \
    --quiet > "$work/paths-cuda.txt" 2>&1
  rc=$?; echo "run exit $rc wall $(secs_since "$t0") s" | tee -a "$out/summary.txt"
  tail -5 "$work/paths-cuda.txt" | tee -a "$out/summary.txt"
  python3 scripts/compare-records.py .carry/paths-cpu.jsonl "$work/paths-cuda/results.jsonl" \
    > "$work/paths-compare.txt" 2>&1
  echo "compare exit $?" | tee -a "$out/summary.txt"; tail -40 "$work/paths-compare.txt" | tee -a "$out/summary.txt"
fi

if has mpi && [ -f .carry/mpi.tar.xz ] && [ -f .carry/mpi-cpu.jsonl ]; then
  # Two ranks sharing the one GPU (bench/gpu-mpi.toml), from the OpenMPI that
  # gpu-carry.sh packed, unpacked where Debian installs it (this machine has no MPI);
  # shared memory between the ranks, no network transports.
  log "two MPI ranks on one GPU (bench/gpu-mpi.toml), compared with the CPU backend's records"
  tar -xJf .carry/mpi.tar.xz -C / && tar -xJf .carry/mpilib.tar.xz -C .carry
  t0=$(date +%s%N)
  LD_LIBRARY_PATH="$PWD/.carry/mpilib:$LD_LIBRARY_PATH" OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
    OMPI_MCA_btl=self,vader OMPI_MCA_pml=ob1 OMPI_MCA_mtl='^ofi,psm,psm2' OMPI_MCA_osc='^ucx' \
    OMPI_MCA_btl_vader_single_copy_mechanism=none OMP_NUM_THREADS=4 \
    timeout ${TV_MPI_TIMEOUT:-240} /usr/bin/orterun -np 2 --oversubscribe -x LD_LIBRARY_PATH -x OMP_NUM_THREADS \
      "$bin/topoverify" run bench/gpu-mpi.toml --backend cuda --output "$work/mpi-cuda" --quiet \
      > "$work/mpi-cuda.txt" 2>&1
  rc=$?; echo "mpirun exit $rc wall $(secs_since "$t0") s" | tee -a "$out/summary.txt"
  tail -5 "$work/mpi-cuda.txt" | tee -a "$out/summary.txt"
  python3 scripts/compare-records.py .carry/mpi-cpu.jsonl "$work/mpi-cuda/results.jsonl" \
    > "$work/mpi-compare.txt" 2>&1
  echo "compare exit $?" | tee -a "$out/summary.txt"; tail -20 "$work/mpi-compare.txt" | tee -a "$out/summary.txt"
  python3 -c 'import json,sys; r=[json.loads(l) for l in open(sys.argv[1])]; print("records:", len(r), "ranks:", sorted({str(x.get("ranks")) for x in r}))' \
    "$work/mpi-cuda/results.jsonl" 2>&1 | tee -a "$out/summary.txt"
fi

# Without TV_RUN, the goals' command lines (bench/gpu-goals.runs; comments skipped).
[ -z "${TV_RUN:-}" ] && [ -f bench/gpu-goals.runs ] && TV_RUN=$(grep -v '^[[:space:]]*#' bench/gpu-goals.runs)
if has runs && [ -n "${TV_RUN:-}" ]; then
  i=0
  while IFS= read -r line; do
    [ -z "$line" ] && continue
    i=$((i + 1)); log "run $i: topoverify $line --backend cuda --json"
    t0=$(date +%s%N)
    # shellcheck disable=SC2086  # the line is a command's arguments, split on purpose
    timeout ${TV_RUN_TIMEOUT:-300} "$bin/topoverify" $line --backend cuda --json \
      > "$work/run_$i.json" 2> "$work/run_$i.err"
    rc=$?; wall=$(secs_since "$t0")
    printf '%s\n' "$line" > "$work/run_$i.cmd"; echo "$rc $wall" > "$work/run_$i.rc"
    echo "exit $rc wall $wall s" | tee -a "$out/summary.txt"; tail -3 "$work/run_$i.err" | tee -a "$out/summary.txt"
  done <<< "$TV_RUN"
fi

TV_BENCH_FILTER=${TV_BENCH_FILTER:-'^(msbfs_level|msbfs_batch|rule1_all_sources|prefix)/cuda/'}
if has bench && [ -n "${TV_BENCH_FILTER:-}" ]; then
  log "bench $TV_BENCH_FILTER"
  # A level benchmark runs whole batches until its levels add up to the minimum time:
  # Google Benchmark's default half second of levels is minutes of batches on a GPU.
  # shellcheck disable=SC2086  # the arguments are split on purpose
  timeout ${TV_BENCH_TIMEOUT:-300} "$bin/tv_bench" --benchmark_filter="$TV_BENCH_FILTER" ${TV_BENCH_ARGS:---benchmark_min_time=0.05} \
    --benchmark_out="$work/bench.json" --benchmark_out_format=json > "$work/bench.txt" 2>&1
  echo "exit $?" | tee -a "$out/summary.txt"; grep -E '/(cpu|cuda)/' "$work/bench.txt" | tee -a "$out/summary.txt"
fi

python3 - "$work" "$out/gpu-session.json" <<'EOF'
import glob, json, os, sys
work, dest = sys.argv[1], sys.argv[2]
def read(name):
    try:
        return open(os.path.join(work, name), encoding="utf-8", errors="replace").read()
    except OSError:
        return None
def load(name):
    try:
        return json.loads(read(name) or "null")
    except ValueError:
        return {"unparsed": (read(name) or "")[-2000:]}
doc = {"machine": read("machine.txt"), "compare": read("compare.txt"), "mpi_compare": read("mpi-compare.txt"), "paths_compare": read("paths-compare.txt"), "runs": [], "bench": load("bench.json")}
tests = load("gpu_tests.json")
if isinstance(tests, dict) and "testsuites" in tests:
    doc["tests"] = {k: tests.get(k) for k in ("tests", "failures", "disabled", "errors", "time")}
    doc["tests"]["failed"] = [f"{s['name']}.{t['name']}" for s in tests["testsuites"]
                              for t in s.get("testsuite", []) if t.get("failures")]
for rc in sorted(glob.glob(os.path.join(work, "run_*.rc")), key=lambda p: int(p.split("_")[-1][:-3])):
    stem = rc[:-3]
    code, wall = open(rc).read().split()
    doc["runs"].append({"command": open(stem + ".cmd").read().strip(), "exit": int(code),
                        "wall_s": float(wall), "record": load(os.path.basename(stem) + ".json"),
                        "stderr_tail": (read(os.path.basename(stem) + ".err") or "")[-1500:]})
json.dump(doc, open(dest, "w"), indent=1)
EOF
tar -czf "$out/logs.tar.gz" -C "$work" --exclude=default-cuda/plots . 2>/dev/null
cat "$out/summary.txt" | tail -60

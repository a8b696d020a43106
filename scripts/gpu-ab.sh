#!/usr/bin/env bash
# An A/B on a lent GPU: the carried build (.carry/bin.tar.xz, scripts/gpu-carry.sh) runs
# the session steps (tests, default batch, new paths, MPI, the goals but PN_2(32)), then the
# level kernel and two all-pairs goals beside a base build carried as .carry/base-min.tar.xz
# (its bin/topoverify and bin/tv_bench, tar -cJf), and PN_2(32) last.  Made for
# bench/gpu/warp-skip-untouched-rows.patch: build main, carry it as the base, apply the
# patch, build, scripts/gpu-carry.sh, copy the base back in, then one device call:
#   bash scripts/gpu-ab.sh   (timeout_s 560; carry .carry)
set -uo pipefail
export LD_LIBRARY_PATH="$PWD/.carry/lib" OMP_WAIT_POLICY=passive
mkdir -p .carry/base && tar -xJf .carry/base-min.tar.xz -C .carry/base
secs() { local d=$(( $(date +%s%N) - $1 )); printf "%d.%03d" $((d / 1000000000)) $((d / 1000000 % 1000)); }
# The goals of bench/gpu-goals.runs but PN_2(32), which runs last on its own.
goals=$(grep -v -e '^[[:space:]]*#' -e 'n=32 ' bench/gpu-goals.runs)
TV_STEPS="tests compare paths mpi runs" TV_RUN="$goals" TV_RUN_TIMEOUT=120 scripts/gpu-session.sh "$OUT/v" > "$OUT/v-stdout.txt" 2>&1
echo "== session script exit $?"; grep -E "^==|exit|differ|PASSED|FAILED|records" "$OUT/v/summary.txt" | head -60
ab=$(mktemp -d)
run_ab() {  # $1 = label, $2 = bin dir
  echo "== $1 level bench $(date -u +%T)"
  timeout 90 "$2/tv_bench" --benchmark_filter='^msbfs_level/cuda/' --benchmark_min_time=0.05 2>&1 | grep -E '/cuda/' | sed "s/^/$1 /" | tee -a "$OUT/ab.txt"
  local i=0
  for cmd in "info postal lambda=2 n=30 --check distances" "info debruijn k=20 --check distances"; do
    i=$((i + 1)); t0=$(date +%s%N)
    # shellcheck disable=SC2086
    timeout 60 "$2/topoverify" $cmd --backend cuda --json > "$ab/$1-$i.json" 2> "$ab/$1-$i.err"
    echo "$1: $cmd: exit $? wall $(secs "$t0") s" | tee -a "$OUT/ab.txt"
  done
}
run_ab base .carry/base/bin
run_ab variant .carry/bin
python3 - "$ab" <<'PY' | tee -a "$OUT/ab.txt"
import json, sys
d = sys.argv[1]
for i in (1, 2):
    try:
        a, b = (json.load(open(f"{d}/{k}-{i}.json")) for k in ("base", "variant"))
    except Exception as e:
        print("AB", i, "unreadable", e); continue
    da, db = a, b
    same = {k: da.get(k) == db.get(k) for k in ("distance_counts", "diameter", "radius", "wiener", "unreachable_pairs", "eccentricity_histogram")}
    print("AB", i, "same" if all(same.values()) else f"DIFFER {same}", "check s:", a.get("timings", {}).get("distances_s"), b.get("timings", {}).get("distances_s"))
PY
echo "== PN_2(32) variant $(date -u +%T)"
t0=$(date +%s%N)
timeout 170 .carry/bin/topoverify info postal lambda=2 n=32 --check distances --backend cuda --json > "$ab/pn32.json" 2> "$ab/pn32.err"
echo "PN_2(32) exit $? wall $(secs "$t0") s" | tee -a "$OUT/ab.txt"
tar -czf "$OUT/ab.tar.gz" -C "$ab" .
echo "== end $(date -u +%T)"

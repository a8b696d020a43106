#!/usr/bin/env bash
# Issue 32 item 4's benchmark: all pairs and the exact diameter of families written as rules
# against the built-in families, in one run (same binary, same machine, alternating):
#   Fibonacci cube n=24 (configs/rules/fibonacci-cube.toml) vs postal lambda=2 n=24,
#   hypercube n=20 (configs/rules/hypercube.toml) vs hypercube n=20,
# and the same two rules written so that the interpreter runs every neighbour
# (x ^ pow(2, i) is x ^ (1 << i), but not the form the rule family flips without running
# a program).  Prints one line per run: what, check, the check's time and the graph's
# (from the record's timings), the whole command's wall time and its CPU time (user +
# system, from the child's rusage to the microsecond: on a shared machine the wall time
# of a short command is mostly waiting).
# Usage: bench/rules/rule-families.sh BINARY [REPEATS]
set -euo pipefail
bin=${1:?usage: rule-families.sh BINARY [REPEATS]}
repeats=${2:-3}
here=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
uname -n; nproc; uptime
cat > "$tmp/fib-interpreted.toml" <<'RULE'
[[family]]
name = "fib-interpreted"
parameters = { n = "1..40" }
member = "x & (x >> 1) == 0"
neighbors = ["x ^ pow(2, i)"]
RULE
cat > "$tmp/cube-interpreted.toml" <<'RULE'
[[family]]
name = "cube-interpreted"
parameters = { n = "1..40" }
neighbors = ["x ^ pow(2, i)"]
RULE
run() {  # name check args...
  local name=$1 check=$2
  shift 2
  # The CPU time from the child's rusage (microseconds; /usr/bin/time rounds to 10 ms,
  # which is half of a built-in family's whole diameter run).
  python3 - "$name" "$check" "$bin" info "$@" --check "$check" --backend cpu --json <<'PY'
import json, os, resource, subprocess, sys, time
name, check, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
before = resource.getrusage(resource.RUSAGE_CHILDREN)
start = time.monotonic()
out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
wall = time.monotonic() - start
after = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
r = json.loads(out)
r = r[0] if isinstance(r, list) else r
t = r.get("timings", {})
key = check + "_s"
print(f"{name:<42} {check:<9} N={r['nodes']:<8} diameter={r.get('diameter')} "
      f"{key}={t.get(key)} graph_s={t.get('graph_s')} counts_s={t.get('counts_s')} "
      f"wall_s={wall:.3f} cpu_s={cpu:.3f}", flush=True)
PY
}
for rep in $(seq "$repeats"); do
  for check in distances diameter; do
    run "postal lambda=2 n=24 (built-in)" $check postal lambda=2 n=24
    run "fibonacci-cube n=24 (rule)" $check "$here/configs/rules/fibonacci-cube.toml" n=24
    run "fib-interpreted n=24 (rule, x^pow(2,i))" $check "$tmp/fib-interpreted.toml" n=24
    run "hypercube n=20 (built-in)" $check hypercube n=20
    run "hypercube n=20 (rule)" $check "$here/configs/rules/hypercube.toml" n=20
    run "cube-interpreted n=20 (rule, x^pow(2,i))" $check "$tmp/cube-interpreted.toml" n=20
  done
done

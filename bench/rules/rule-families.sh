#!/usr/bin/env bash
# Issue 32 item 4's benchmark: all pairs and the exact diameter of families written as rules
# against the built-in families, in one run (same binary, same machine, alternating):
#   Fibonacci cube n=24 (configs/rules/fibonacci-cube.toml) vs postal lambda=2 n=24,
#   hypercube n=20 (configs/rules/hypercube.toml) vs hypercube n=20,
# and the same two rules written so that the interpreter runs every neighbour
# (x ^ pow(2, i) is x ^ (1 << i), but not the form the rule family flips without running
# a program).  Prints one line per run: what, check, the check's time and the graph's
# (from the record's timings), the whole command's wall time and its CPU time (user +
# system: on a shared machine the wall time of a short command is mostly waiting).
# Usage: bench/rules/rule-families.sh BINARY [REPEATS]
set -euo pipefail
bin=${1:?usage: rule-families.sh BINARY [REPEATS]}
repeats=${2:-3}
here=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
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
  local start end
  start=$(date +%s.%N)
  /usr/bin/time -f "%U %S" -o "$tmp/cpu" "$bin" info "$@" --check "$check" --backend cpu --json > "$tmp/r.json"
  end=$(date +%s.%N)
  python3 - "$tmp/r.json" "$name" "$check" "$start" "$end" "$(cat "$tmp/cpu")" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
r = r[0] if isinstance(r, list) else r
t = r.get("timings", {})
check = sys.argv[3] + "_s"
print(f"{sys.argv[2]:<42} {sys.argv[3]:<9} N={r['nodes']:<8} diameter={r.get('diameter')} "
      f"{check}={t.get(check)} graph_s={t.get('graph_s')} counts_s={t.get('counts_s')} "
      f"wall_s={float(sys.argv[5]) - float(sys.argv[4]):.2f} "
      f"cpu_s={sum(float(v) for v in sys.argv[6].split()):.2f}")
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

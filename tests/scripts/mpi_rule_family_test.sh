#!/usr/bin/env bash
# ctest (MPI builds): families written as rules under `mpirun -np 2 topoverify run`, against
# one process.  A batch file's [[family]] table (the Möbius cube, with a [[claim]] of its
# own) and a rule file named as a job's family (the Fibonacci cube), small instances dealt
# whole to the ranks and the larger ones shared (--share-nodes 200: their all-pairs and
# broadcast sources dealt in ranges), give records identical to one process's apart from
# timings and the `ranks` field (scripts/compare-records.py), and the same claim verdicts.
#   tests/scripts/mpi_rule_family_test.sh TOPOVERIFY_BINARY SOURCE_DIR MPIEXEC
set -euo pipefail
source "$(dirname "$0")/mpi_test_setup.sh" "$@"
sed "s|@SOURCE_DIR@|$src|g" "$src/tests/scripts/mpi_rule_family.toml" > "$work/rules.toml"
"$topoverify" run "$work/rules.toml" --output "$work/one" --no-report > "$work/one.out" 2> "$work/one.err" ||
  { cat "$work/one.err"; exit 1; }
mpirun 2 "$topoverify" run "$work/rules.toml" \
  --output "$work/np2" --no-report --share-nodes 200 > "$work/np2.out" 2> "$work/np2.err" ||
  { cat "$work/np2.err"; exit 1; }
verdict=$(same "$work/one/results.jsonl" "$work/np2/results.jsonl")
echo "np 2: $verdict"
case "$verdict" in
  *"18 baseline and 18 new instances; 0 differ") ;;
  *) python3 "$src/scripts/compare-records.py" "$work/one/results.jsonl" "$work/np2/results.jsonl" || true; exit 1 ;;
esac
grep -q '"ran_on":"every rank"' "$work/np2/results.jsonl" || { echo "FAIL: no rule instance was shared"; exit 1; }
grep -q '"ran_on":"rank 1 on ' "$work/np2/results.jsonl" || { echo "FAIL: rank 1 ran no rule instance"; exit 1; }
# The claim's verdict as one process prints it (7 hold, 1 outside its domain).
grep -q "mobius-diameter: 7 hold, 1 outside its domain" "$work/one.out" ||
  { cat "$work/one.out"; echo "FAIL: the claim's verdict in one process"; exit 1; }
diff <(grep -v "^topoverify: " "$work/one.out" | grep -iv "second\|wall\| s$") \
     <(grep -v "^topoverify: " "$work/np2.out" | grep -iv "second\|wall\| s$") ||
  { echo "FAIL: two ranks print another summary than one process"; exit 1; }
echo "ok"

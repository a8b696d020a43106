#!/usr/bin/env bash
# ctest (MPI builds): `mpirun -np R topoverify run` against one process.
#  1. Instances of every family (directed ones included), small ones dealt whole to the
#     ranks and the others shared (--share-nodes 60: their all-pairs, broadcast and
#     routing sources dealt in ranges, which rarely divide evenly) give records identical
#     to one process's, apart from timings and the `ranks` field, with 1, 2 and 3 ranks.
#  2. A shared instance killed with SIGKILL after its first checkpoint resumes from it,
#     with 2 ranks and with 1, to the identical record, saying where it resumed.
#  3. A damaged checkpoint is set aside, not used, under 2 ranks.
#  4. A helper rank killed mid-run ends the run within a bounded time, non-zero, with a
#     message naming the rank and its host; the checkpoint stays resumable.
#  5. `check` and `compare` (whose ranks share the instances as `run` does) and `info`
#     (rank 0 alone) print on 3 ranks, once, what they print in one process.
#  7. A dry run exits as one process's does, on every rank: 0 for a batch that would run,
#     2 for one that would be refused, with rank 0's message alone.
#  6. A helper rank that errors (here: too little memory under `ulimit -v` for the
#     all-pairs engine, as on a smaller node) ends the instance at once with an error
#     record naming the rank, its host and the reason, and the run exits non-zero.
#   tests/scripts/mpi_ranks_test.sh TOPOVERIFY_BINARY SOURCE_DIR MPIEXEC
set -euo pipefail
source "$(dirname "$0")/mpi_test_setup.sh" "$@"
cp "$src/tests/scripts/mpi_families.toml" "$work/families.toml"
"$topoverify" run "$work/families.toml" --output "$work/one" --no-report --quiet >/dev/null
for ranks in 1 2 3; do
  mpirun "$ranks" "$topoverify" run "$work/families.toml" --output "$work/np$ranks" --no-report --quiet \
    --share-nodes 60 >/dev/null
  verdict=$(same "$work/one/results.jsonl" "$work/np$ranks/results.jsonl")
  echo "np $ranks: $verdict"
  case "$verdict" in *"; 0 differ") ;; *) python3 "$src/scripts/compare-records.py" "$work/one/results.jsonl" "$work/np$ranks/results.jsonl" || true; exit 1 ;; esac
done
grep -q '"ran_on":"every rank"' "$work/np3/results.jsonl" || { echo "FAIL: no instance was shared"; exit 1; }
grep -q '"ran_on":"rank 2 on ' "$work/np3/results.jsonl" || { echo "FAIL: rank 2 ran no instance"; exit 1; }

# 2. Killed after a checkpoint (SIGKILL to rank 0: mpirun ends the other rank), resumed.
cp "$src/tests/scripts/long_all_pairs.toml" "$work/long.toml"
"$topoverify" run "$work/long.toml" --output "$work/long_one" --no-report --quiet >/dev/null
rank_pid() {  # the pid of rank $1 of a run writing into folder $2
  for p in $(pgrep -f "topoverify run .*--output $2 " || true); do
    tr '\0' '\n' < "/proc/$p/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$1" && { echo "$p"; return; }
  done
}
killed_run() {  # runs long.toml on 2 ranks into $1 and SIGKILLs rank $2 once a checkpoint exists
  mpirun 2 "$topoverify" run "$work/long.toml" --output "$1" --no-report --quiet --share-nodes 1000 >"$1.out" 2>&1 &
  local launcher=$!
  for _ in $(seq 1 3000); do
    compgen -G "$1/checkpoints/*.ckpt" >/dev/null && break
    sleep 0.01
  done
  local victim
  victim=$(rank_pid "$2" "$1")
  [ -n "$victim" ] || { echo "FAIL: rank $2 ended before the first checkpoint"; exit 1; }
  kill -KILL "$victim"
  local start=$SECONDS
  wait "$launcher" && { echo "FAIL: the run exited 0 after rank $2 was killed"; exit 1; }
  echo "rank $2 killed: the run ended $((SECONDS - start)) s later"
}
killed_run "$work/killed" 0
cp -r "$work/killed" "$work/killed_copy"
mpirun 2 "$topoverify" run "$work/long.toml" --output "$work/killed" --resume --no-report --quiet --share-nodes 1000 >/dev/null 2>"$work/resume2.err"
"$topoverify" run "$work/long.toml" --output "$work/killed_copy" --resume --no-report --quiet >/dev/null 2>"$work/resume1.err"
for r in 2 1; do
  cat "$work/resume$r.err"
  grep -Eq "^topoverify: resuming PN_2\(22\) all pairs at [0-9]+% \([1-9][0-9]* of 46368 sources\)" "$work/resume$r.err" ||
    { echo "FAIL: the resumed run on $r rank(s) does not say where it resumed from"; exit 1; }
done
for d in killed killed_copy; do
  verdict=$(same "$work/long_one/results.jsonl" "$work/$d/results.jsonl")
  echo "resumed ($d): $verdict"
  case "$verdict" in *"; 0 differ") ;; *) exit 1 ;; esac
done

# 3 and 4. A helper rank killed: the message names it; the damaged checkpoint is set aside.
killed_run "$work/helper" 1
cat "$work/helper.out"
grep -Eq "rank 1 .*(on node|on) $(hostname)" "$work/helper.out" ||
  { echo "FAIL: no message names rank 1 and its host"; exit 1; }
ckpt=$(compgen -G "$work/helper/checkpoints/*.ckpt")
printf '\x7f' | dd of="$ckpt" bs=1 seek=$(( $(stat -c %s "$ckpt") / 2 )) conv=notrunc status=none
mpirun 2 "$topoverify" run "$work/long.toml" --output "$work/helper" --resume --no-report --quiet --share-nodes 1000 >/dev/null 2>"$work/aside.err"
cat "$work/aside.err"
grep -q "not used (all-pairs partial: checksum mismatch" "$work/aside.err" || { echo "FAIL: the damaged checkpoint was not set aside"; exit 1; }
verdict=$(same "$work/long_one/results.jsonl" "$work/helper/results.jsonl")
case "$verdict" in *"; 0 differ") ;; *) echo "$verdict"; exit 1 ;; esac

# 6. A rank that errors: rank 1 has ~680 MiB of address space, enough for MPI but not for
#    DDB(21)'s engine (858 MiB beside MPI's own); rank 0 stops its range at the next batch.
printf 'backend = "cpu"\ncheckpoint = "off"\n[[job]]\nfamily = "debruijn"\nk = 21\nchecks = ["distances"]\n' >"$work/big.toml"
start=$SECONDS
set +e
timeout 300 "$mpiexec" --allow-run-as-root --oversubscribe \
  -np 1 "$topoverify" run "$work/big.toml" --output "$work/erred" --share-nodes 1000 --no-report --quiet : \
  -np 1 sh -c "ulimit -v 700000; exec '$topoverify' run '$work/big.toml' --output '$work/erred' --share-nodes 1000 --no-report --quiet" \
  >"$work/erred.out" 2>&1
code=$?
set -e
[ "$code" -ne 0 ] || { echo "FAIL: the run with an erring rank exited 0"; exit 1; }
[ $((SECONDS - start)) -lt 60 ] || { echo "FAIL: the run with an erring rank took $((SECONDS - start)) s"; exit 1; }
python3 - "$work/erred/results.jsonl" "$(hostname)" <<'PY'
import json, sys
r = json.loads(open(sys.argv[1]).readline())
e = r.get("error", "")
ok = r["status"] == "error" and e.startswith("rank 1 on " + sys.argv[2] + ": ") and "ulimit -v" in e
print(("the erring rank's record: " if ok else "FAIL: ") + r["status"] + ": " + e)
sys.exit(0 if ok else 1)
PY
echo "an erring rank ended the run in $((SECONDS - start)) s"

# 5. The commands that run a batch of their own share it too, and print once.
for cmd in "check pn.thm3 postal lambda=3 n=1..9 --json --quiet" \
           "compare 'torus k=3 n=2..3' 'kautz d=2 k=2..4' --metrics diameter,average_distance,fault_diameter --json --quiet" \
           "info efc n=5..7"; do
  eval "\"$topoverify\" $cmd" >"$work/cmd_one.out"
  eval "mpirun 3 \"$topoverify\" $cmd" >"$work/cmd_three.out"
  [ -s "$work/cmd_one.out" ] || { echo "FAIL: $cmd printed nothing"; exit 1; }
  cmp -s "$work/cmd_one.out" "$work/cmd_three.out" ||
    { echo "FAIL: '$cmd' on 3 ranks printed otherwise:"; cat "$work/cmd_one.out" "$work/cmd_three.out"; exit 1; }
  echo "3 ranks print what one process prints: ${cmd%% *}"
done
# 7. --dry-run under mpirun: the helpers exit with rank 0's code (they exited 2, in
#    silence, where one process exits 0).
set +e
mpirun 2 "$topoverify" run "$work/families.toml" --output "$work/dry" --dry-run >"$work/dry.out" 2>"$work/dry.err"
rc=$?
set -e
[ "$rc" -eq 0 ] || { echo "FAIL: a dry run that would run exits $rc on 2 ranks:"; cat "$work/dry.err"; exit 1; }
grep -q "dry run: " "$work/dry.err" || { echo "FAIL: the dry run printed no plan"; cat "$work/dry.err"; exit 1; }
mkdir -p "$work/full" && echo '{}' > "$work/full/results.jsonl"
set +e
mpirun 2 "$topoverify" run "$work/families.toml" --output "$work/full" --dry-run >"$work/dry.out" 2>"$work/dry.err"
rc=$?
set -e
[ "$rc" -eq 2 ] || { echo "FAIL: a dry run into a folder in use exits $rc on 2 ranks, not 2"; cat "$work/dry.err"; exit 1; }
[ "$(grep -c 'is not empty' "$work/dry.err")" -eq 1 ] || { echo "FAIL: the refusal is not said once:"; cat "$work/dry.err"; exit 1; }
echo "a dry run exits 0 and 2 on 2 ranks as in one process"

echo "PASS: records identical on 1, 2 and 3 ranks; checkpoints survive SIGKILL of either rank; check, compare and info print once what one process prints; an erring rank is named; a dry run exits as one process does"

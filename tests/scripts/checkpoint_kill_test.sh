#!/usr/bin/env bash
# ctest: an instance killed with SIGKILL after its first checkpoint resumes from it.
# A batch of one long all-pairs instance (long_all_pairs.toml: PN_2(22), 725 batches) with
# a checkpoint every 100 ms is run once whole for reference; then again, killed with
# SIGKILL as soon as a checkpoint exists; `run --resume` must say which sources it
# resumes from and write a record identical to the reference (timings aside), and the
# checkpoint must be gone once the record is written.
#   tests/scripts/checkpoint_kill_test.sh TOPOVERIFY_BINARY SOURCE_DIR
set -euo pipefail
topoverify=${1:?usage: checkpoint_kill_test.sh TOPOVERIFY_BINARY SOURCE_DIR}
src=${2:?usage: checkpoint_kill_test.sh TOPOVERIFY_BINARY SOURCE_DIR}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$src/tests/scripts/long_all_pairs.toml" "$work/batch.toml"
"$topoverify" run "$work/batch.toml" --output "$work/reference" --no-report --quiet >/dev/null

"$topoverify" run "$work/batch.toml" --output "$work/killed" --no-report --quiet >/dev/null 2>"$work/first.err" &
pid=$!
for _ in $(seq 1 3000); do
  compgen -G "$work/killed/checkpoints/*.ckpt" >/dev/null && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.01
done
kill -KILL "$pid" 2>/dev/null || { echo "FAIL: the run ended before its first checkpoint"; exit 1; }
wait "$pid" || true
if [ -s "$work/killed/results.jsonl" ]; then echo "FAIL: a record was written before the kill"; exit 1; fi

"$topoverify" run "$work/batch.toml" --output "$work/killed" --resume --no-report --quiet >/dev/null 2>"$work/resume.err"
cat "$work/resume.err"
grep -Eq "^topoverify: resuming PN_2\(22\) all pairs at [0-9]+% \([1-9][0-9]* of 46368 sources\) from a checkpoint of " "$work/resume.err" ||
  { echo "FAIL: the resumed run does not say where it resumed from"; exit 1; }
python3 "$src/scripts/compare-records.py" "$work/reference/results.jsonl" "$work/killed/results.jsonl"
if compgen -G "$work/killed/checkpoints/*" >/dev/null; then echo "FAIL: checkpoints left after the record"; exit 1; fi
echo "PASS: killed after a checkpoint, resumed from it to the identical record"

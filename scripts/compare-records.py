#!/usr/bin/env python3
"""Compares two results.jsonl files instance by instance, timings aside.

The default batch's statistics and verdicts are the project's regression baseline: a
change that is not meant to alter them must leave every record identical apart from the
fields that measure the run itself (times, machine, tool build, the file the batch came
from).  Usage:

    scripts/compare-records.py BASELINE/results.jsonl NEW/results.jsonl

Exit 0 when every instance of either file has an identical record in the other, 1 with
the differing fields listed otherwise, 2 for unreadable input.
"""
import json
import sys

# Fields that describe the run rather than the instance.  "instance_id" names the
# instance (a digest of its job's content, for --resume), it is not a statistic or a
# verdict; baselines from before it was written lack it.  "ranks" says which MPI rank
# made a record (runs under mpirun).
VOLATILE = {"timings", "wall_s", "machine", "tool", "config", "config_title", "level_seconds",
            "seconds", "device", "instance_id", "ranks"}


def strip(value):
    if isinstance(value, dict):
        return {k: strip(v) for k, v in value.items() if k not in VOLATILE}
    if isinstance(value, list):
        return [strip(v) for v in value]
    return value


def identity(rec):
    return json.dumps([rec.get("job"), rec.get("family"), rec.get("params"),
                       rec.get("requested_checks")], sort_keys=True)


def load(path):
    out = {}
    try:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                rec = json.loads(line)
                out[identity(rec)] = strip(rec)  # the latest record of an instance wins
    except (OSError, ValueError) as e:
        sys.exit(f"compare-records: cannot read {path}: {e}")
    return out


def differences(a, b, path=""):
    if type(a) is not type(b) or not isinstance(a, (dict, list)):
        return [] if a == b else [path or "(record)"]
    if isinstance(a, list):
        if len(a) != len(b):
            return [f"{path} (length {len(a)} vs {len(b)})"]
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in differences(x, y, f"{path}[{i}]")]
    out = []
    for k in sorted(set(a) | set(b)):
        if k not in a or k not in b:
            out.append(f"{path}.{k} (only in {'new' if k in b else 'baseline'})")
        else:
            out += differences(a[k], b[k], f"{path}.{k}")
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    base, new = load(sys.argv[1]), load(sys.argv[2])
    bad = 0
    for key in sorted(set(base) | set(new)):
        if key not in new or key not in base:
            print(f"{key}: only in {'baseline' if key in base else 'new'}")
            bad += 1
            continue
        diff = differences(base[key], new[key])
        if diff:
            bad += 1
            print(f"{key}: {', '.join(diff[:8])}{' ...' if len(diff) > 8 else ''}")
    print(f"{len(base)} baseline and {len(new)} new instances; {bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Every record the default batch writes, validated against docs/record.schema.json.

Usage: record_schema_test.py BINARY SOURCE_DIR

Runs `topoverify run` (the embedded default batch) on the CPU into a scratch folder and
validates each line of its results.jsonl with the jsonschema module (Debian's
python3-jsonschema); then makes sure the validator can fail: a record with a misspelt
status, a string where a number belongs, or an unknown field must each be refused.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

try:
    import jsonschema
except ImportError:
    # CMake may have found another python3 than Debian's, which has the package.
    if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != "/usr/bin/python3":
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    print("python3-jsonschema is not installed (scripts/install-deps.sh installs it)")
    sys.exit(1)


def main(argv):
    binary, source = os.path.abspath(argv[1]), os.path.abspath(argv[2])
    with open(os.path.join(source, "docs", "record.schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    folder = tempfile.mkdtemp(prefix="tv_schema_")
    try:
        env = dict(os.environ, OMP_WAIT_POLICY="passive")
        done = subprocess.run([binary, "run", "--output", "out", "--backend", "cpu", "--quiet",
                               "--no-report"], cwd=folder, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
        if done.returncode != 0:
            print(f"topoverify run exited {done.returncode}: {done.stderr}")
            return 1
        with open(os.path.join(folder, "out", "results.jsonl"), encoding="utf-8") as f:
            records = [json.loads(line) for line in f]
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    failures = 0
    for number, record in enumerate(records, start=1):
        errors = sorted(validator.iter_errors(record), key=lambda e: list(e.path))
        if errors:
            failures += 1
            e = errors[0]
            print(f"record {number} ({record.get('family')} {record.get('params')}): "
                  f"{'/'.join(map(str, e.path))}: {e.message[:200]}")
    print(f"{len(records)} records of the default batch, {failures} not valid")
    # The schema refuses what it should: a check that cannot fail proves nothing.
    spoiled = [dict(records[0], status="okay"), dict(records[0], nodes="many"),
               dict(records[0], nodez=3)]
    refused = sum(1 for r in spoiled if not validator.is_valid(r))
    if refused != len(spoiled):
        print(f"the schema let {len(spoiled) - refused} spoiled records through")
        failures += 1
    if not records:
        print("the default batch wrote no record")
        failures += 1
    print(f"{len(records) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""The user guide's examples, run and compared with the page (a doc test).

Usage: doc_examples_test.py BINARY SOURCE_DIR PAGE.md [--show]

Every ```console block of PAGE is a session: a line `$ COMMAND` is run by bash, and the
lines after it, up to the next `$ ` line or the end of the block, are what its standard
output must be.  A line `...` stands for any number of lines (none included), and `...`
inside a line for any text, so a page may leave out what does not matter to its point
(a timing, the machine's thread count).  Trailing blanks are ignored.  The
commands of a page run in order in one scratch folder of their own (so an example may
write a file that the next one reads), where `configs/` and `docs/` are the source
tree's and `topoverify`, `build/release/topoverify` and `build/cpu/topoverify` are
BINARY.  Standard error is not compared: an example that shows a message writes `2>&1`.
Exit codes are not compared either; a page that states one shows it with `; echo "exit $?"`.

--show prints each command's actual output instead of comparing (to write a page).
Exit 0 when every example matches, 1 with a report of the first difference of each that
does not, 77 (skipped) when PAGE has no example.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^```(\S*)\s*$")


def examples(page_text):
    """(line number, command, expected lines) for each `$ ` line of the console blocks."""
    found = []
    lang = None
    current = None
    for number, line in enumerate(page_text.splitlines(), start=1):
        fence = FENCE.match(line)
        if fence:
            if lang is None:
                lang = fence.group(1)
            else:
                lang = None
                current = None
            continue
        if lang != "console":
            continue
        if line.startswith("$ "):
            current = [number, line[2:], []]
            found.append(current)
        elif current is not None:
            if current[2] == [] and current[1].endswith("\\"):
                current[1] = current[1][:-1] + line.strip()  # a command continued
            else:
                current[2].append(line.rstrip())
    return [(n, c, e) for n, c, e in found]


def line_fits(expected, actual):
    """One line: equal, or equal where each `...` inside expected stands for any text."""
    if expected == actual:
        return True
    if "..." not in expected:
        return False
    pattern = ".*".join(re.escape(part) for part in expected.split("..."))
    return re.fullmatch(pattern, actual) is not None


def matches(expected, actual):
    """Whether actual (lines) fits expected, where a `...` line stands for any lines."""
    # Dynamic programming over (expected position, actual position).
    memo = {}

    def fits(i, j):
        key = (i, j)
        if key in memo:
            return memo[key]
        if i == len(expected):
            result = j == len(actual)
        elif expected[i] == "...":
            result = any(fits(i + 1, k) for k in range(j, len(actual) + 1))
        else:
            result = j < len(actual) and line_fits(expected[i], actual[j]) and fits(i + 1, j + 1)
        memo[key] = result
        return result

    return fits(0, 0)


def first_difference(expected, actual):
    for index, (e, a) in enumerate(zip(expected, actual)):
        if e == "...":
            return "(after a '...' line)"
        if not line_fits(e, a):
            return f"line {index + 1}: expected {e!r}\n             got      {a!r}"
    return f"expected {len(expected)} lines, got {len(actual)}"


def scratch_folder(binary, source):
    folder = tempfile.mkdtemp(prefix="tv_doc_")
    for name in ("configs", "docs"):
        os.symlink(os.path.join(source, name), os.path.join(folder, name))
    for sub in ("build/release", "build/cpu", "bin"):
        os.makedirs(os.path.join(folder, sub))
        os.symlink(binary, os.path.join(folder, sub, "topoverify"))
    return folder


def main(argv):
    if len(argv) < 4:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    binary, source, page = os.path.abspath(argv[1]), os.path.abspath(argv[2]), argv[3]
    show = "--show" in argv[4:]
    path = page if os.path.isabs(page) else os.path.join(source, page)
    with open(path, encoding="utf-8") as f:
        runs = examples(f.read())
    if not runs:
        print(f"{page}: no console examples")
        return 77
    folder = scratch_folder(binary, source)
    env = dict(os.environ)
    env["PATH"] = os.path.join(folder, "bin") + os.pathsep + env.get("PATH", "")
    env.setdefault("OMP_WAIT_POLICY", "passive")
    env["COLUMNS"] = "100"
    failures = 0
    try:
        for number, command, expected in runs:
            done = subprocess.run(["bash", "-c", command], cwd=folder, env=env,
                                  stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, timeout=600)
            actual = [line.rstrip() for line in done.stdout.splitlines()]
            while expected and expected[-1] == "":
                expected = expected[:-1]
            while actual and actual[-1] == "":
                actual = actual[:-1]
            if show:
                print(f"--- {page}:{number}: $ {command}  (exit {done.returncode})")
                print("\n".join(actual))
                continue
            if matches(expected, actual):
                print(f"ok    {page}:{number}: $ {command}")
                continue
            failures += 1
            print(f"DIFFERS {page}:{number}: $ {command}")
            print("  " + first_difference(expected, actual))
            print("  the whole output (exit %d):" % done.returncode)
            for line in actual[:60]:
                print("    " + line)
            if done.stderr:
                print("  stderr: " + done.stderr.strip().splitlines()[-1])
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if not show:
        print(f"{len(runs) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

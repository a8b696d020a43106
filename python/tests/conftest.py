"""Shared pieces of the Python module's tests: the topoverify binary of the same build
(ctest sets TOPOVERIFY_BINARY; by hand it defaults to build/cpu/topoverify) and a helper
that runs it."""
import json
import os
import subprocess

import pytest

SOURCE_DIR = os.environ.get("TOPOVERIFY_SOURCE_DIR",
                            os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BINARY = os.path.abspath(os.environ.get("TOPOVERIFY_BINARY", os.path.join(SOURCE_DIR, "build", "cpu", "topoverify")))


def run_cli(*args, cwd=None, check=True):
    """Runs the binary; returns CompletedProcess (text).  check: exit 0 expected."""
    done = subprocess.run([BINARY, *args], cwd=cwd, capture_output=True, text=True,
                          env=dict(os.environ, OMP_WAIT_POLICY="passive"))
    if check and done.returncode != 0:
        raise AssertionError(f"topoverify {' '.join(args)} exited {done.returncode}: {done.stderr}")
    return done


def cli_records(*args):
    """The JSON lines `topoverify info ... --json` prints."""
    return [json.loads(line) for line in run_cli("info", *args, "--json").stdout.splitlines()]


def cli_error(*args):
    """The one-line message of a refused command, without its "topoverify: error: " prefix."""
    done = run_cli(*args, check=False)
    assert done.returncode != 0, f"topoverify {' '.join(args)} was not refused"
    line = done.stderr.strip().splitlines()[-1]
    for prefix in ("topoverify: error: ", "topoverify: refused: ", "topoverify: failed: "):
        if line.startswith(prefix):
            return done.returncode, line[len(prefix):]
    raise AssertionError(f"unexpected message: {line}")


@pytest.fixture(scope="session")
def binary():
    assert os.path.exists(BINARY), f"no topoverify binary at {BINARY}"
    return BINARY

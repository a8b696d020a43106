"""The user guide's notebook-style example (docs/examples/python_pn22.py) runs, draws its
plot, and prints figures that agree with the command line's record of PN_2(22)."""
import os
import subprocess
import sys

from conftest import SOURCE_DIR, cli_records


def test_the_pn22_example_runs(tmp_path):
    plot = tmp_path / "pn22.png"
    done = subprocess.run([sys.executable, os.path.join(SOURCE_DIR, "docs", "examples", "python_pn22.py"),
                           str(plot)], capture_output=True, text=True, env=dict(os.environ))
    assert done.returncode == 0, done.stderr
    assert plot.stat().st_size > 10_000 and plot.read_bytes()[:4] == b"\x89PNG"
    cli = cli_records("postal", "lambda=2", "n=22", "--check", "distances")[0]
    lines = done.stdout.splitlines()
    assert lines[0] == (f"postal lambda=2 n=22: 46368 nodes, diameter {cli['diameter']}, radius "
                        f"{cli['radius']}, Wiener index {cli['wiener']}, Hamming paths "
                        f"{cli['hamming_paths']}")
    assert lines[2].startswith(f"eccentricities from {cli['radius']} to {cli['diameter']}; a centre: ")
    header = lines[3].split()
    assert header == ["id", "verdict", "holds", "fails", "not_checked", "fails_at"]
    assert any(line.split()[0] == "pn.thm3" for line in lines[4:])

"""docs/python.md's own ```python blocks run, in the page's order, in one namespace (as a
notebook's cells would), and what their comments state holds: the page cannot drift
from the module.  (docs/examples/python_pn22.py, the page's longer example, is
test_example.py's.)"""
import os
import re

import numpy as np
import pandas as pd

from conftest import SOURCE_DIR, run_cli


def python_blocks(page):
    return re.findall(r"^```python\n(.*?)^```", page, flags=re.S | re.M)


def test_every_python_block_of_the_page_runs_as_it_says(tmp_path, monkeypatch):
    with open(os.path.join(SOURCE_DIR, "docs", "python.md"), encoding="utf-8") as f:
        blocks = python_blocks(f.read())
    assert len(blocks) == 4  # quick start, claims, own claims, read_records: a new block needs a check here
    monkeypatch.chdir(tmp_path)
    # The folder the read_records block reads: a run's records, as the page assumes.
    (tmp_path / "postal.toml").write_text('[[job]]\nfamily = "postal"\nlambda = 2\nn = "1..6"\n'
                                          'checks = ["counts", "distances"]\n')
    run_cli("run", "postal.toml", "--output", "reports/postal", "--quiet", "--no-report", cwd=tmp_path)
    ns = {}
    for block in blocks:
        exec(compile(block, "docs/python.md", "exec"), ns)

    d = ns["d"]  # net = tv.network("postal", lam=2, n=20); d = net.distances()
    assert ns["net"].label == "postal lambda=2 n=20" and ns["net"].nodes == 17711
    assert (d.diameter, d.radius) == (20, 10)
    assert isinstance(d.distance_counts, np.ndarray) and int(d.distance_counts.sum()) == 17711 ** 2
    assert d.eccentricity.dtype == np.uint32 and len(d.eccentricity) == 17711
    assert d.label_strings[0] == "0" * 20
    assert (d.hamming_paths, d.hamming_counterexample) == (True, None)

    v = ns["v"]  # tv.check("pn.*", tv.sweep("postal", lam=2, n=range(1, 13)))
    assert isinstance(v.failed, bool) and isinstance(v.frame, pd.DataFrame)
    assert list(v.frame["id"]) == [c.id for c in v.claims] and len(v.claims) > 0
    assert v.summary["instances"]["planned"] == 12

    w = ns["w"]  # tv.check([tv.claim("radius == ceil(n/2)", when="n >= 2"), "pn.thm3"], n=1..12)
    table = w.frame.set_index("id")
    assert table.loc["claim.1", "paper"] == "own" and table.loc["claim.1", "verdict"] == "holds"
    assert table.loc["claim.1", "outside_domain"] == 1 and table.loc["claim.1", "holds"] == 11
    assert table.loc["pn.thm3", "verdict"] == "holds"

    frame = ns["frame"]  # tv.read_records("reports/postal")
    assert isinstance(frame, pd.DataFrame) and len(frame) == 6
    assert list(frame["family"].unique()) == ["postal"]

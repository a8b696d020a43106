"""The module's results are the command line's: for a sweep of every family, the record
Python returns equals the one `topoverify info ... --check distances --json` prints, field
for field, timings aside; and a claims sweep's verdict summary equals `topoverify check
--json`'s."""
import json

import pytest

import topoverify as tv
from conftest import cli_records, run_cli

# A small sweep per family, as command-line arguments (both sides read the same strings).
SWEEPS = {
    "hypercube": ["n=1..5"],
    "postal": ["lambda=1..3", "n=1..8"],
    "efc": ["n=3..8"],
    "metacube": ["k=0..1", "m=1..2"],
    "dualcube": ["m=1..3"],
    "debruijn": ["k=1..6", "directed=true,false"],
    "lrn": ["n=6", "seeds=0,10;0,10,110"],
    "foldedcube": ["n=2..5"],
    "torus": ["k=3..4", "n=1..3"],
    "kautz": ["d=2", "k=1..3"],
    "star": ["n=2..5"],
    "gfc": ["n=1..7", "f=101"],
    "hyperx": ["S=2,3;3,3"],              # the smallest values of each parameter are no network
    "jellyfish": ["N=8..9", "k=4", "r=3"],
}
EXTRA = {"debruijn": [["k=3", "d=3"]], "lrn": [["n=6", "generator=11"]],
         "metacube": [["k=1", "m=2", "presentation=cluster"]]}


def sweep_of(spec):
    """A family's sweep: the table's, else the two smallest values of each integer
    parameter (a family added later is swept without an edit here, where it can be)."""
    if spec["name"] in SWEEPS:
        return [SWEEPS[spec["name"]]] + EXTRA.get(spec["name"], [])
    args = []
    for p in spec["params"]:
        if p["default"] is not None:
            continue
        if p["type"] != "integer":
            pytest.fail(f"family {spec['name']}: no sweep in SWEEPS for its parameter {p['name']}")
        args.append(f"{p['name']}={p['min']}..{min(p['min'] + 1, p['max'])}")
    return [args]


def without_timings(record):
    """The record less what differs between two runs of the same build: timings, and the
    commit (the binary and the module may be linked at different commits of a worktree)."""
    r = json.loads(json.dumps(record))
    r.pop("timings", None)
    r.get("tool", {}).pop("commit", None)
    r.get("all_pairs", {}).pop("level_seconds", None)
    return r


FAMILIES = [f for f in tv.families() if f["name"] != "edgelist"]


@pytest.mark.parametrize("spec", FAMILIES, ids=[f["name"] for f in FAMILIES])
def test_records_equal_the_cli_for_every_family(spec):
    compared = 0
    for args in sweep_of(spec):
        cli = cli_records(spec["name"], *args, "--check", "distances", "--check", "diameter",
                          "--backend", "cpu")
        ours = [n.record(["distances", "diameter"], backend="cpu").record
                for n in tv.Sweep(spec["name"], dict(a.split("=", 1) for a in args))]
        assert len(ours) == len(cli) > 0
        for a, b in zip(ours, cli):
            assert without_timings(a) == without_timings(b)
            compared += 1
    assert compared > 0


def test_distances_fields_are_the_record_fields():
    net = tv.network("postal", lam=2, n=10)
    d = net.distances(backend="cpu")
    cli = cli_records("postal", "lambda=2", "n=10", "--check", "distances", "--backend", "cpu")[0]
    for field in ("diameter", "radius", "wiener", "average_distance", "unreachable_pairs",
                  "connected", "hamming_paths", "hamming_counterexample"):
        assert getattr(d, field) == cli[field], field
    assert d.distance_counts.tolist() == cli["distance_counts"]
    assert d.eccentricity_histogram.tolist() == cli["eccentricity_histogram"]
    # Per node: the eccentricities agree with the histogram and the diameter and radius.
    assert len(d.eccentricity) == net.nodes == 144
    assert d.eccentricity.max() == cli["diameter"] and d.eccentricity.min() == cli["radius"]
    hist = [int((d.eccentricity == e).sum()) for e in range(len(cli["eccentricity_histogram"]))]
    assert hist == cli["eccentricity_histogram"]
    assert int(d.distance_sum.sum()) == cli["wiener"] * 2
    assert d.label_strings[0] == "0000000000" and d.label_strings[-1] == "1010101010"


def test_per_node_arrays_equal_the_cli_table(tmp_path):
    # The command line writes per-node tables only into a run's folder (docs/checks.md).
    (tmp_path / "efc7.toml").write_text('[[job]]\nfamily = "efc"\nn = 7\nchecks = ["distances"]\n'
                                        'options = { distances = { per_node = "csv" } }\n')
    run_cli("run", "efc7.toml", "--output", "out", "--quiet", "--no-report", cwd=tmp_path)
    (table,) = (tmp_path / "out").glob("pernode_efc_n7_*.csv")
    rows = table.read_text().splitlines()[1:]
    d = tv.network("efc", n=7).distances(backend="cpu")
    assert len(rows) == d.nodes
    assert [r.split(",")[1:] for r in rows] == [
        [name, str(e), str(s)] for name, e, s in zip(d.label_strings, d.eccentricity, d.distance_sum)]


def test_claims_summary_equals_cli_check():
    v = tv.check("pn.*", tv.sweep("postal", lam=2, n=range(1, 9)), backend="cpu")
    cli = json.loads(run_cli("check", "pn.*", "postal", "lambda=2", "n=1..8", "--json",
                             "--backend", "cpu", "--quiet", check=False).stdout)
    assert v.summary == cli
    assert len(v.claims) == cli["claims"]["total"] > 0
    frame = v.frame
    assert list(frame["id"]) == [c["id"] for p in cli["papers"] for c in p["claims"]]
    assert list(frame["verdict"]) == [c["verdict"] for p in cli["papers"] for c in p["claims"]]


def test_a_failing_claim_reads_as_failing():
    # EFC's claims include some that fail on small instances (docs/claims.md); the verdict
    # table must say so exactly where the command line does.
    v = tv.check("efc.*", tv.sweep("efc", n=range(3, 10)), backend="cpu")
    cli = json.loads(run_cli("check", "efc.*", "efc", "n=3..9", "--json", "--backend", "cpu",
                             "--quiet", check=False).stdout)
    assert v.summary == cli
    assert v.failed == (cli["claims"]["fails"] > 0)
    assert [c.id for c in v.claims if c.fails] == [
        c["id"] for p in cli["papers"] for c in p["claims"] if c["verdict"] == "fails"]

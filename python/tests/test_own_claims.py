"""Claims written as expressions (docs/own-theorems.md) from Python: tv.claim(...) given
to tv.check gives the verdict summary `topoverify check --claim ... --json` prints, and
its errors are the command line's."""
import json

import pytest

import topoverify as tv
from conftest import cli_error, run_cli


def cli_summary(*args):
    return json.loads(run_cli("check", *args, "--json", "--backend", "cpu", "--quiet", check=False).stdout)


def test_a_failing_claim_equals_the_cli():
    v = tv.check(tv.claim("radius == ceil(n/2)"), tv.sweep("efc", n=range(4, 10)), backend="cpu")
    assert v.summary == cli_summary("--claim", "radius == ceil(n/2)", "efc", "n=4..9")
    (c,) = v.claims
    assert (c.paper, c.id, c.verdict, c.fails_at) == ("own", "claim.1", "fails", "n = 4..9")
    # EFC_4: by brute force its radius is 1 (docs/own-theorems.md), ceil(4/2) = 2.
    assert v.frame.loc[0, "counterexample"] == "EFC_4: radius = 1; ceil(n/2) = 2"


def test_per_node_claims_with_a_domain_equal_the_cli():
    # Two claims at once, one over the per-node eccentricities, both with a domain.
    sweep = tv.sweep("postal", lam=2, n=range(2, 11))
    v = tv.check([tv.claim("radius == ceil(n/2)", when="n >= 3"),
                  tv.claim("all(eccentricity >= n / 2)", when="n >= 3")], sweep, backend="cpu")
    cli = cli_summary("--claim", "radius == ceil(n/2)", "--claim", "all(eccentricity >= n / 2)",
                      "--when", "n >= 3", "postal", "lambda=2", "n=2..10")
    assert v.summary == cli
    assert [c.verdict for c in v.claims] == ["holds", "holds"]
    assert all(c.instances["outside_domain"] == 1 for c in v.claims)  # n = 2


def test_paper_claims_and_own_claims_together():
    v = tv.check(["pn.thm3", tv.claim("diameter <= n", id="mine")], tv.sweep("postal", lam=3, n=range(1, 9)),
                 backend="cpu")
    assert [(c.paper, c.id) for c in v.claims][-1] == ("own", "mine")
    assert v.frame.set_index("id").loc["pn.thm3", "verdict"] == \
        tv.check("pn.thm3", tv.sweep("postal", lam=3, n=range(1, 9)), backend="cpu").claims[0].verdict
    assert v.frame.set_index("id").loc["mine", "verdict"] == "holds"
    # The record of each instance carries the expression's entry.
    assert any(e.get("id") == "mine" for e in v.records[0]["claims"])


def test_a_claim_that_does_not_parse_is_the_cli_s_bad_input():
    _, message = cli_error("check", "--claim", "radius == ceil(n/2", "efc", "n=4..6")
    with pytest.raises(tv.BadInput) as e:
        tv.check(tv.claim("radius == ceil(n/2"), tv.sweep("efc", n=range(4, 7)))
    # The same column and words; the command line names its flag, Python the claim.
    assert message.split(": column ", 1)[1] == str(e.value).split(": column ", 1)[1]


def test_an_unknown_name_is_named():
    with pytest.raises(tv.BadInput, match="radious"):
        tv.check(tv.claim("radious == 1"), tv.network("efc", n=5))
    with pytest.raises(tv.BadInput, match="not int"):
        tv.check(3, tv.network("efc", n=5))

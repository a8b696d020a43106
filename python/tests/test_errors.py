"""Errors are the documented classes (topoverify/errors.py) with the command line's own
one-line messages, raised before any work."""
import numpy as np
import pytest

import topoverify as tv
from conftest import cli_error


def test_unknown_family_is_bad_input_with_the_cli_message():
    code, message = cli_error("info", "postl", "n=3")
    assert code == 2
    with pytest.raises(tv.BadInput) as e:
        tv.network("postl", n=3)
    assert str(e.value) == message
    assert isinstance(e.value, ValueError) and isinstance(e.value, tv.TopoverifyError)


def test_parameter_out_of_range_is_bad_input_with_the_cli_message():
    code, message = cli_error("info", "postal", "lambda=0", "n=3")
    assert code == 2
    with pytest.raises(tv.BadInput) as e:
        tv.network("postal", lam=0, n=3)
    assert str(e.value) == message


def test_unknown_parameter_and_sweep_errors():
    with pytest.raises(tv.BadInput, match="nn"):
        tv.network("hypercube", nn=3)
    code, message = cli_error("check", "pn.*", "postal", "lambda=2", "n=5..3")
    with pytest.raises(tv.BadInput) as e:
        tv.sweep("postal", lam=2, n="5..3")
    assert code == 2 and str(e.value) == message


def test_bad_option_is_bad_input_before_any_work():
    with pytest.raises(tv.BadInput, match="words"):
        tv.network("hypercube", n=4).distances(words=3)


def test_a_budget_that_is_no_number_of_steps_is_bad_input_as_on_the_command_line():
    # A batch file and --set refused budget = inf and nan; Python passed them on.
    code, message = cli_error("check", "mc.*", "hypercube", "n=3", "--set", "claims.budget=inf")
    assert code == 2 and "'budget' must be a positive number of steps" in message
    for budget in (float("inf"), float("nan"), -float("inf"), 0.0):
        with pytest.raises(tv.BadInput, match="'budget' must be a positive number of steps"):
            tv.check("mc.*", tv.network("hypercube", n=3), budget=budget)
    ok = tv.check("mc.*", tv.network("hypercube", n=3), budget=1e9)
    assert ok.claims and all(c.holds for c in ok.claims)


def test_claims_of_another_family_is_bad_input_with_the_cli_message():
    code, message = cli_error("check", "efc.*", "postal", "lambda=2", "n=3")
    assert code == 2
    with pytest.raises(tv.BadInput) as e:
        tv.check("efc.*", tv.sweep("postal", lam=2, n=3))
    assert str(e.value) == message


def test_too_large_carries_the_figure_and_the_cli_message():
    code, message = cli_error("info", "hypercube", "n=40", "--check", "distances", "--backend", "cpu")
    assert code == 4
    with pytest.raises(tv.TooLarge) as e:
        tv.network("hypercube", n=40).distances(backend="cpu")
    assert str(e.value) == message
    assert isinstance(e.value, MemoryError)
    # Q(40): 2^40 nodes, the CSR alone over 2^40 * 40 * 4 bytes.
    assert e.value.needed_bytes is not None and e.value.needed_bytes > 2 ** 40 * 40 * 4


def test_arrays_that_are_no_graph_are_bad_input():
    with pytest.raises(tv.BadInput, match="node 5 is not in 0 .. 3"):
        tv.from_arrays([0, 1], [1, 5], nodes=4)
    with pytest.raises(tv.BadInput, match="differ in length"):
        tv.from_arrays([0, 1], [1], nodes=4)
    with pytest.raises(tv.BadInput, match="integers"):
        tv.from_arrays(np.array([0.0, 1.0]), np.array([1.0, 2.0]))
    with pytest.raises(tv.BadInput, match="no node"):
        tv.from_arrays([], [], nodes=0)


def test_a_missing_edge_list_is_bad_input_with_the_cli_message(tmp_path):
    missing = str(tmp_path / "none.txt")
    code, message = cli_error("info", "edgelist", f"path={missing}")
    with pytest.raises(tv.BadInput) as e:
        tv.read_edge_list(missing)
    assert code == 2 and str(e.value) == message


def test_cuda_without_a_device_is_bad_input_with_the_cli_message():
    from conftest import run_cli
    done = run_cli("info", "hypercube", "n=3", "--backend", "cuda", check=False)
    if done.returncode == 0:
        pytest.skip("a CUDA device answers here: nothing to refuse")
    code, message = cli_error("info", "hypercube", "n=3", "--backend", "cuda")
    with pytest.raises(tv.BadInput) as e:
        tv.network("hypercube", n=3).distances(backend="cuda")
    assert code == 2 and str(e.value) == message

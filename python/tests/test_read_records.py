"""read_records: a run's results.jsonl as a DataFrame, every record validated by the
record's schema (docs/record.schema.json, the file the command line's test of the default
batch uses too); a record the schema refuses, or a torn line, is named.  The run here is a
small batch of its own (a few families, checks and claims, about a second), not the
default batch, which tests/scripts/record_schema_test.py validates already."""
import json
import os
import shutil

import pytest

import topoverify as tv
from conftest import SOURCE_DIR, run_cli


SMALL_BATCH = """
title = "read_records test"
[[job]]
family = "postal"
lambda = [2, 3]
n = "1..6"
checks = ["counts", "distances"]
claims = ["pn.*"]
[[job]]
family = "efc"
n = "3..6"
checks = ["counts", "diameter", "metrics"]
claims = ["efc.*"]
[[job]]
family = "hypercube"
n = [3, 4]
checks = ["counts", "connectivity"]
"""


@pytest.fixture(scope="module")
def small_run(tmp_path_factory):
    folder = tmp_path_factory.mktemp("small")
    (folder / "small.toml").write_text(SMALL_BATCH)
    run_cli("run", "small.toml", "--output", "out", "--backend", "cpu", "--quiet", "--no-report", cwd=folder)
    return folder / "out"


def test_the_schema_is_the_repository_s():
    with open(os.path.join(SOURCE_DIR, "docs", "record.schema.json"), encoding="utf-8") as f:
        assert tv.record_schema() == json.load(f)


def test_every_record_validates_into_a_dataframe(small_run):
    lines = (small_run / "results.jsonl").read_text().splitlines()
    frame = tv.read_records(small_run)
    assert len(frame) == len(lines) == 2 * 6 + 4 + 2
    first = json.loads(lines[0])
    # The records' own field names, in the schema's order.
    named = set().union(*(json.loads(line).keys() for line in lines))
    assert list(frame.columns) == [f for f in tv.record_schema()["properties"] if f in named]
    assert frame["status"].eq("ok").all()
    assert frame.iloc[0]["params"] == first["params"]
    for name in ("diameter", "wiener", "nodes"):
        if name in first:
            assert frame.iloc[0][name] == first[name]


def test_a_record_the_schema_refuses_is_named(small_run, tmp_path):
    lines = (small_run / "results.jsonl").read_text().splitlines()
    spoiled = json.loads(lines[1])
    spoiled["diameter"] = "far"  # the reader keeps it as a record; the schema refuses it
    (tmp_path / "results.jsonl").write_text("\n".join([lines[0], json.dumps(spoiled)]) + "\n")
    with pytest.raises(tv.BadInput, match=r"record 2 .*diameter: 'far' is not of type 'integer', 'null'"):
        tv.read_records(tmp_path)
    assert len(tv.read_records(tmp_path, validate=False)) == 2


def test_a_torn_line_is_skipped_with_a_warning(small_run, tmp_path):
    shutil.copy(small_run / "results.jsonl", tmp_path / "results.jsonl")
    with open(tmp_path / "results.jsonl", "a") as f:
        f.write('{"family": "postal", "par')
    with pytest.warns(UserWarning, match="torn"):
        frame = tv.read_records(tmp_path)
    assert len(frame) == len((small_run / "results.jsonl").read_text().splitlines())


def test_no_folder_is_bad_input(tmp_path):
    with pytest.raises(tv.BadInput, match="does not exist"):
        tv.read_records(tmp_path / "nowhere")

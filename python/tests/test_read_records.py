"""read_records: a run's results.jsonl as a DataFrame, every record of the default batch
validated by the record's schema (docs/record.schema.json, the file the command line's
tests use too); a record the schema refuses, or a torn line, is named."""
import json
import os
import shutil

import pytest

import topoverify as tv
from conftest import SOURCE_DIR, run_cli


@pytest.fixture(scope="module")
def default_run(tmp_path_factory):
    folder = tmp_path_factory.mktemp("default")
    run_cli("run", "--output", "out", "--backend", "cpu", "--quiet", "--no-report", cwd=folder)
    return folder / "out"


def test_the_schema_is_the_repository_s():
    with open(os.path.join(SOURCE_DIR, "docs", "record.schema.json"), encoding="utf-8") as f:
        assert tv.record_schema() == json.load(f)


def test_every_default_batch_record_validates_into_a_dataframe(default_run):
    lines = (default_run / "results.jsonl").read_text().splitlines()
    frame = tv.read_records(default_run)
    assert len(frame) == len(lines) > 0
    first = json.loads(lines[0])
    assert list(frame.columns)[:len(first)] == list(first)  # the records' own field names
    assert frame["status"].eq("ok").all()
    assert frame.iloc[0]["params"] == first["params"]
    for name in ("diameter", "wiener", "nodes"):
        if name in first:
            assert frame.iloc[0][name] == first[name]


def test_a_record_the_schema_refuses_is_named(default_run, tmp_path):
    lines = (default_run / "results.jsonl").read_text().splitlines()
    spoiled = json.loads(lines[1])
    spoiled["nodes"] = "many"
    (tmp_path / "results.jsonl").write_text("\n".join([lines[0], json.dumps(spoiled)]) + "\n")
    with pytest.raises(tv.BadInput, match=r"record 2 .*nodes: 'many' is not of type 'integer'"):
        tv.read_records(tmp_path)
    assert len(tv.read_records(tmp_path, validate=False)) == 2


def test_a_torn_line_is_skipped_with_a_warning(default_run, tmp_path):
    shutil.copy(default_run / "results.jsonl", tmp_path / "results.jsonl")
    with open(tmp_path / "results.jsonl", "a") as f:
        f.write('{"family": "postal", "par')
    with pytest.warns(UserWarning, match="torn"):
        frame = tv.read_records(tmp_path)
    assert len(frame) == len((default_run / "results.jsonl").read_text().splitlines())


def test_no_folder_is_bad_input(tmp_path):
    with pytest.raises(tv.BadInput, match="does not exist"):
        tv.read_records(tmp_path / "nowhere")

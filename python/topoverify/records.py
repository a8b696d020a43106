"""A run's records (results.jsonl) as a pandas DataFrame, every record validated against
the record's JSON Schema (docs/record.schema.json, shipped beside this file).

The file is read by the command line's own reader (host/records/records.hpp): a line that
is not a record (torn by a crash, not JSON) is skipped with a warning naming it, as
`topoverify report` does.  A record the schema refuses raises BadInput naming the field
and the record (its place among the file's records, family and params).  Columns are the
records' top-level fields under their own names, in the schema's order (the reader's
records hold their fields by name, not in the file's order); nested objects (params,
timings, all_pairs, claims, ...) stay dicts and lists.
"""
import json
import os
import warnings

from . import _engine
from .errors import BadInput

__all__ = ["read_records", "record_schema", "validate_record"]

_SCHEMA = None
_VALIDATOR = None


def record_schema():
    """The record's JSON Schema (a dict)."""
    global _SCHEMA
    if _SCHEMA is None:
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "record.schema.json")
        with open(path, encoding="utf-8") as f:
            _SCHEMA = json.load(f)
    return _SCHEMA


def _validator():
    global _VALIDATOR
    if _VALIDATOR is None:
        try:
            import jsonschema
        except ImportError as e:
            raise ImportError("read_records validates records with jsonschema "
                              "(Debian: python3-jsonschema; pip: jsonschema)") from e
        _VALIDATOR = jsonschema.Draft202012Validator(record_schema())
    return _VALIDATOR


def validate_record(record, where="record"):
    """Raises BadInput naming the first field of `record` the schema refuses."""
    errors = sorted(_validator().iter_errors(record), key=lambda e: list(e.path))
    if errors:
        e = errors[0]
        field = "/".join(map(str, e.path)) or "(the record)"
        raise BadInput(f"{where}: {field}: {e.message[:200]} (docs/record.schema.json)")


def read_records(folder, validate=True, latest=False):
    """The records of FOLDER/results.jsonl (or of a results file named directly) as a
    DataFrame, a row per record in file order; latest=True keeps each instance's last
    record only (as reports do)."""
    import pandas as pd
    path = str(folder)
    if os.path.isdir(path):
        path = os.path.join(path, "results.jsonl")
    if not os.path.exists(path):
        raise BadInput(f"no records: '{path}' does not exist")
    records, skipped = _engine.read_records_file(path, latest)
    for warning in skipped:
        warnings.warn(warning, stacklevel=2)
    if validate:
        for number, record in enumerate(records, start=1):
            validate_record(record, f"{path}: record {number} ({record.get('family')} "
                                    f"{json.dumps(record.get('params'))})")
    named = set().union(*(r.keys() for r in records)) if records else set()
    order = [f for f in record_schema()["properties"] if f in named]
    order += sorted(named - set(order))  # only with validate=False: fields the schema lacks
    return pd.DataFrame.from_records(records, columns=order)

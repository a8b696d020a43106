"""Results: a record's fields as attributes under the records' own names
(docs/record-fields.md), the arrays among them as NumPy arrays, and the verdict summary
of claims as objects and as a pandas DataFrame.

Every engine call runs with the GIL released; progress goes to a callable
progress(done, total, step) (or, with progress=True, to a tqdm bar where tqdm is
installed, else to a line on stderr); Ctrl-C stops the engine at its next step and
raises topoverify.Interrupted.
"""
import sys

import numpy as np

from . import _engine
from .errors import BadInput

__all__ = ["Record", "Distances", "Diameter", "Metrics", "Connectivity", "Verdicts",
           "ClaimVerdict", "check", "run_record"]

# Record fields that are lists of counts: NumPy arrays (uint64) in Python.
_COUNT_ARRAYS = ("distance_counts", "eccentricity_histogram", "degree_histogram",
                 "in_degree_histogram")


class Record:
    """A record's fields by their names: r.diameter, r["diameter"]; r.record is the dict
    itself, as `topoverify info --json` prints it."""

    def __init__(self, record, network=None):
        self.record = record
        self.network = network

    def __getattr__(self, name):
        record = self.__dict__.get("record", {})
        if name in record:
            value = record[name]
            if name in _COUNT_ARRAYS and isinstance(value, list):
                return np.asarray(value, dtype=np.uint64)
            return value
        raise AttributeError(f"this record has no field '{name}' (its fields: {', '.join(record)})")

    def __getitem__(self, name):
        return self.record[name]

    def __contains__(self, name):
        return name in self.record

    def keys(self):
        return self.record.keys()

    def __repr__(self):
        shown = {k: v for k, v in self.record.items()
                 if not isinstance(v, (list, dict)) and k not in ("device", "backend")}
        return f"<{type(self).__name__} {shown}>"


class Distances(Record):
    """The distances check: the record's fields, and per node (NumPy arrays in the
    engine's node order) eccentricity (uint32), distance_sum (uint64, over reachable
    targets) and labels (uint64); label_strings gives the labels as records write them."""

    def __init__(self, record, network=None, per_node=None):
        super().__init__(record, network)
        per_node = per_node or {}
        self.eccentricity = per_node.get("eccentricity")
        self.distance_sum = per_node.get("distance_sum")
        self.labels = per_node.get("labels")

    @property
    def label_strings(self):
        if self.labels is None:
            return None
        return self.network.node_names(self.labels)


class Diameter(Record):
    """The diameter check: diameter, radius, connected, diameter_method, diameter_witness,
    radius_center, diameter_bfs, diameter_search."""


class Metrics(Record):
    """The metrics check: its fields are under `metrics` (r.metrics), as in records."""


class Connectivity(Record):
    """The connectivity check: its fields are under `connectivity`, as in records."""


# ---- progress ---------------------------------------------------------------------------

class _StderrProgress:
    def __init__(self):
        self.last = None

    def __call__(self, done, total, step):
        line = f"\r{step}: {done} of {total}" if total else f"\r{step}"
        if line != self.last:
            sys.stderr.write(line.ljust(60))
            sys.stderr.flush()
            self.last = line

    def close(self):
        if self.last is not None:
            sys.stderr.write("\n")


class _TqdmProgress:
    def __init__(self, tqdm):
        self.tqdm = tqdm
        self.bar = None
        self.step = None

    def __call__(self, done, total, step):
        if self.bar is None or step != self.step:
            if self.bar is not None:
                self.bar.close()
            self.bar = self.tqdm(total=total or None, desc=step, leave=False)
            self.step = step
        if total and self.bar.total != total:
            self.bar.total = total
        self.bar.n = done
        self.bar.refresh()

    def close(self):
        if self.bar is not None:
            self.bar.close()


def _progress(progress):
    """(callable or None, closer) for a progress= argument."""
    if progress is None or progress is False:
        return None, lambda: None
    if progress is True:
        try:
            from tqdm.auto import tqdm
            shown = _TqdmProgress(tqdm)
        except ImportError:
            shown = _StderrProgress()
        return shown, shown.close
    if callable(progress):
        return progress, lambda: None
    raise BadInput("progress must be None, True or a callable progress(done, total, step)")


def _options(options):
    if not isinstance(options, dict):
        raise BadInput("options must be a dict of {check: {option: value}}")
    return options


def run_record(network, checks, options, backend, progress, kind=Record, per_node=False):
    callback, close = _progress(progress)
    try:
        record, nodes = _engine.run_checks(network._instance, checks, _options(options), backend,
                                           callback, per_node)
    finally:
        close()
    if kind is Distances:
        return Distances(record, network, nodes)
    return kind(record, network)


# ---- claims -----------------------------------------------------------------------------

class ClaimVerdict:
    """One claim's answer over the instances checked, as the verdict summary gives it:
    id, paper, source, statement, verdict ("holds", "fails", "not checked"), instances
    ({holds, fails, not_checked, outside_domain}), domain_run, fails_at,
    smallest_failure (a dict, or None) and first_reason."""

    def __init__(self, paper, claim):
        self.paper = paper
        self.summary = claim
        for key in ("id", "source", "statement", "verdict", "instances", "domain_run",
                    "fails_at", "smallest_failure", "first_reason"):
            setattr(self, key, claim.get(key))

    @property
    def holds(self):
        return self.verdict == "holds"

    @property
    def fails(self):
        return self.verdict == "fails"

    def __repr__(self):
        return f"<ClaimVerdict {self.id}: {self.verdict}>"


class Verdicts:
    """The verdict summary of a claims check (`topoverify check --json` prints the same
    object): summary (the dict), claims (ClaimVerdict objects, papers and claims in
    catalog order), records (one per instance), frame (a pandas DataFrame, a row per
    claim), failed (some claim fails)."""

    def __init__(self, records, summary):
        self.records = records
        self.summary = summary
        self.claims = [ClaimVerdict(p.get("key"), c) for p in summary.get("papers", [])
                       for c in p.get("claims", [])]

    @property
    def failed(self):
        return any(c.fails for c in self.claims)

    @property
    def frame(self):
        import pandas as pd
        rows = []
        for c in self.claims:
            inst = c.instances or {}
            small = c.smallest_failure or {}
            rows.append({"paper": c.paper, "id": c.id, "verdict": c.verdict,
                         "holds": inst.get("holds", 0), "fails": inst.get("fails", 0),
                         "not_checked": inst.get("not_checked", 0),
                         "outside_domain": inst.get("outside_domain", 0),
                         "domain_run": c.domain_run, "fails_at": c.fails_at,
                         "smallest_failure": small.get("instance"),
                         "counterexample": small.get("sentence"),
                         "first_reason": c.first_reason, "statement": c.statement,
                         "source": c.source})
        columns = ["paper", "id", "verdict", "holds", "fails", "not_checked", "outside_domain",
                   "domain_run", "fails_at", "smallest_failure", "counterexample", "first_reason",
                   "statement", "source"]
        return pd.DataFrame(rows, columns=columns)

    def __repr__(self):
        totals = self.summary.get("claims", {})
        return (f"<Verdicts {totals.get('total', 0)} claims: {totals.get('holds', 0)} hold, "
                f"{totals.get('fails', 0)} fail, {totals.get('not_checked', 0)} not checked>")


class Claim:
    """A claim of your own, written as an expression (docs/own-theorems.md): `holds` a
    condition over the instance's parameters, N, the record's statistics and the per-node
    vectors degree, eccentricity, weight and label; `when` its domain.  Made by
    tv.claim(); given to check() beside or instead of the papers' claim ids."""

    def __init__(self, holds, when=None, id=None, statement=None, families=None):
        self.spec = {"holds": holds}
        for key, value in (("when", when), ("id", id), ("statement", statement)):
            if value is not None:
                self.spec[key] = value
        if families is not None:
            self.spec["families"] = [families] if isinstance(families, str) else list(families)

    def __repr__(self):
        return f"<Claim {self.spec.get('id', '')} {self.spec['holds']!r}>".replace("  ", " ")


def claim(holds, when=None, id=None, statement=None, families=None):
    """A claim of your own: claim("radius == ceil(n/2)", when="n >= 2").  Its id defaults
    to claim.K (K its place among the call's own claims, as `check --claim` numbers them),
    its families to those of the sweep it is checked on."""
    return Claim(holds, when=when, id=id, statement=statement, families=families)


def check(claims, sweep, backend="auto", progress=None, **options):
    """Claims over a sweep: check("pn.thm3", sweep("postal", lam=3, n=range(1, 21))).
    claims: a paper claim's id or glob ("pn.*"), a Claim of your own (tv.claim(...)), or
    a list of them; sweep: a Sweep, a Network or a list of Networks; options: the claims
    check's (docs/claims.md), e.g. budget=1e9.  Returns Verdicts, the summary `topoverify
    check --json` prints."""
    from .networks import Network
    given = list(claims) if isinstance(claims, (list, tuple)) else [claims]
    patterns = [c for c in given if isinstance(c, str)]
    own = [c.spec for c in given if isinstance(c, Claim)]
    if len(patterns) + len(own) != len(given):
        odd = next(c for c in given if not isinstance(c, (str, Claim)))
        raise BadInput(f"check: a claim is an id, a glob or tv.claim(...), not {type(odd).__name__}")
    networks = [sweep] if isinstance(sweep, Network) else list(sweep)
    if not networks:
        raise BadInput("check: the sweep has no instance")
    callback, close = _progress(progress)
    try:
        records, summary = _engine.check_claims([n._instance for n in networks], patterns, own, options,
                                                backend, callback)
    finally:
        close()
    return Verdicts(records, summary)

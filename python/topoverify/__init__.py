"""topoverify from Python: the same engine as the `topoverify` command, in a notebook.

    import topoverify as tv
    net = tv.network("postal", lam=2, n=20)      # lambda is a keyword: write lam
    d = net.distances()                           # all pairs: counts, diameter, Wiener, ...
    d.diameter, d.distance_counts, d.eccentricity  # record fields; per-node NumPy arrays
    tv.from_networkx(G).diameter()                # your own graph
    v = tv.check("pn.*", tv.sweep("postal", lam=2, n=range(1, 15)))
    v.frame                                       # the verdict table as a DataFrame
    tv.read_records("out")                        # a run's results.jsonl as a DataFrame

The guide is docs/python.md; errors are topoverify.errors' classes.
"""
import os as _os

# The engine's OpenMP threads wait by sleeping, as the command line's do (host/cli/main.cpp):
# spinning waits fight every other thread of the process for the cores.  libgomp reads this
# once, when it is loaded with the module below.
if "OMP_WAIT_POLICY" not in _os.environ and "GOMP_SPINCOUNT" not in _os.environ:
    _os.environ["OMP_WAIT_POLICY"] = "passive"

from . import _engine  # noqa: E402
from .errors import BadInput, EngineError, Interrupted, TooLarge, TopoverifyError  # noqa: E402
from .networks import (Network, Sweep, families, from_arrays, from_graph_tool, from_igraph,  # noqa: E402
                       from_networkx, from_scipy, network, read_edge_list, sweep)
from .records import read_records, record_schema, validate_record  # noqa: E402
from .results import (Claim, ClaimVerdict, Connectivity, Diameter, Distances, Metrics,  # noqa: E402
                      Record, Verdicts, check, claim)

__version__, __commit__ = _engine.version()

__all__ = ["network", "sweep", "families", "checks", "from_arrays", "from_scipy", "from_networkx",
           "from_igraph", "from_graph_tool", "read_edge_list", "check", "claim", "read_records",
           "record_schema", "validate_record", "Network", "Sweep", "Record", "Distances",
           "Diameter", "Metrics", "Connectivity", "Verdicts", "Claim", "ClaimVerdict",
           "TopoverifyError", "BadInput", "TooLarge", "Interrupted", "EngineError"]


def checks():
    """Every check as (name, description), in the order they run."""
    return [tuple(c) for c in _engine.checks()]

"""Networks: a built-in family by name and parameters, a sweep of them, or a graph of
your own from networkx, igraph, graph-tool, SciPy sparse matrices, NumPy arrays or a file.

Names and ranges are the command line's (docs/families.md): the engine's own constructor
checks them and raises BadInput with its message.  `lambda` is a Python keyword, so the
postal family's parameter is written `lam` (`lambda_` is accepted too).
"""
import numpy as np

from . import _engine
from .errors import BadInput

__all__ = ["Network", "Sweep", "network", "sweep", "families", "from_arrays", "from_scipy",
           "from_networkx", "from_igraph", "from_graph_tool", "read_edge_list"]

# Python spellings of parameter names that are keywords.
_SPELLINGS = {"lam": "lambda", "lambda_": "lambda"}


def _key(name):
    return _SPELLINGS.get(name, name)


def _value(v):
    """One parameter value as the command line writes it."""
    if isinstance(v, (bool, np.bool_)):
        return "true" if v else "false"
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    if isinstance(v, str):
        return v
    raise BadInput(f"a parameter value of type {type(v).__name__} is not an integer, boolean or text")


def families():
    """Every family as {name, description, params: [{name, type, min, max, default, help}]}."""
    return _engine.families()


def _instance_field(name, doc=None):
    """A read-only property giving the engine instance's field of the same name."""
    return property(lambda self: getattr(self._instance, name), doc=doc)


class Network:
    """One network: a family's instance or a graph of your own.

    The checks (distances, diameter, metrics, connectivity, record, check) return the
    fields the command line's records hold, under the same names (docs/record-fields.md).
    Every call takes backend="auto" | "cpu" | "cuda" and progress=None | True | a callable
    progress(done, total, step); Ctrl-C stops it (topoverify.Interrupted)."""

    def __init__(self, instance, nodes_of=None):
        self._instance = instance
        self._nodes_of = nodes_of  # the caller's node objects, index by index (networkx)

    # ---- what the network is
    family = _instance_field("family")
    params = _instance_field("params", 'The parameters as records write them ({"lambda": 2, "n": 20}).')
    label = _instance_field("label", '"postal lambda=2 n=20", as the command line names the instance.')
    nodes = _instance_field("nodes")
    directed = _instance_field("directed")
    bits = _instance_field("bits", "The label width (0 for a graph of your own: its labels are node indices).")

    @property
    def node_objects(self):
        """For a networkx graph: its nodes in the order of the engine's indices, else None."""
        return self._nodes_of

    def __repr__(self):
        return f"<topoverify.Network {self.label}: {self.nodes} nodes>"

    # ---- checks (results.py)
    def record(self, checks=(), options=None, backend="auto", progress=None):
        """The record `topoverify info ... --check C... --json` prints: counts and the
        checks named, with options as {check: {option: value}}."""
        from .results import run_record
        return run_record(self, list(checks), options or {}, backend, progress)

    def distances(self, backend="auto", progress=None, per_node=True, **options):
        """All pairs (the `distances` check): distance_counts, diameter, radius, wiener,
        average_distance, eccentricity_histogram, hamming_paths, hamming_counterexample,
        and per node (NumPy arrays) eccentricity, distance_sum and labels.  Options:
        words, hamming, symmetry (docs/checks.md)."""
        from .results import Distances, run_record
        return run_record(self, ["distances"], {"distances": options}, backend, progress,
                          kind=Distances, per_node=per_node)

    def diameter(self, backend="auto", progress=None, **options):
        """The exact diameter and radius by eccentricity bounds (the `diameter` check)."""
        from .results import Diameter, run_record
        return run_record(self, ["diameter"], {"diameter": options} if options else {}, backend,
                          progress, kind=Diameter)

    def metrics(self, backend="auto", progress=None, **options):
        """Distance metrics (the `metrics` check): effective diameters, Moore bound, ..."""
        from .results import Metrics, run_record
        return run_record(self, ["metrics"], {"metrics": options} if options else {}, backend,
                          progress, kind=Metrics)

    def connectivity(self, backend="auto", progress=None, **options):
        """Exact vertex and edge connectivity with witnesses (the `connectivity` check)."""
        from .results import Connectivity, run_record
        return run_record(self, ["connectivity"], {"connectivity": options} if options else {},
                          backend, progress, kind=Connectivity)

    def check(self, claims="*", backend="auto", progress=None, **options):
        """Claims on this network, the papers' (ids, globs) or your own (tv.claim(...)),
        as topoverify.check on a sweep of one."""
        from .results import check
        return check(claims, [self], backend=backend, progress=progress, **options)

    def node_names(self, labels):
        """Labels as records name nodes: bit strings of the family's width, or for a graph
        of your own its node indices in decimal."""
        width = self.bits
        if width == 0:
            return [str(int(x)) for x in labels]
        return [format(int(x), f"0{width}b") for x in labels]


def network(family, **params):
    """A family's instance: network("postal", lam=2, n=20), network("debruijn", k=10,
    directed=False), network("lrn", n=8, seeds="0,10").  BadInput names an unknown family
    or parameter, or a value out of range, in the command line's words."""
    return Network(_engine.make_network(family, {_key(k): _value(v) for k, v in params.items()}))


def _values(key, v):
    """One sweep axis as the command line writes it: 3, "1..20", "2,3,5", "a;b"."""
    if isinstance(v, range):
        if v.step == 1 and len(v) > 0:
            return f"{v.start}..{v.stop - 1}"
        v = list(v)
    if isinstance(v, (list, tuple, np.ndarray)):
        items = [_value(x) for x in v]
        if not items:
            raise BadInput(f"sweep: parameter '{key}' has no values")
        return (";" if any(isinstance(x, str) for x in v) else ",").join(items)
    return _value(v)


class Sweep:
    """A family's instances over parameter values, small to large, as the command line
    expands `FAMILY key=VALUES...`; iterate it for its Networks."""

    def __init__(self, family, params):
        self.family = family
        self.args = [f"{_key(k)}={_values(k, v)}" for k, v in params.items()]
        self.networks = [Network(i) for i in _engine.sweep(family, self.args)]

    def __iter__(self):
        return iter(self.networks)

    def __len__(self):
        return len(self.networks)

    def __repr__(self):
        return f"<topoverify.Sweep {self.family} {' '.join(self.args)}: {len(self)} instances>"


def sweep(family, **params):
    """sweep("postal", lam=2, n=range(1, 21)): values, lists and ranges per parameter."""
    return Sweep(family, params)


# ---- graphs of your own ---------------------------------------------------------------

def from_arrays(sources, targets, nodes=None, directed=False, source="numpy"):
    """The graph of arcs sources[i] -> targets[i] (edges unless directed) on nodes
    0 .. nodes-1 (nodes defaults to the largest index + 1).  int32 and int64 arrays are
    read where they lie; other integer types are converted once.  As in an edge list,
    self-loops and repeated edges are counted (record field `file`) and left out."""
    s = np.asarray(sources)
    t = np.asarray(targets)
    s, t = (x.astype(np.int64) if x.size == 0 else x for x in (s, t))  # [] reads as float64
    if nodes is None:
        nodes = max((int(x.max()) for x in (s, t) if x.size), default=-1) + 1
    return Network(_engine.from_arcs(int(nodes), s, t, bool(directed), source))


def from_scipy(matrix, directed=None):
    """The graph of a SciPy sparse matrix's nonzero pattern (square): row i's entries are
    arcs i -> j.  directed=None reads a symmetric pattern as undirected, any other as
    directed.  A CSR matrix with int32 indices whose rows already hold the graph (sorted,
    no diagonal, symmetric) is copied straight into the engine's CSR."""
    import scipy.sparse as sp
    if not sp.issparse(matrix):
        raise BadInput(f"from_scipy takes a SciPy sparse matrix, not {type(matrix).__name__}")
    n, m = matrix.shape
    if n != m:
        raise BadInput(f"from_scipy: the matrix is {n} x {m}, not square")
    csr = matrix.tocsr()
    if not csr.has_sorted_indices:
        csr = csr.sorted_indices()
    if directed is None:
        pattern = csr.astype(bool)
        directed = (pattern != pattern.T).nnz != 0
    if csr.indices.dtype == np.int32:
        inst, _ = _engine.from_rows(n, csr.indptr, csr.indices, bool(directed), "scipy")
        return Network(inst)
    coo = csr.tocoo()
    return Network(_engine.from_arcs(n, coo.row, coo.col, bool(directed), "scipy"))


def from_networkx(graph):
    """A networkx Graph or DiGraph: node i of the engine is the i-th of graph.nodes
    (Network.node_objects maps back); edges as they are, multi-edges counted once."""
    nodes = list(graph.nodes)
    index = {v: i for i, v in enumerate(nodes)}
    m = graph.number_of_edges()
    ends = np.fromiter((index[x] for e in graph.edges() for x in e[:2]), dtype=np.int64, count=2 * m)
    ends = ends.reshape(m, 2)
    inst = _engine.from_arcs(len(nodes), ends[:, 0], ends[:, 1], bool(graph.is_directed()), "networkx")
    return Network(inst, nodes_of=nodes)


def from_igraph(graph):
    """An igraph Graph: its vertex ids are the engine's node indices."""
    edges = np.array(graph.get_edgelist(), dtype=np.int64).reshape(-1, 2)
    return Network(_engine.from_arcs(graph.vcount(), edges[:, 0], edges[:, 1],
                                     bool(graph.is_directed()), "igraph"))


def from_graph_tool(graph):
    """A graph-tool Graph: its vertex indices are the engine's node indices."""
    edges = graph.get_edges().astype(np.int64, copy=False)
    return Network(_engine.from_arcs(graph.num_vertices(), edges[:, 0], edges[:, 1],
                                     bool(graph.is_directed()), "graph-tool"))


def read_edge_list(path, directed=False, labels=False):
    """A network read from a file, as the family `edgelist` (docs/edge-lists.md)."""
    return network("edgelist", path=str(path), directed=directed, labels=labels)

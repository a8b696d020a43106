"""One peer tool on one graph: load an edge list written by `topoverify export`, run one
task a few times, print one JSON object on stdout.

Run by run.py in a subprocess (so a peer over the time limit can be stopped, and each
tool gets a fresh process): igraph, graph-tool and networkx under Debian's
/usr/bin/python3, NetworKit under the harness's virtual environment.

    peer_worker.py TOOL TASK EDGELIST --repeat R --threads T

TOOL: igraph | graph-tool | graph-tool-hist | networkx | networkit.
TASK: apsp (distance distribution over ordered pairs, unreachable ordered pairs, diameter,
      Wiener index), diameter (exact diameter alone), or diameter+apl (igraph only: its
      diameter() and average_path_length(), as issue 3 states its peer).
Output: a line {"event": "loaded", "load_s"} once the graph is in, then per run a line
{"event": "run", "tool", "version", "task", "nodes", "edges", "load_s", "runs":
[{"compute_s", "total_s"}], "stats": {...}}; compute_s is the library's own all-pairs (or
diameter) call, total_s adds the conversion of its output into the statistics (graph-tool
and NetworKit convert on the first run only; later runs have total_s null).  Peers are timed
without graph loading (load_s is reported apart), which can only favour them.
"""
import argparse
import json
import os
import sys
import time

import numpy as np


def read_edge_list(path):
    """`topoverify export ... --header`: the line '# topoverify export ...: nodes N edges M
    directed B' (the plain edge list has none: N and directedness come from it), then 'u v' lines."""
    with open(path) as f:
        header = f.readline().split()
    n = int(header[header.index("nodes") + 1])
    m = int(header[header.index("edges") + 1])
    directed = header[header.index("directed") + 1] == "true"
    edges = np.loadtxt(path, dtype=np.int64, comments="#", ndmin=2)
    if edges.size == 0:
        edges = np.zeros((0, 2), dtype=np.int64)
    if len(edges) != m:
        raise SystemExit(f"{path}: header says {m} edges, file has {len(edges)}")
    return n, directed, edges


def stats_from_ordered_counts(counts, unreachable, n):
    """counts[d] = ordered pairs (s, t), s != t, at distance d (counts[0] unused)."""
    counts = [int(c) for c in counts]
    while len(counts) > 1 and counts[-1] == 0:
        counts.pop()
    counts[0] = n  # every node at distance 0 from itself, as topoverify's records count
    diameter = max((d for d, c in enumerate(counts) if c), default=0)
    return {
        "distance_counts": counts,
        "unreachable_pairs": int(unreachable),
        "diameter": diameter,
        "distance_sum": sum(d * c for d, c in enumerate(counts)),
    }


# ---- igraph (python3-igraph): path_length_hist is one all-pairs BFS in C giving the
# whole distribution; diameter() is igraph's exact diameter (also BFS from every node).
def igraph_load(n, directed, edges):
    import igraph as ig
    return ig.Graph(n=n, edges=edges.tolist(), directed=directed), ig.__version__


def igraph_apsp(g, n, directed):
    t0 = time.perf_counter()
    h = g.path_length_hist(directed=True)
    t1 = time.perf_counter()
    counts = [0] * 2
    for start, _end, c in h.bins():
        d = int(start)
        if d >= len(counts):
            counts.extend([0] * (d + 1 - len(counts)))
        counts[d] += int(c)
    unconnected = int(h.unconnected)
    if not directed:  # igraph counts unordered pairs of an undirected graph
        counts = [2 * c for c in counts]
        unconnected *= 2
    stats = stats_from_ordered_counts(counts, unconnected, n)
    return t1 - t0, time.perf_counter() - t0, stats


def igraph_diameter(g, n, directed):
    t0 = time.perf_counter()
    d = g.diameter(directed=True, unconn=True)
    t = time.perf_counter() - t0
    return t, t, {"diameter": int(d)}


def igraph_diameter_apl(g, n, directed):
    """igraph's diameter() then average_path_length(): two all-pairs BFS sweeps, the
    calls issue 3 names as the user's way to get these two statistics."""
    t0 = time.perf_counter()
    d = g.diameter(directed=True, unconn=True)
    apl = g.average_path_length(directed=True, unconn=True)
    t = time.perf_counter() - t0
    return t, t, {"diameter": int(d), "average_distance": float(apl)}


# ---- graph-tool (python3-graph-tool): shortest_distance(g) with no source is its
# all-pairs BFS (C++, OpenMP over sources), one int32 row per source; the histogram is
# taken row by row.  Its one-call distance_histogram is kept apart as the tool
# "graph-tool-hist": in graph-tool 2.45 it gives wrong counts with more than one thread
# (stats/graph_distance.hh shares one `point` buffer between the OpenMP threads), which
# the harness reports as a disagreement; see bench/RESULTS.md.
GT_UNREACHABLE = 2147483647  # numeric_limits<int32_t>::max(), graph-tool's "no path"


def graph_tool_distance_counts(dist, n, length=1):
    """graph-tool's all-pairs rows counted: pairs per distance (at least `length` entries,
    index 0 the diagonal) and the number of ordered pairs with no path."""
    counts = np.zeros(length, dtype=np.int64)
    unreachable = 0
    for v in range(n):
        row = dist[v].a
        finite = row[row != GT_UNREACHABLE]
        unreachable += n - len(finite)
        c = np.bincount(finite)
        if len(c) > len(counts):
            counts = np.concatenate([counts, np.zeros(len(c) - len(counts), dtype=np.int64)])
        counts[: len(c)] += c
    return counts, unreachable


def graph_tool_load(n, directed, edges):
    import graph_tool.all as gt
    g = gt.Graph(directed=directed)
    g.add_vertex(n)
    g.add_edge_list(edges)
    return g, gt.__version__.split()[0]


def graph_tool_apsp(g, n, directed, extract=True):
    import graph_tool.all as gt
    t0 = time.perf_counter()
    dist = gt.shortest_distance(g)
    t1 = time.perf_counter()
    if not extract:
        return t1 - t0, None, None
    counts, unreachable = graph_tool_distance_counts(dist, n, length=2)
    counts[0] = 0
    stats = stats_from_ordered_counts(counts.tolist(), unreachable, n)
    return t1 - t0, time.perf_counter() - t0, stats


def graph_tool_hist_apsp(g, n, directed):
    import graph_tool.all as gt
    t0 = time.perf_counter()
    hist, bins = gt.distance_histogram(g, bins=[0, 1], float_count=False)
    t1 = time.perf_counter()
    counts = [0] * 2
    for c, b in zip(hist, bins[:-1]):
        d = int(round(b))
        if d >= len(counts):
            counts.extend([0] * (d + 1 - len(counts)))
        counts[d] += int(c)
    counts[0] = 0
    reached = sum(counts[1:])
    stats = stats_from_ordered_counts(counts, n * (n - 1) - reached, n)
    return t1 - t0, time.perf_counter() - t0, stats


# ---- networkx (python3-networkx): pure Python BFS from every node.
def networkx_load(n, directed, edges):
    import networkx as nx
    g = nx.DiGraph() if directed else nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from(edges.tolist())
    return g, nx.__version__


def networkx_apsp(g, n, directed):
    import networkx as nx
    t0 = time.perf_counter()
    counts = [0] * 2
    unreachable = 0
    for _s, lengths in nx.all_pairs_shortest_path_length(g):
        unreachable += n - len(lengths)
        for d in lengths.values():
            if d >= len(counts):
                counts.extend([0] * (d + 1 - len(counts)))
            counts[d] += 1
    t1 = time.perf_counter()
    counts[0] = 0
    return t1 - t0, t1 - t0, stats_from_ordered_counts(counts, unreachable, n)


def networkx_diameter(g, n, directed):
    import networkx as nx
    t0 = time.perf_counter()
    # usebounds: the eccentricity-bounding algorithm (undirected graphs only).
    d = nx.diameter(g, usebounds=not directed)
    t = time.perf_counter() - t0
    return t, t, {"diameter": int(d)}


# ---- NetworKit (PyPI, in the harness's venv): APSP runs BFS from every node in parallel
# (OpenMP) and stores the N x N matrix of doubles; the histogram is taken from it.
def networkit_load(n, directed, edges):
    import networkit as nk
    g = nk.Graph(n, weighted=False, directed=directed)
    if len(edges):
        g.addEdges((edges[:, 0].astype(np.uint64), edges[:, 1].astype(np.uint64)))
    return g, nk.__version__


def networkit_apsp(g, n, directed, extract=True):
    import networkit as nk
    t0 = time.perf_counter()
    apsp = nk.distance.APSP(g)
    apsp.run()
    t1 = time.perf_counter()
    if not extract:
        return t1 - t0, None, None
    dist = apsp.getDistances(asarray=True)
    del apsp
    finite = np.isfinite(dist) & (dist < np.finfo(np.float64).max)
    counts = np.bincount(dist[finite].astype(np.int64)).tolist()
    unreachable = int(dist.size - np.count_nonzero(finite))
    del dist
    counts = counts + [0] * max(0, 2 - len(counts))
    counts[0] = 0
    stats = stats_from_ordered_counts(counts, unreachable, n)
    return t1 - t0, time.perf_counter() - t0, stats


def networkit_diameter(g, n, directed):
    import networkit as nk
    t0 = time.perf_counter()
    if directed:
        raise Unsupported("NetworKit's Diameter does not take directed graphs")
    diam = nk.distance.Diameter(g, nk.distance.DiameterAlgo.EXACT)
    diam.run()
    # EXACT returns (diameter, 0); the second value is only an upper bound for estimates.
    d, upper = diam.getDiameter()
    t = time.perf_counter() - t0
    if upper not in (0, d):
        raise SystemExit(f"networkit exact diameter returned bounds {d}..{upper}")
    return t, t, {"diameter": int(d)}


class Unsupported(Exception):
    """The tool has no way to compute this task on this graph."""


TOOLS = {
    "igraph": (igraph_load, {"apsp": igraph_apsp, "diameter": igraph_diameter,
                             "diameter+apl": igraph_diameter_apl}),
    "graph-tool": (graph_tool_load, {"apsp": graph_tool_apsp}),
    "graph-tool-hist": (graph_tool_load, {"apsp": graph_tool_hist_apsp}),
    "networkx": (networkx_load, {"apsp": networkx_apsp, "diameter": networkx_diameter}),
    "networkit": (networkit_load, {"apsp": networkit_apsp, "diameter": networkit_diameter}),
}


def set_threads(tool, threads):
    # OMP_NUM_THREADS is set by run.py before the libraries load; the calls below pin the
    # tools that keep their own setting.
    if tool.startswith("graph-tool"):
        import graph_tool.all as gt
        gt.openmp_set_num_threads(threads)
    elif tool == "networkit":
        import networkit as nk
        nk.setNumberOfThreads(threads)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("tool", choices=sorted(TOOLS))
    ap.add_argument("task", choices=["apsp", "diameter", "diameter+apl"])
    ap.add_argument("edgelist")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--threads", type=int, default=2)
    a = ap.parse_args()
    load, tasks = TOOLS[a.tool]
    if a.task not in tasks:
        raise SystemExit(f"{a.tool} has no {a.task} task")
    set_threads(a.tool, a.threads)
    t0 = time.perf_counter()
    n, directed, edges = read_edge_list(a.edgelist)
    g, version = load(n, directed, edges)
    load_s = time.perf_counter() - t0
    # A first line when the graph is loaded: run.py's time limit counts from here.
    print(json.dumps({"event": "loaded", "load_s": load_s}), flush=True)
    out = {"event": "run", "tool": a.tool, "version": version, "task": a.task, "nodes": n,
           "edges": int(g.ecount() if a.tool == "igraph" else g.num_edges()
                        if a.tool.startswith("graph-tool") else g.number_of_edges()
                        if a.tool == "networkx" else g.numberOfEdges()),
           "load_s": load_s, "runs": [], "threads": a.threads, "pid": os.getpid()}
    # Tools whose all-pairs call and histogram are separate steps take the histogram on the
    # first run only: it is checked once, and only the all-pairs call is timed in later runs.
    separate = a.tool in ("graph-tool", "networkit") and a.task == "apsp"
    for i in range(a.repeat):
        try:
            if separate and i > 0:
                compute_s, total_s, _ = tasks[a.task](g, n, directed, extract=False)
            else:
                compute_s, total_s, stats = tasks[a.task](g, n, directed)
        except Unsupported as e:
            print(json.dumps({"event": "unsupported", "reason": str(e)}), flush=True)
            return 0
        out["runs"].append({"compute_s": compute_s, "total_s": total_s})  # total_s None: not extracted
        out["stats"] = stats
        # One line per run, flushed: run.py keeps the runs that finished before a timeout.
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/python3
"""The Python module against networkx and graph-tool, in one process and one run (issue 35).

    PYTHONPATH=build/cpu/python /usr/bin/python3 bench/peers/python_module.py [--out FILE.json]

Part 1, networks built in networkx: tv.from_networkx(G) (conversion, timed apart), then
.distances() (the engine's all pairs, per-node arrays included), against networkx's
all_pairs_shortest_path_length and graph-tool's all-pairs shortest_distance(g) on the
same graph (graph-tool's graph built from the same edges, not timed).  Part 2's rows also
give CPU time (time.process_time(), every thread of this process) beside wall time, and
the 1-minute load average when the row ends.  networkx is not run
where a first source's BFS predicts over --nx-limit seconds for all sources.

Part 2, the real networks graph-tool ships (graph_tool.collection; no download): each as
tv.from_graph_tool(g) (timed apart) and .distances(), against shortest_distance(g).  Its
answer is N int32 per source: where N^2 * 4 bytes passes --gt-memory, graph-tool's
one-call distance_histogram is timed instead with one OpenMP thread (graph-tool 2.45
miscounts with more, bench/RESULTS.md), and the row says so.

Every distance distribution a peer computes must equal topoverify's (ordered pairs per
distance, unreachable pairs); a difference is printed and the script exits 1.  Times are
the median of --repeat runs for topoverify, one run for the peers.  In part 2 the first
.distances() call of each network is timed apart (tv_first_call_s) and left out of the
median: on this two-CPU VM, after the peer's single-threaded row counting has kept one
CPU busy for seconds, the first few calls often ran their second thread late or not at
all (CPU time = wall time; 6 of 30 calls after counting, 0 of 30 after graph-tool's
two-thread call alone).
"""
import argparse
import collections
import datetime
import json
import os
import platform
import statistics
import sys
import time

import numpy as np

import topoverify as tv
from peer_worker import graph_tool_distance_counts  # the peers' own row counting (same folder)


def median_time(f, repeat):
    return median_times(f, repeat)[0::2]


def median_times(f, repeat):
    """Median wall time, median CPU time of this process (every thread's), last result."""
    times, cpu, out = [], [], None
    for _ in range(repeat):
        c0, t0 = time.process_time(), time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    return statistics.median(times), statistics.median(cpu), out


def tv_counts(d):
    return [int(x) for x in d.distance_counts], int(d.unreachable_pairs)


def gt_graph(n, edges, directed=False):
    import graph_tool.all as gt
    g = gt.Graph(directed=directed)
    g.add_vertex(n)
    g.add_edge_list(edges)
    return g


def gt_all_pairs(g):
    """graph-tool's all-pairs call, timed; then its rows counted (not timed)."""
    import graph_tool.all as gt
    c0, t0 = time.process_time(), time.perf_counter()
    dist = gt.shortest_distance(g)
    secs, cpu = time.perf_counter() - t0, time.process_time() - c0
    counts, unreachable = graph_tool_distance_counts(dist, g.num_vertices())
    return secs, [int(x) for x in counts], unreachable, cpu


def gt_histogram_one_thread(g):
    import graph_tool.all as gt
    threads = gt.openmp_get_num_threads()
    gt.openmp_set_num_threads(1)
    try:
        t0 = time.perf_counter()
        hist = gt.distance_histogram(g)
        secs = time.perf_counter() - t0
    finally:
        gt.openmp_set_num_threads(threads)
    counts_by_d = dict(zip(hist[1][:-1].astype(int), hist[0].astype(int)))
    n = g.num_vertices()
    top = max(counts_by_d) if counts_by_d else 0
    counts = [n] + [int(counts_by_d.get(d, 0)) for d in range(1, top + 1)]
    reached = sum(counts)
    return secs, counts, n * n - reached


def nx_all_pairs(G, limit):
    import networkx as nx
    nodes = list(G.nodes)
    t0 = time.perf_counter()
    nx.single_source_shortest_path_length(G, nodes[0])
    predicted = (time.perf_counter() - t0) * len(nodes)
    if predicted > limit:
        return None, None, None, predicted
    counts = collections.Counter()
    reached = 0
    t0 = time.perf_counter()
    for _, lengths in nx.all_pairs_shortest_path_length(G):
        counts.update(lengths.values())
        reached += len(lengths)
    secs = time.perf_counter() - t0
    n = len(nodes)
    return secs, [counts[d] for d in range(max(counts) + 1)], n * n - reached, predicted


def networkx_graphs():
    import networkx as nx
    return [
        ("hypercube_graph(12)", nx.hypercube_graph(12)),
        ("grid_2d_graph(70, 70)", nx.grid_2d_graph(70, 70)),
        ("barabasi_albert_graph(10000, 3)", nx.barabasi_albert_graph(10000, 3, seed=1)),
        ("random_regular_graph(4, 20000)", nx.random_regular_graph(4, 20000, seed=1)),
    ]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=None)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--nx-limit", type=float, default=120.0)
    ap.add_argument("--gt-memory", type=float, default=3.0, help="GiB graph-tool's all-pairs answer may take")
    ap.add_argument("--part", choices=["networkx", "collection", "both"], default="both")
    args = ap.parse_args()
    import graph_tool
    import networkx as nx
    meta = {"date": datetime.datetime.now().isoformat(timespec="seconds"), "machine": platform.node(),
            "cpus": os.cpu_count(), "load_at_start": os.getloadavg()[0], "topoverify": tv.__commit__,
            "networkx": nx.__version__, "graph-tool": graph_tool.__version__.split()[0]}
    rows, bad = [], 0

    def compare(name, tool, ours, theirs):
        nonlocal bad
        if theirs[0] is not None and (ours[0] != theirs[0] or ours[1] != theirs[1]):
            print(f"DIFFER: {name}: {tool} {theirs} against topoverify {ours}", file=sys.stderr)
            bad += 1

    if args.part in ("networkx", "both"):
        for name, G in networkx_graphs():
            conv, net = median_time(lambda: tv.from_networkx(G), args.repeat)
            eng, d = median_time(lambda: net.distances(backend="cpu"), args.repeat)
            ours = tv_counts(d)
            index = {v: i for i, v in enumerate(G.nodes)}
            g = gt_graph(G.number_of_nodes(), np.array([(index[u], index[v]) for u, v in G.edges()]))
            gt_s, gt_c, gt_u, _ = gt_all_pairs(g)
            compare(name, "graph-tool", ours, (gt_c, gt_u))
            nx_s, nx_c, nx_u, predicted = nx_all_pairs(G, args.nx_limit)
            compare(name, "networkx", ours, (nx_c, nx_u))
            row = {"part": "networkx", "graph": name, "nodes": G.number_of_nodes(), "edges": G.number_of_edges(),
                   "diameter": d.diameter, "tv_convert_s": conv, "tv_distances_s": eng,
                   "tv_engine_s": d.timings.get("distances_s"), "graph_tool_s": gt_s, "networkx_s": nx_s,
                   "networkx_predicted_s": predicted}
            rows.append(row)
            print(json.dumps(row), flush=True)

    if args.part in ("collection", "both"):
        import graph_tool.collection as collection
        for name in ["power", "hep-th", "astro-ph", "cond-mat", "as-22july06", "email-Enron", "pgp-strong-2009"]:
            g = collection.data[name]
            g.set_directed(False)
            conv, net = median_time(lambda: tv.from_graph_tool(g), args.repeat)
            t0 = time.perf_counter()
            net.distances(backend="cpu")
            first = time.perf_counter() - t0
            eng, eng_cpu, d = median_times(lambda: net.distances(backend="cpu"), args.repeat)
            ours = tv_counts(d)
            n = g.num_vertices()
            gt_cpu = None
            if n * n * 4 <= args.gt_memory * 2 ** 30:
                gt_call = "shortest_distance (all pairs, 2 threads)"
                gt_s, gt_c, gt_u, gt_cpu = gt_all_pairs(g)
            else:
                gt_call = "distance_histogram (1 thread)"
                gt_s, gt_c, gt_u = gt_histogram_one_thread(g)
            compare(name, "graph-tool", ours, (gt_c, gt_u))
            row = {"part": "collection", "graph": name, "nodes": n, "edges": int(d.edges),
                   "diameter": d.diameter, "connected": d.connected, "tv_convert_s": conv,
                   "tv_first_call_s": first, "tv_distances_s": eng, "tv_distances_cpu_s": eng_cpu,
                   "tv_engine_s": d.timings.get("distances_s"), "graph_tool_call": gt_call,
                   "graph_tool_s": gt_s, "graph_tool_cpu_s": gt_cpu, "load": os.getloadavg()[0]}
            rows.append(row)
            print(json.dumps(row), flush=True)

    meta["load_at_end"] = os.getloadavg()[0]
    if args.out:
        with open(args.out, "w") as f:
            json.dump({"meta": meta, "rows": rows}, f, indent=1)
    print(json.dumps(meta))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

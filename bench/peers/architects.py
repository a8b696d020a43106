#!/usr/bin/env python3
"""Issue 36's benchmark: exact diameter and average distance of a dragonfly of about 10^5
routers and a Slim Fly (SF(101), 2 x 10^4 routers, by default: networkx's graph of
SF(223)'s 10^5 routers and 1.7 x 10^7 edges takes several GB), and the path diversity of one of them, by topoverify against
networkx on the same graph (exported by `topoverify export`).

    /usr/bin/python3 bench/peers/architects.py [--topoverify build/cpu/topoverify]
        [--dragonfly 'dragonfly a=58 p=1 h=29'] [--slimfly 'slimfly q=101 concentration=1']
        [--peer-sources 8]

topoverify runs each statistic exactly as a whole process (`info ... --json`): `diameter`
(eccentricity bounds), `distances` (all pairs: the average distance) and `paths` (a
seeded sample of 256 source routers at this size, as its record says).  networkx cannot do all pairs of 10^5 nodes in
a session: it runs BFS (and Brandes's shortest-path counting) from --peer-sources
sources, whose time is scaled to N sources and labelled as such; its distances from
those sources are checked against topoverify's diameter (none larger), and, for the
path counts, its per-source sums of sigma are set beside topoverify's sampled mean.
Prints a Markdown table.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def tv(binary, network, checks, options=None):
    cmd = [binary, "info", *network.split(), "--json", "--backend", "cpu"]
    for c in checks:
        cmd += ["--check", c]
    t0 = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out.splitlines()[0]), time.perf_counter() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--topoverify", default=os.path.join(ROOT, "build", "cpu", "topoverify"))
    ap.add_argument("--dragonfly", default="dragonfly a=58 p=1 h=29")
    ap.add_argument("--slimfly", default="slimfly q=101 concentration=1")
    ap.add_argument("--peer-sources", type=int, default=8)
    a = ap.parse_args()
    import networkx as nx
    from networkx.algorithms.centrality.betweenness import _single_source_shortest_path_basic as brandes

    rows = []
    for network in (a.dragonfly, a.slimfly):
        d, t_diam = tv(a.topoverify, network, ["diameter"])
        ap_rec, t_all = tv(a.topoverify, network, ["distances"])
        p_rec, t_paths = tv(a.topoverify, network, ["paths"])
        n, arcs = d["nodes"], 2 * d["edges"]
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "g.txt")
            subprocess.run([a.topoverify, "export", *network.split(), "--output", path], check=True)
            t0 = time.perf_counter()
            g = nx.read_edgelist(path, nodetype=int)
            t_load = time.perf_counter() - t0
        sources = random.Random(1).sample(range(n), a.peer_sources)
        t0 = time.perf_counter()
        far = 0
        for s in sources:
            far = max(far, max(nx.single_source_shortest_path_length(g, s).values()))
        t_bfs = (time.perf_counter() - t0) / len(sources)
        t0 = time.perf_counter()
        sigma_sum = 0.0
        for s in sources:
            _, _, sigma, _ = brandes(g, s)
            sigma_sum += sum(v for t, v in sigma.items() if t != s)
        t_sigma = (time.perf_counter() - t0) / len(sources)
        assert far <= d["diameter"], (network, far, d["diameter"])
        assert ap_rec["diameter"] == d["diameter"], network
        rows.append((network, n, arcs, d["diameter"], t_diam, ap_rec["average_distance"], t_all, t_bfs * n,
                     p_rec["path_diversity"]["mean"], p_rec["path_diversity"]["sources"], t_paths,
                     sigma_sum / (len(sources) * (n - 1)), t_sigma, t_load))
    print("| network | N | arcs | diameter (tv s) | average distance (tv all pairs s) | networkx BFS x N (s, scaled) "
          "| mean shortest paths (tv sources, s) | networkx Brandes sigma per source (s), its mean |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r[0]} | {r[1]} | {r[2]} | {r[3]} ({r[4]:.1f}) | {r[5]:.6f} ({r[6]:.1f}) | {r[7]:.0f} "
              f"| {r[8]:.4f} ({r[9]}, {r[10]:.1f}) | {r[12]:.2f}, {r[11]:.4f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

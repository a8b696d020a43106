#!/usr/bin/env python3
"""Issue 36 item 5's peer run: shortest-path link loads by topoverify (the `link_load`
check, as whole `info ... --json` processes: the hashed tie-break, the default, and the
lowest index), optionally by a second topoverify binary (an earlier build, to time the
kernel it replaced), and networkx's edge betweenness on the same graph (`topoverify
export`).

    python3 bench/peers/link_load.py [--topoverify build/cpu/topoverify] [--before OTHER]
        [--network 'dragonfly a=12 h=6' ...] [--peer-up-to 2000]

networkx computes a different routing of the same traffic: every pair's unit spread over
all its shortest paths (edge_betweenness_centrality, normalized=False), where topoverify
routes each pair on one shortest path by its tie-break.  The two agree on the loads' sum
(each pair adds its distance; networkx counts unordered pairs on undirected edges, so
twice its sum is topoverify's load_sum over directed links), which the script checks.
Prints a Markdown table: seconds of each, and user CPU seconds of topoverify's processes.
"""
import argparse
import json
import os
import resource
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def link_load(binary, network, tie):
    cmd = [binary, "info", *network.split(), "--json", "--backend", "cpu", "--check", "link_load",
           "--set", f"link_load.tie_break={tie}", "--set", "link_load.max_pairs=1000000000000"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    wall = time.perf_counter() - t0
    user = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before.ru_utime
    rec = json.loads(out.splitlines()[0])
    return rec, rec["timings"]["link_load_s"], user


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--topoverify", default=os.path.join(ROOT, "build", "cpu", "topoverify"))
    ap.add_argument("--before", help="another topoverify binary, timed on the same networks")
    ap.add_argument("--peer-up-to", type=int, default=2000,
                    help="run networkx on networks of at most this many routers (its time grows as N M)")
    ap.add_argument("--network", action="append",
                    help="default: dragonfly a=12 h=6, slimfly q=19 concentration=1, hypercube n=10")
    a = ap.parse_args()
    networks = a.network or ["dragonfly a=12 h=6", "slimfly q=19 concentration=1", "hypercube n=10"]
    import networkx as nx

    print("| network | routers | directed links | topoverify hashed: check s (process user s) | lowest | "
          + ("earlier build hashed | lowest | " if a.before else "")
          + "networkx edge_betweenness s | max load: hashed, lowest, networkx |")
    print("|---|---|---|---|---|" + ("---|---|" if a.before else "") + "---|---|")
    for network in networks:
        runs = {tie: link_load(a.topoverify, network, tie) for tie in ("hashed", "lowest")}
        old = {tie: link_load(a.before, network, tie) for tie in ("hashed", "lowest")} if a.before else {}
        for tie in old:  # the earlier build computes the same loads
            for key in ("load_sum", "max_load", "histogram", "max_load_link"):
                assert old[tie][0]["link_load"][key] == runs[tie][0]["link_load"][key], (network, tie, key)
        rec = runs["hashed"][0]
        t_nx, eb = None, None
        if rec["nodes"] <= a.peer_up_to:
            with tempfile.TemporaryDirectory() as tmp:
                path = os.path.join(tmp, "g.txt")
                subprocess.run([a.topoverify, "export", *network.split(), "--output", path], check=True,
                               capture_output=True)
                g = nx.read_edgelist(path, nodetype=int)
                t0 = time.perf_counter()
                eb = nx.edge_betweenness_centrality(g, normalized=False)
                t_nx = time.perf_counter() - t0
            assert round(2 * sum(eb.values())) == rec["link_load"]["load_sum"], network
        cells = [network, str(rec["nodes"]), str(rec["link_load"]["links"])]
        cells += [f"{runs[t][1]:.2f} ({runs[t][2]:.2f})" for t in ("hashed", "lowest")]
        cells += [f"{old[t][1]:.2f} ({old[t][2]:.2f})" for t in ("hashed", "lowest")] if old else []
        cells += [f"{t_nx:.2f}" if eb else "not run", f"{runs['hashed'][0]['link_load']['max_load']}, "
                  f"{runs['lowest'][0]['link_load']['max_load']}, " + (f"{max(eb.values()):.1f}" if eb else "—")]
        print("| " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()

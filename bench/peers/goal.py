#!/usr/bin/env python3
"""Issue 3's CPU goal, measured as the issue states it: full all-pairs statistics of one
instance (default PN_2(20), 17,711 nodes) by topoverify against graph-tool's all-pairs
`shortest_distance` and igraph's `diameter` + `average_path_length`, in one run.

    /usr/bin/python3 bench/peers/goal.py [--topoverify build/cpu/topoverify]
        [--instance 'postal lambda=2 n=20'] [--runs 3] [--tv-runs 9] [--json FILE]

topoverify is timed as a whole process (`info ... --check distances --json --backend
cpu`, OMP_NUM_THREADS = --threads), half of its runs before the peers and half after, so
drift of the machine shows in its spread.  graph-tool runs with 1 thread and with
--threads threads (the issue does not say which; both are reported), igraph is
single-threaded.  Peers are timed on their calls alone, the graph already loaded (as in
run.py).  Every peer's numbers are compared with topoverify's record; a disagreement
exits 1.  Prints a Markdown table with medians, min-max and ratios; about 5 minutes on
2 cores for PN_2(20).
"""
import argparse
import json
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run as harness  # noqa: E402  (machine description, workers, topoverify runs)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--topoverify", default=os.path.join(harness.ROOT, "build", "cpu", "topoverify"))
    ap.add_argument("--instance", default="postal lambda=2 n=20")
    ap.add_argument("--runs", type=int, default=3, help="runs of each peer (median)")
    ap.add_argument("--tv-runs", type=int, default=10, help="whole-process runs of topoverify")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--limit", type=float, default=120.0, help="seconds a peer run may take")
    ap.add_argument("--json", help="write the raw figures here")
    a = ap.parse_args()
    if not os.access(a.topoverify, os.X_OK):
        raise SystemExit(f"goal.py: no topoverify binary at {a.topoverify}; build it first "
                         "(cmake --preset cpu && cmake --build --preset cpu)")
    fam, *params = a.instance.split()
    env = dict(os.environ, OMP_NUM_THREADS=str(a.threads))
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load_start = harness.loadavg()

    with tempfile.TemporaryDirectory() as tmp:
        edgelist = os.path.join(tmp, "graph.txt")
        r = harness.sh([a.topoverify, "export", fam, *params, "--header"])
        if r.returncode != 0:
            raise SystemExit(f"goal.py: export failed: {r.stderr.strip()}")
        with open(edgelist, "w") as f:
            f.write(r.stdout)

        half = max(1, a.tv_runs // 2)
        walls, recs = harness.run_topoverify(a.topoverify, fam, params, "distances", "cpu",
                                             a.threads, half, env, 600)
        # The same statistics with one BFS source per node (no orbit reduction).
        every = ("--set", "distances.symmetry=false")
        ewalls, erecs = harness.run_topoverify(a.topoverify, fam, params, "distances", "cpu",
                                               a.threads, half, env, 600, extra=every)
        peers = []
        for tool, task, threads in (("graph-tool", "apsp", 1), ("graph-tool", "apsp", a.threads),
                                    ("igraph", "diameter+apl", 1)):
            penv = dict(os.environ, OMP_NUM_THREADS=str(threads))
            status, runs, stats, info = harness.run_worker(
                harness.DEBIAN_PYTHON, tool, task, edgelist, a.runs, threads, a.limit, penv)
            peers.append({"tool": tool, "task": task, "threads": threads, "status": status,
                          "compute_s": [x["compute_s"] for x in runs], "stats": stats,
                          "version": info.get("version")})
        w2, r2 = harness.run_topoverify(a.topoverify, fam, params, "distances", "cpu",
                                        a.threads, a.tv_runs - half, env, 600)
        walls += w2
        recs += r2
        w3, r3 = harness.run_topoverify(a.topoverify, fam, params, "distances", "cpu",
                                        a.threads, a.tv_runs - half, env, 600, extra=every)
        ewalls += w3
        erecs += r3

    rec = recs[-1]
    mine = harness.topoverify_stats(rec)
    mine["average_distance"] = rec["average_distance"]
    problems = []
    for x in erecs:
        if harness.topoverify_stats(x) != harness.topoverify_stats(rec):
            problems.append("topoverify: the every-source run disagrees with the run by orbits")
    for p in peers:
        if p["status"] != "ok":
            problems.append(f"{p['tool']} {p['task']} ({p['threads']} threads): {p['status']}")
            continue
        for key, value in p["stats"].items():
            ours = mine[key]
            if key == "average_distance":
                same = abs(ours - value) <= 1e-9 * max(1.0, abs(ours))
            elif key == "distance_counts":
                same = list(ours) == list(value)
            else:
                same = ours == value
            if not same:
                problems.append(f"{p['tool']}: {key} = {value}, topoverify says {ours}")

    tv = statistics.median(walls)
    engine = statistics.median(x["timings"]["distances_s"] for x in recs)
    m = harness.machine_description()
    print(f"Issue 3 CPU goal, {a.instance} ({rec['nodes']:,} nodes, {rec['edges']:,} edges), "
          f"{started}; {m['cpu']}, {m['cores']} cores, {m['memory_gib']} GiB; load average "
          f"{load_start} at start, {harness.loadavg()} at end; topoverify "
          f"{harness.topoverify_version(a.topoverify)}, {a.threads} threads.\n")
    print("| tool | call | threads | median | min – max | topoverify faster by |")
    print("|---|---|---|---|---|---|")
    print(f"| topoverify (whole process) | info --check distances | {a.threads} | {tv:.3f} s | "
          f"{min(walls):.3f} – {max(walls):.3f} s | — |")
    ap = rec.get("all_pairs", {})
    print(f"| topoverify (engine, record) | all pairs, {ap.get('sources_run')} BFS sources "
          f"(automorphisms: {', '.join(ap.get('automorphisms') or []) or 'none'}) | {a.threads} | "
          f"{engine:.3f} s | | |")
    ev = statistics.median(ewalls)
    eengine = statistics.median(x["timings"]["distances_s"] for x in erecs)
    print(f"| topoverify every source (whole process) | info --check distances --set "
          f"distances.symmetry=false | {a.threads} | {ev:.3f} s | {min(ewalls):.3f} – "
          f"{max(ewalls):.3f} s | — |")
    print(f"| topoverify every source (engine, record) | all pairs, {rec['nodes']} BFS sources | "
          f"{a.threads} | {eengine:.3f} s | | |")
    out = {"instance": a.instance, "started": started, "machine": m, "topoverify_walls": walls,
           "topoverify_engine_s": [x["timings"]["distances_s"] for x in recs],
           "topoverify_sources_run": ap.get("sources_run"),
           "topoverify_automorphisms": ap.get("automorphisms"),
           "topoverify_every_source_walls": ewalls,
           "topoverify_every_source_engine_s": [x["timings"]["distances_s"] for x in erecs],
           "peers": peers,
           "problems": problems}
    for p in peers:
        call = "shortest_distance (all pairs)" if p["tool"] == "graph-tool" else \
            "diameter + average_path_length"
        if p["compute_s"]:
            med = statistics.median(p["compute_s"])
            print(f"| {p['tool']} {p['version']} | {call} | {p['threads']} | {med:.2f} s | "
                  f"{min(p['compute_s']):.2f} – {max(p['compute_s']):.2f} s | {med / tv:.0f}× "
                  f"(every source: {med / ev:.0f}×) |")
        else:
            print(f"| {p['tool']} | {call} | {p['threads']} | {p['status']} | | |")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1)
    if problems:
        print("\nDisagreements:\n" + "\n".join("- " + x for x in problems))
        return 1
    print("\nEvery peer's numbers equal topoverify's (diameter, average distance, and "
          "graph-tool's distance distribution and Wiener index).")
    return 0


if __name__ == "__main__":
    sys.exit(main())

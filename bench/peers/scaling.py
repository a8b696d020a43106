#!/usr/bin/python3
"""Scaling of topoverify's all-pairs statistics with N, per family, on log-log axes with
the fitted exponent (issue 7, item 3), and the ordered pairs per second against N beside it
(issue 17 item 3: time should grow with the pairs, so that curve should stay flat).

    /usr/bin/python3 bench/peers/scaling.py                      # CPU, about 5 minutes on 2 cores
    /usr/bin/python3 bench/peers/scaling.py --backend cuda       # on a machine with a GPU
    /usr/bin/python3 bench/peers/scaling.py --gpu-results gpu.jsonl   # add GPU rows measured elsewhere
    /usr/bin/python3 bench/peers/scaling.py --sweep growth --symmetry on   # 10^4 .. 10^6 nodes

Each point is the median of --repeat runs of `topoverify info FAMILY ... --check distances
--json --set distances.symmetry=false` (every node a source; `--symmetry on` drops the
option); the time plotted and fitted is the record's own `timings.distances_s` (the engine,
without process start-up and CSR build), the whole-process time is in the table beside it.
The exponent a of time ~ N^a is a least-squares fit of log time on log N over the points
that take at least --fit-floor seconds (below that, fixed costs dominate).

--gpu-results takes JSON records, one per line (`topoverify info ... --json` output or a
`topoverify run` results.jsonl) with backend "cuda" and the distances check; they are
plotted as a second series per family, named by the record's `device`.
Writes --png (bench/peers/scaling.png by default) and scaling.json / scaling.md in --out.
"""
import argparse
import datetime
import json
import math
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run as peers  # noqa: E402  (shared helpers: instances, machine, formatting)

SWEEPS = {
    "cpu": {
        "PN_2(n)": ["PN_2(14)", "PN_2(16)", "PN_2(18)", "PN_2(20)", "PN_2(22)", "PN_2(24)"],
        "Q(n)": ["Q(10)", "Q(11)", "Q(12)", "Q(13)", "Q(14)", "Q(15)", "Q(16)"],
        "EFC_n": ["EFC_16", "EFC_18", "EFC_20", "EFC_22", "EFC_24"],
        "MC(k,m)": ["MC(1,4)", "MC(1,5)", "MC(2,3)", "MC(1,7)", "MC(1,8)"],
        "DDB(k)": ["DDB(10)", "DDB(11)", "DDB(12)", "DDB(13)", "DDB(14)", "DDB(15)", "DDB(16)",
                   "DDB(17)"],
    },
    # Issue 17 item 3: from 10^4 to 10^6 nodes (PN_2(28): 832,040; Q(20): 1,048,576), with
    # orbits (--symmetry on), a few minutes a point at the top on 2 cores.
    "growth": {
        "PN_2(n)": ["PN_2(20)", "PN_2(22)", "PN_2(24)", "PN_2(26)", "PN_2(28)"],
        "EFC_n": ["EFC_20", "EFC_22", "EFC_24", "EFC_26"],
        "DDB(k)": ["DDB(14)", "DDB(16)", "DDB(18)", "DDB(20)"],
    },
    "cuda": {
        "PN_2(n)": ["PN_2(20)", "PN_2(22)", "PN_2(24)", "PN_2(26)", "PN_2(28)"],
        "Q(n)": ["Q(14)", "Q(16)", "Q(18)", "Q(20)"],
        "EFC_n": ["EFC_22", "EFC_24", "EFC_26", "EFC_28"],
        "MC(k,m)": ["MC(1,7)", "MC(1,8)", "MC(2,4)", "MC(1,9)"],
        "DDB(k)": ["DDB(14)", "DDB(16)", "DDB(18)", "DDB(20)"],
    },
}


def family_of(name):
    key = peers.parse_instance(name)[2]
    return {"PN": "PN_2(n)", "Q": "Q(n)", "EFC": "EFC_n", "MC": "MC(k,m)", "DDB": "DDB(k)",
            "UDB": "UDB(k)"}[key]


def metacube_name(p):
    return f"MC({p.get('k', 1)},{p['m']})"


# The instance name this harness uses for each family, from a record's params.
INSTANCE_NAMES = {
    "postal": lambda p: f"PN_{p['lambda']}({p['n']})",
    "hypercube": lambda p: f"Q({p['n']})",
    "efc": lambda p: f"EFC_{p['n']}",
    "metacube": metacube_name,
    "dualcube": metacube_name,
    "debruijn": lambda p: f"{'DDB' if p.get('directed', True) else 'UDB'}({p['k']})",
}


def instance_name(rec):
    """The instance name this harness uses, from a record's family and params (None for a
    family it does not run)."""
    name = INSTANCE_NAMES.get(rec["family"])
    return name(rec["params"]) if name else None


def nodes_of(binary, family, params):
    """N of an instance, from `topoverify info` (the counts check alone)."""
    out = subprocess.run([binary, "info", family, *params, "--json"], capture_output=True, text=True,
                         check=True).stdout
    return json.loads(out)["nodes"]


def fit_exponent(points, floor):
    pts = [(math.log(n), math.log(t)) for n, t in points if t >= floor]
    if len(pts) < 2:
        return None, None
    mx = statistics.fmean(x for x, _ in pts)
    my = statistics.fmean(y for _, y in pts)
    sxx = sum((x - mx) ** 2 for x, _ in pts)
    a = sum((x - mx) * (y - my) for x, y in pts) / sxx
    return a, math.exp(my - a * mx)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "),
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n", 2)[2])
    ap.add_argument("--backend", default="cpu", help="cpu, cuda or cpu,cuda (runs topoverify on each)")
    ap.add_argument("--gpu-results", action="append", default=[],
                    help="JSONL of GPU records to plot beside the runs (repeatable)")
    ap.add_argument("--families", help="comma list of sweeps to run, e.g. 'PN_2(n),DDB(k)'")
    ap.add_argument("--sweep", choices=("default", "growth"), default="default",
                    help="growth: the CPU ladders from 10^4 to 10^6 nodes instead of the default ones")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--max-nodes", type=int, default=0, help="skip instances larger than this (0: none)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--symmetry", choices=("off", "on"), default="off",
                    help="off (default): every node a BFS source, the engine's N x M law; on: one "
                         "source per orbit of the automorphisms topoverify proves (work then "
                         "follows the group, not N)")
    ap.add_argument("--fit-floor", type=float, default=0.05, help="fit points of at least this many seconds")
    ap.add_argument("--topoverify", help="binary (default build/cpu/topoverify, or build/release/"
                    "topoverify for cuda)")
    ap.add_argument("--png", default=os.path.join(HERE, "scaling.png"))
    ap.add_argument("--out", default=os.path.join(HERE, "out"))
    a = ap.parse_args()
    backends = [b.strip() for b in a.backend.split(",") if b.strip()]
    if not backends or any(b not in ("cpu", "cuda") for b in backends):
        raise SystemExit("scaling.py: --backend takes cpu, cuda or cpu,cuda")
    binary = a.topoverify or os.path.join(peers.ROOT, "build",
                                          "release" if "cuda" in backends else "cpu", "topoverify")
    if not os.access(binary, os.X_OK):
        raise SystemExit(f"scaling.py: {binary} not found; build it first")
    sweeps = dict(SWEEPS, cpu=SWEEPS["growth"]) if a.sweep == "growth" else SWEEPS
    families = peers.split_list(a.families) if a.families else list(sweeps["cpu"])
    os.makedirs(a.out, exist_ok=True)
    env = dict(os.environ, OMP_NUM_THREADS=str(a.threads))
    load_start = peers.loadavg()
    started = time.monotonic()

    # series[(family, label)] = list of {instance, nodes, engine_s, process_s}
    series = {}
    for b in backends:
        for fam in families:
            for name in sweeps[b].get(fam, []):
                famname, params, _ = peers.parse_instance(name)
                if a.max_nodes and nodes_of(binary, famname, params) > a.max_nodes:
                    continue
                load1 = os.getloadavg()[0]  # other work on the machine shows up here
                extra = () if a.symmetry == "on" else ("--set", "distances.symmetry=false")
                walls, recs = peers.run_topoverify(binary, famname, params, "distances", b,
                                                   a.threads, a.repeat, env, timeout=1800,
                                                   extra=extra)
                label = f"{b}: {recs[-1]['device']}"
                point = {"instance": name, "nodes": recs[-1]["nodes"],
                         "engine_s": statistics.median(r["timings"]["distances_s"] for r in recs),
                         "process_s": statistics.median(walls), "runs": len(recs),
                         "load1_before": round(load1, 2)}
                series.setdefault((fam, label), []).append(point)
                print(f"[{time.strftime('%H:%M:%S')}] {b} {name}: engine "
                      f"{peers.fmt_s(point['engine_s'])}, process {peers.fmt_s(point['process_s'])}",
                      file=sys.stderr, flush=True)
    for path in a.gpu_results:
        with open(path) as f:
            for line in f:
                line = line.strip()
                if not line:
                    continue
                rec = json.loads(line)
                if rec.get("backend") != "cuda" or "distances_s" not in rec.get("timings", {}):
                    continue
                name = instance_name(rec)
                if name is None:
                    continue
                label = f"cuda: {rec.get('device', 'GPU')} (from {os.path.basename(path)})"
                series.setdefault((family_of(name), label), []).append(
                    {"instance": name, "nodes": rec["nodes"], "engine_s": rec["timings"]["distances_s"],
                     "process_s": None, "runs": 1})
    fits = {}
    for key, pts in series.items():
        pts.sort(key=lambda p: p["nodes"])
        fits[key] = fit_exponent([(p["nodes"], p["engine_s"]) for p in pts], a.fit_floor)

    machine = peers.machine_description()
    rep = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
           "command": "/usr/bin/python3 " + " ".join([os.path.relpath(os.path.abspath(sys.argv[0]),
                                                                       peers.ROOT)] + sys.argv[1:]),
           "machine": machine, "load_start": load_start, "load_end": peers.loadavg(),
           "threads": a.threads, "symmetry": a.symmetry, "repeat": a.repeat,
           "elapsed_s": time.monotonic() - started,
           "topoverify": peers.topoverify_version(binary),
           "series": [{"family": f, "label": l, "exponent": fits[(f, l)][0], "points": p}
                      for (f, l), p in series.items()]}
    md = render(rep, a.fit_floor)
    with open(os.path.join(a.out, "scaling.json"), "w") as f:
        json.dump(rep, f, indent=1)
    with open(os.path.join(a.out, "scaling.md"), "w") as f:
        f.write(md)
    print(md)
    plot(rep, fits, series, a.png, a.fit_floor)
    print(f"[{time.strftime('%H:%M:%S')}] plot written to {os.path.relpath(a.png, peers.ROOT)}",
          file=sys.stderr)
    return 0


def pairs_per_second(point):
    """Ordered pairs (s, t), s != t, that the engine's time covers: N (N - 1) / time."""
    n = point["nodes"]
    return n * (n - 1) / point["engine_s"] if point["engine_s"] > 0 else float("nan")


def render(rep, floor):
    m = rep["machine"]
    out = [f"Scaling, {rep['date']} — {m['cpu']} ({m['cores']} cores), GPU: {m['gpu']}; "
           f"{rep['threads']} CPU threads; median of {rep['repeat']} runs; load average "
           f"{rep['load_start']} at start, {rep['load_end']} at end; topoverify {rep['topoverify']}; "
           + ("one BFS source per orbit (symmetry on)." if rep.get("symmetry") == "on"
              else "every node a BFS source (`--set distances.symmetry=false`)."),
           "", f"Command: `{rep['command']}`", "",
           "| family | series | exponent a (time ~ N^a) | points: instance N engine / process | "
           "ordered pairs per second (engine) | load average (1 min) before each point |",
           "|---|---|---|---|---|---|"]
    for s in rep["series"]:
        pts = "; ".join(f"{p['instance']} {p['nodes']:,} {peers.fmt_s(p['engine_s'])}"
                        + (f" / {peers.fmt_s(p['process_s'])}" if p["process_s"] else "")
                        for p in s["points"])
        a = "—" if s["exponent"] is None else f"{s['exponent']:.2f}"
        rates = "; ".join(f"{p['instance']} {pairs_per_second(p):.3g}" for p in s["points"])
        loads = " ".join(str(p.get("load1_before", "—")) for p in s["points"])
        out.append(f"| {s['family']} | {s['label']} | {a} | {pts} | {rates} | {loads} |")
    out += ["", f"Exponent: least squares of log(engine time) on log N over points of at least "
                f"{peers.fmt_s(floor)}.", ""]
    return "\n".join(out)


def plot(rep, fits, series, path, floor):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("scaling.py: matplotlib missing (apt-get install python3-matplotlib); plot skipped",
              file=sys.stderr)
        return
    fig, (ax, rate_ax) = plt.subplots(1, 2, figsize=(13, 5.5))
    colors = {}
    palette = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for (fam, label), pts in series.items():
        color = colors.setdefault(fam, palette[len(colors) % len(palette)])
        gpu = label.startswith("cuda")
        xs = [p["nodes"] for p in pts]
        ys = [p["engine_s"] for p in pts]
        a, c = fits[(fam, label)]
        name = f"{fam} {'GPU' if gpu else 'CPU'}" + (f", a = {a:.2f}" if a is not None else "")
        ax.plot(xs, ys, "s" if gpu else "o", color=color, label=name,
                markerfacecolor="none" if gpu else color)
        rate_ax.plot(xs, [pairs_per_second(p) for p in pts], ("s--" if gpu else "o-"), color=color,
                     label=f"{fam} {'GPU' if gpu else 'CPU'}", markerfacecolor="none" if gpu else color)
        if a is not None:  # the line spans the points it was fitted on
            fitted = [x for x, y in zip(xs, ys) if y >= floor]
            lo, hi = min(fitted), max(fitted)
            ax.plot([lo, hi], [c * lo ** a, c * hi ** a], "--" if gpu else "-", color=color, lw=1)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("nodes N")
    ax.set_ylabel("all-pairs statistics, engine time (s)")
    m = rep["machine"]
    gpus = sorted({l.split(": ", 1)[1] for (_, l) in series if l.startswith("cuda")})
    ax.set_title(f"topoverify all pairs: {m['cpu']}, {rep['threads']} threads"
                 + (f"; GPU {', '.join(gpus)}" if gpus else "") + f"\n{rep['date']}", fontsize=9)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    rate_ax.set_xscale("log")
    rate_ax.set_yscale("log")
    rate_ax.set_xlabel("nodes N")
    rate_ax.set_ylabel("ordered pairs per second, N(N-1) / engine time")
    rate_ax.set_title("flat: time grows with the pairs; a drop: a cliff", fontsize=9)
    rate_ax.grid(True, which="both", alpha=0.3)
    rate_ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    sys.exit(main())

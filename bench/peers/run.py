#!/usr/bin/python3
"""Peer comparison: topoverify against igraph, graph-tool, networkx and NetworKit on
identical instances, for the same all-pairs statistics (issue 7).

    /usr/bin/python3 bench/peers/run.py            # the peer table, about 12 minutes on 2 cores

Every instance is exported once with `topoverify export` (node i = i-th label), and every
tool loads that file, so all tools see exactly the graph topoverify measures.  Per
instance and tool:
  - all-pairs statistics: number of ordered pairs at each distance, unreachable ordered
    pairs, diameter, Wiener index.  topoverify: `info ... --check distances --json` timed
    as a whole process (CSR build, start-up and JSON included) with the record's own
    `timings` reported beside it.  Peers: their all-pairs call in a fresh process
    (peer_worker.py), graph loading not timed.
  - exact diameter alone: `--check diameter` (eccentricity bounds) against NetworKit's exact
    `Diameter` and networkx's `diameter(usebounds=True)`.
Each figure is the median of --repeat runs, except that a peer run over --single-over
seconds (20 by default) is not repeated ("(1 run)" in the table: networkx at 8 k nodes
takes 20-50 s a run, and three of them would take the table past 15 minutes).  A peer
run over --limit seconds is stopped and shown as "> limit"; larger instances of the
same family are then not tried for it.
Every topoverify row runs before the first peer run (a peer that frees a large matrix
left the next short topoverify run 2-3x slower), so each table's topoverify figures are
taken in one state.  Every number a peer computes must equal topoverify's, else the harness says which tool,
instance and number differ and exits 1.  Results: a Markdown table and the raw JSON in
--out (bench/peers/out/ by default), the table also on stdout.

Debian's python3-igraph, python3-graph-tool and python3-networkx are used through
/usr/bin/python3; NetworKit comes from PyPI into bench/peers/.venv, created on first use
(requirements.txt).  The table is only comparable on a quiet machine: the load average
is recorded at start and end.
"""
import argparse
import datetime
import json
import os
import platform
import queue
import re
import shlex
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
WORKER = os.path.join(HERE, "peer_worker.py")
VENV = os.path.join(HERE, ".venv")
DEBIAN_PYTHON = "/usr/bin/python3"  # sees Debian's python3-* packages (a pyenv python may not)
PEERS = ["igraph", "graph-tool", "networkx", "networkit"]
PEER_NAMES = {"igraph": "igraph", "graph-tool": "graph-tool", "graph-tool-hist":
              "graph-tool (distance_histogram)", "networkx": "networkx", "networkit": "NetworKit"}
DEBIAN_PACKAGES = {"igraph": "python3-igraph", "graph-tool": "python3-graph-tool",
                   "graph-tool-hist": "python3-graph-tool", "networkx": "python3-networkx"}

# Instance ladders, small to large within a family.  "quick" is the default table, about
# 12 minutes on 2 quiet cores: per family a row where networkx still finishes (2-3 k
# nodes) and rows of 8-18 k nodes where the fast peers take seconds to tens of seconds
# per run; PN_2(20) (17,711 nodes) is issue 3's reference instance.  "full" goes further
# and takes longer.  The diameter ladders are undirected: NetworKit's exact Diameter does
# not take directed graphs here and networkx bounds only undirected ones.  Q(n) and
# MC(k,m) are vertex-transitive: every eccentricity is the diameter, so eccentricity
# bounds alone never close and the peers run BFS from (nearly) every node, networkx's
# over the limit already at 8 k nodes; topoverify proves their orbits first (Q(20): one
# BFS).  They are in "full" only.
PROFILES = {
    "quick": {
        "apsp": ["PN_2(16)", "PN_2(20)", "Q(11)", "Q(13)", "EFC_18", "EFC_20",
                 "MC(1,5)", "MC(1,6)", "MC(2,3)", "DDB(11)", "DDB(13)", "DDB(14)"],
        "diameter": ["PN_2(20)", "PN_2(24)", "EFC_20", "EFC_24"],
    },
    "full": {
        "apsp": ["PN_2(14)", "PN_2(16)", "PN_2(18)", "PN_2(20)", "PN_2(21)",
                 "Q(10)", "Q(12)", "Q(14)", "Q(15)",
                 "EFC_16", "EFC_18", "EFC_20", "EFC_22",
                 "MC(1,4)", "MC(1,5)", "MC(1,6)", "MC(2,3)", "MC(1,7)",
                 "DDB(10)", "DDB(12)", "DDB(14)", "DDB(15)"],
        "diameter": ["PN_2(20)", "PN_2(24)", "PN_2(28)", "EFC_20", "EFC_24", "EFC_28",
                     "Q(13)", "Q(15)", "Q(20)", "MC(1,6)", "MC(2,3)"],
    },
}


# ---------------------------------------------------------------------------- instances
def parse_instance(name):
    """'PN_2(20)' -> ('postal', ['lambda=2', 'n=20'], 'PN'), and likewise Q(n), EFC_n,
    MC(k,m), DDB(k) (directed) and UDB(k) (undirected de Bruijn)."""
    pats = [
        (r"PN_(\d+)\((\d+)\)$", lambda m: ("postal", [f"lambda={m[1]}", f"n={m[2]}"])),
        (r"Q\((\d+)\)$", lambda m: ("hypercube", [f"n={m[1]}"])),
        (r"EFC_(\d+)$", lambda m: ("efc", [f"n={m[1]}"])),
        (r"MC\((\d+),(\d+)\)$", lambda m: ("metacube", [f"k={m[1]}", f"m={m[2]}"])),
        (r"DDB\((\d+)\)$", lambda m: ("debruijn", [f"k={m[1]}"])),
        (r"UDB\((\d+)\)$", lambda m: ("debruijn", [f"k={m[1]}", "directed=false"])),
    ]
    for pat, make in pats:
        m = re.match(pat, name)
        if m:
            fam, params = make(m)
            return fam, params, re.match(r"[A-Z]+", name)[0]
    raise SystemExit(f"run.py: instance '{name}' is not one of PN_l(n), Q(n), EFC_n, MC(k,m), "
                     "DDB(k), UDB(k)")


def split_list(text):
    """'PN_2(16), MC(1,6)' -> ['PN_2(16)', 'MC(1,6)']: commas inside parentheses stay."""
    items, depth, cur = [], 0, ""
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            items.append(cur.strip())
            cur = ""
        else:
            cur += ch
    items.append(cur.strip())
    return [x for x in items if x]


def file_name(name):
    return re.sub(r"[^A-Za-z0-9]+", "_", name).strip("_")


# ---------------------------------------------------------------------------- machine
def sh(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def machine_description():
    cpu = "unknown CPU"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    mem_gib = 0.0
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal"):
                mem_gib = int(line.split()[1]) / 2**20
    osname = "Linux"
    if os.path.exists("/etc/os-release"):
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    osname = line.split("=", 1)[1].strip().strip('"')
    flags = ""
    with open("/proc/cpuinfo") as f:
        txt = f.read()
        flags = "AVX-512" if "avx512f" in txt else "AVX2" if "avx2" in txt else ""
    gpu = ""
    r = sh(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"]) \
        if shutil_which("nvidia-smi") else None
    if r is not None and r.returncode == 0:
        gpu = r.stdout.strip().replace("\n", "; ")
    return {"cpu": cpu, "cores": os.cpu_count(), "isa": flags, "memory_gib": round(mem_gib, 1),
            "os": osname, "kernel": platform.release(), "gpu": gpu or "none"}


def shutil_which(name):
    import shutil
    return shutil.which(name)


def loadavg():
    return [round(x, 2) for x in os.getloadavg()]


# ---------------------------------------------------------------------------- tools
def ensure_venv(log):
    """bench/peers/.venv with NetworKit from PyPI; returns its python, or None and a reason."""
    py = os.path.join(VENV, "bin", "python")
    probe = "import networkit, numpy; print(networkit.__version__)"
    if os.path.exists(py) and sh([py, "-c", probe]).returncode == 0:
        return py, None
    log(f"creating {os.path.relpath(VENV, ROOT)} and installing NetworKit from PyPI ...")
    r = sh([DEBIAN_PYTHON, "-m", "venv", VENV])
    if r.returncode != 0:
        return None, "python3 -m venv failed (apt-get install python3-venv): " + r.stderr.strip()[-300:]
    r = sh([py, "-m", "pip", "install", "--quiet", "-r", os.path.join(HERE, "requirements.txt")])
    if r.returncode != 0:
        return None, "pip install networkit failed: " + r.stderr.strip()[-300:]
    if sh([py, "-c", probe]).returncode != 0:
        return None, "networkit installed but does not import"
    return py, None


def tool_python(tool, venv_python):
    return venv_python if tool == "networkit" else DEBIAN_PYTHON


def tool_version(tool, py):
    mods = {"igraph": "igraph", "graph-tool": "graph_tool", "graph-tool-hist": "graph_tool",
            "networkx": "networkx", "networkit": "networkit"}
    r = sh([py, "-c", f"import {mods[tool]} as m; print(m.__version__.split()[0])"])
    return r.stdout.strip() if r.returncode == 0 else None


def topoverify_version(binary):
    r = sh([binary, "--version"])
    return r.stdout.strip().replace("topoverify ", "") if r.returncode == 0 else "unknown"


# ---------------------------------------------------------------------------- running
def run_worker(py, tool, task, edgelist, repeat, threads, limit, env, single_over=None):
    """Runs peer_worker.py, streaming its lines: the graph load gets max(limit, 120) s, each
    run `limit` s from the previous line.  A run longer than `single_over` seconds is the
    only one (info["single_run"]): repeating it would not change which tool is faster, and
    would take the harness past its time budget.  Returns (status, runs, stats, info)."""
    cmd = [py, WORKER, tool, task, edgelist, "--repeat", str(repeat), "--threads", str(threads)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    lines = queue.Queue()
    err = []

    def pump_out():
        for line in proc.stdout:
            lines.put(line)
        lines.put(None)  # end of output: the worker exited

    def pump_err():
        for line in proc.stderr:
            err.append(line)

    threading.Thread(target=pump_out, daemon=True).start()
    threading.Thread(target=pump_err, daemon=True).start()
    runs, stats, info, status = [], None, {}, "ok"
    deadline = time.monotonic() + max(limit, 120)
    while True:
        try:
            line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            status = "limit"
            proc.kill()
            break
        if line is None:
            break
        rec = json.loads(line)
        if rec.get("event") == "loaded":
            info["load_s"] = rec["load_s"]
        elif rec.get("event") == "unsupported":
            status = "unsupported"
            info["reason"] = rec["reason"]
        else:
            runs.append(rec["runs"][-1])
            stats = rec["stats"]
            info.update({k: rec[k] for k in ("version", "nodes", "edges", "threads")})
            if single_over is not None and len(runs) < repeat and \
                    runs[-1]["compute_s"] > single_over:
                info["single_run"] = True
                proc.kill()
                break
        deadline = time.monotonic() + limit
    proc.wait()
    if status == "ok" and proc.returncode != 0 and not info.get("single_run"):
        status = "error"
        info["error"] = "".join(err).strip()[-800:]
    if status == "ok" and any(r["compute_s"] > limit for r in runs):
        status = "limit"
    return status, runs, stats, info


def run_topoverify(binary, fam, params, check, backend, threads, repeat, env, timeout, extra=()):
    """Whole-process runs of `topoverify info`; returns (walls, records)."""
    cmd = [binary, "info", fam, *params, "--check", check, "--json", "--backend", backend, *extra]
    walls, records = [], []
    for _ in range(repeat):
        t0 = time.perf_counter()
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise SystemExit(f"run.py: {' '.join(cmd)} ran over {timeout:.0f} s; choose smaller "
                             "instances for this machine")
        walls.append(time.perf_counter() - t0)
        if r.returncode != 0:
            raise SystemExit(f"run.py: {' '.join(cmd)} failed ({r.returncode}): {r.stderr.strip()}")
        records.append(json.loads(r.stdout))
    return walls, records


def topoverify_stats(rec):
    directed = rec["directed"]
    wiener = rec["wiener"]
    return {"distance_counts": rec["distance_counts"], "unreachable_pairs": rec["unreachable_pairs"],
            "diameter": rec["diameter"],
            "distance_sum": wiener if directed else 2 * wiener}


def compare(tool, inst, mine, theirs, problems):
    """Appends a line per number where a peer differs from topoverify."""
    for key in theirs:
        a, b = mine.get(key), theirs[key]
        if key == "distance_counts":
            a, b = list(a), list(b)
            for d in range(max(len(a), len(b))):
                x = a[d] if d < len(a) else 0
                y = b[d] if d < len(b) else 0
                if x != y:
                    problems.append(f"{PEER_NAMES[tool]} on {inst}: ordered pairs at distance {d} = "
                                    f"{y}, topoverify says {x}")
        elif a != b:
            what = "Wiener index (ordered pairs)" if key == "distance_sum" else key.replace("_", " ")
            problems.append(f"{PEER_NAMES[tool]} on {inst}: {what} = {b}, topoverify says {a}")


def median(xs):
    return statistics.median(xs) if xs else None


def fmt_s(x):
    if x is None:
        return "—"
    if x >= 100:
        return f"{x:.0f} s"
    if x >= 10:
        return f"{x:.1f} s"
    if x >= 1:
        return f"{x:.2f} s"
    if x >= 0.01:
        return f"{x * 1e3:.0f} ms"
    return f"{x * 1e3:.1f} ms"


def fmt_ratio(x):
    return "—" if x is None else f"{x:.0f}×" if x >= 10 else f"{x:.1f}×" if x >= 0.1 else f"{x:.2f}×"


# ---------------------------------------------------------------------------- main
def measure_topoverify(binary, task, name, backends, a, env, problems, log):
    """Exports `name` once (every tool loads that file) and times topoverify on it: the
    row of the table, without the peers yet."""
    fam, params, family_key = parse_instance(name)
    edgelist = os.path.join(a.out, "graphs", file_name(name) + ".txt")
    with open(edgelist, "w") as f:
        r = subprocess.run([binary, "export", fam, *params, "--header"], stdout=f, stderr=subprocess.PIPE,
                           text=True)
    if r.returncode != 0:
        raise SystemExit(f"run.py: export of {name} failed: {r.stderr.strip()}")
    row = {"instance": name, "family": fam, "params": params, "tools": {},
           "family_key": family_key, "edgelist": edgelist,
           "load1_before": round(os.getloadavg()[0], 2)}  # other work on the machine
    check = "distances" if task == "apsp" else "diameter"
    for b in backends:
        walls, recs = run_topoverify(binary, fam, params, check, b, a.threads, a.repeat, env,
                                     timeout=10 * a.limit)
        rec = recs[-1]
        mine = topoverify_stats(rec) if task == "apsp" else {"diameter": rec["diameter"]}
        for other in recs[:-1]:  # every run of topoverify must give the same numbers
            o = topoverify_stats(other) if task == "apsp" else {"diameter": other["diameter"]}
            if o != mine:
                problems.append(f"topoverify ({b}) on {name}: runs disagree with each other")
        row.update(nodes=rec["nodes"], edges=rec["edges"], directed=rec["directed"])
        row["tools"][f"topoverify-{b}"] = {
            "status": "ok", "wall_s": walls, "median_s": median(walls),
            "check_s": median([x["timings"][check + "_s"] for x in recs]),
            "device": rec.get("device"), "stats": mine,
            "method": rec.get("diameter_method"), "words": rec.get("all_pairs", {}).get("words"),
            "bfs": rec.get("diameter_bfs"), "radius": rec.get("radius")}
        row["reference"] = mine
        log(f"{task} {name}: topoverify {b} {fmt_s(median(walls))}")
        if task == "apsp":
            # The same run without the orbit reduction (one BFS source per node),
            # so the table shows what symmetry contributes.
            ap = rec.get("all_pairs", {})
            row["tools"][f"topoverify-{b}"].update(
                sources_run=ap.get("sources_run"), automorphisms=ap.get("automorphisms"))
            pw, prec = run_topoverify(binary, fam, params, check, b, a.threads, a.repeat, env,
                                      timeout=10 * a.limit,
                                      extra=("--set", "distances.symmetry=false"))
            if any(topoverify_stats(x) != mine for x in prec):
                problems.append(f"topoverify ({b}) on {name}: every-source run disagrees "
                                "with the run by orbits")
            row["tools"][f"topoverify-{b}-every"] = {
                "status": "ok", "wall_s": pw, "median_s": median(pw),
                "check_s": median([x["timings"][check + "_s"] for x in prec])}
            log(f"{task} {name}: topoverify {b} every source {fmt_s(median(pw))}")
    return row


def measure_peers(row, task, task_tools, venv_python, a, env, over_limit, last_done, problems,
                  errors, log):
    """Runs every peer on a row topoverify has measured, and checks their numbers
    against topoverify's."""
    name, family_key, edgelist = row["instance"], row.pop("family_key"), row.pop("edgelist")
    row["load1_before_peers"] = round(os.getloadavg()[0], 2)
    for t in task_tools:
        if (t, family_key) in over_limit:
            row["tools"][t] = {"status": "skipped", "reason": f"over the limit at {over_limit[(t, family_key)]}"}
            continue
        # All-pairs BFS costs about N * M: a run predicted from the tool's own time
        # on the family's previous row to take over the limit is not started, and is
        # shown as such (with the prediction), not as a measurement.
        work = row["nodes"] * row["edges"]
        if task == "apsp" and (t, family_key) in last_done:
            prev_work, prev_s = last_done[(t, family_key)]
            predicted = prev_s * work / prev_work
            if predicted > a.limit:
                row["tools"][t] = {"status": "predicted", "predicted_s": predicted,
                                   "reason": "predicted from its time on a smaller instance"}
                log(f"{task} {name}: {PEER_NAMES[t]} not run, predicted {fmt_s(predicted)}")
                continue
        if t == "networkit" and task == "apsp":
            need = row["nodes"] ** 2 * 16  # APSP's N x N doubles, and their numpy copy
            avail = os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
            if need > avail * 0.6:
                row["tools"][t] = {"status": "memory",
                                   "reason": f"N x N doubles need {need / 2**30:.1f} GiB"}
                continue
        status, runs, stats, info = run_worker(tool_python(t, venv_python), t, task, edgelist,
                                               a.repeat, a.threads, a.limit, env,
                                               a.single_over or None)
        entry = {"status": status, "runs": runs, **info,
                 "median_s": median([r["compute_s"] for r in runs]) if status == "ok" else None,
                 "median_total_s": median([r["total_s"] for r in runs if r["total_s"] is not None])
                 if status == "ok" else None}
        if status == "ok":
            last_done[(t, family_key)] = (work, entry["median_s"])
            entry["stats"] = stats
            if info.get("nodes") != row["nodes"] or info.get("edges") != row["edges"]:
                problems.append(f"{PEER_NAMES[t]} on {name}: loaded {info.get('nodes')} nodes "
                                f"{info.get('edges')} edges, topoverify has {row['nodes']} "
                                f"nodes {row['edges']} edges")
            before = len(problems)
            compare(t, name, row["reference"], stats, problems)
            entry["agrees"] = len(problems) == before
        elif status == "limit":
            over_limit[(t, family_key)] = name
        elif status == "error":
            errors.append(f"{PEER_NAMES[t]} on {name}: failed: {info.get('error', '')}")
        row["tools"][t] = entry
        log(f"{task} {name}: {PEER_NAMES[t]} {status} {fmt_s(entry['median_s'])}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "),
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n", 2)[2])
    ap.add_argument("--profile", choices=sorted(PROFILES), default="quick")
    ap.add_argument("--instances", help="comma list for the all-pairs table, e.g. 'PN_2(16),DDB(12)' "
                    "(overrides the profile; '' = none)")
    ap.add_argument("--diameter-instances", help="comma list for the diameter table ('' = none)")
    ap.add_argument("--tools", default=",".join(PEERS),
                    help="peers, from igraph, graph-tool, networkx, networkit, graph-tool-hist")
    ap.add_argument("--repeat", type=int, default=3, help="runs per figure (median)")
    ap.add_argument("--limit", type=float, default=60.0, help="seconds per peer run before it is stopped")
    ap.add_argument("--single-over", type=float, default=20.0,
                    help="a peer run longer than this many seconds is not repeated (0: always "
                    "--repeat runs)")
    ap.add_argument("--threads", type=int, default=2, help="threads for every tool (OMP_NUM_THREADS)")
    ap.add_argument("--backend", default="cpu", help="topoverify backends: cpu, cuda or cpu,cuda")
    ap.add_argument("--topoverify", help="binary (default build/cpu/topoverify, build/release/"
                    "topoverify when cuda is asked for)")
    ap.add_argument("--out", default=os.path.join(HERE, "out"))
    a = ap.parse_args()

    backends = [b.strip() for b in a.backend.split(",") if b.strip()]
    if not backends or any(b not in ("cpu", "cuda") for b in backends):
        raise SystemExit("run.py: --backend takes cpu, cuda or cpu,cuda")
    binary = a.topoverify or os.path.join(ROOT, "build", "release" if "cuda" in backends else "cpu",
                                          "topoverify")
    if not os.access(binary, os.X_OK):
        preset = "release" if "cuda" in backends else "cpu"
        raise SystemExit(f"run.py: {binary} not found; build it first: cmake --preset {preset} && "
                         f"cmake --build --preset {preset} --target topoverify")
    tools = [t.strip() for t in a.tools.split(",") if t.strip()]
    for t in tools:
        if t not in PEER_NAMES:
            raise SystemExit(f"run.py: unknown tool '{t}' (tools: {', '.join(PEER_NAMES)})")
    apsp_list = split_list(a.instances) if a.instances is not None else PROFILES[a.profile]["apsp"]
    if a.diameter_instances is not None:
        diam_list = split_list(a.diameter_instances)
    else:  # --instances alone asks for those rows only
        diam_list = [] if a.instances is not None else PROFILES[a.profile]["diameter"]
    apsp_list = [s.strip() for s in apsp_list if s.strip()]
    diam_list = [s.strip() for s in diam_list if s.strip()]
    for s in apsp_list + diam_list:
        parse_instance(s)
    os.makedirs(os.path.join(a.out, "graphs"), exist_ok=True)

    def log(msg):
        print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)

    started = time.monotonic()
    env = dict(os.environ, OMP_NUM_THREADS=str(a.threads), OMP_PROC_BIND="false")
    venv_python, venv_problem = (None, None)
    if "networkit" in tools:
        venv_python, venv_problem = ensure_venv(log)
    versions, unavailable = {}, {}
    for t in tools:
        py = tool_python(t, venv_python)
        v = tool_version(t, py) if py else None
        if v is None:
            unavailable[t] = venv_problem if t == "networkit" else \
                f"not installed (apt-get install {DEBIAN_PACKAGES[t]})"
            log(f"{PEER_NAMES[t]}: {unavailable[t]}")
        else:
            versions[t] = v
    machine = machine_description()
    versions["topoverify"] = topoverify_version(binary)
    versions["python"] = platform.python_version()
    versions["numpy (Debian)"] = sh([DEBIAN_PYTHON, "-c", "import numpy; print(numpy.__version__)"]).stdout.strip()
    if venv_python:
        versions["numpy (venv)"] = sh([venv_python, "-c", "import numpy; print(numpy.__version__)"]).stdout.strip()
    load_start = loadavg()
    log(f"machine: {machine['cpu']}, {machine['cores']} cores, load average {load_start}")

    problems, errors, results = [], [], {"apsp": [], "diameter": []}
    # Every topoverify row runs before any peer.  A peer run that allocates and frees an
    # N x N matrix (graph-tool: 0.3-1.3 GB) left the next topoverify process 2-3x slower
    # than the same binary alone (bench/RESULTS.md, 2026-11-24 afternoon), which a
    # millisecond-scale run feels and a peer's seconds-scale run does not; measured
    # first, every topoverify figure is taken in the same state, whatever the row order.
    for task, names in (("apsp", apsp_list), ("diameter", diam_list)):
        for name in names:
            row = measure_topoverify(binary, task, name, backends, a, env, problems, log)
            results[task].append(row)
    for task in ("apsp", "diameter"):
        task_tools = [t for t in tools if t in versions and
                      (task == "apsp" or t in ("networkit", "networkx"))]
        over_limit = {}  # (tool, family) -> instance where it went over the limit
        last_done = {}   # (tool, family) -> (N * M, median seconds) of its last finished row
        for row in results[task]:
            measure_peers(row, task, task_tools, venv_python, a, env, over_limit, last_done,
                          problems, errors, log)
    load_end = loadavg()
    elapsed = time.monotonic() - started

    report = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "command": shlex.join([os.path.relpath(os.path.abspath(sys.argv[0]), ROOT)] + sys.argv[1:]),
        "machine": machine, "load_start": load_start, "load_end": load_end, "versions": versions,
        "unavailable": unavailable, "threads": a.threads, "repeat": a.repeat, "limit_s": a.limit,
        "single_over_s": a.single_over or None,
        "backends": backends, "tools": tools, "elapsed_s": elapsed, "results": results,
        "disagreements": problems, "errors": errors,
    }
    md = render(report)
    with open(os.path.join(a.out, "peers.json"), "w") as f:
        json.dump(report, f, indent=1)
    with open(os.path.join(a.out, "peers.md"), "w") as f:
        f.write(md)
    print(md)
    log(f"done in {elapsed / 60:.1f} min; {os.path.relpath(a.out, ROOT)}/peers.md and peers.json written")
    for e in errors:
        print(f"ERROR: {e}", file=sys.stderr)
    for p in problems:
        print(f"DISAGREEMENT: {p}", file=sys.stderr)
    # A disagreement is the harness's failure; a peer that crashed is reported apart.
    return 1 if problems else 3 if errors else 0


# ---------------------------------------------------------------------------- report
def cell(entry, limit):
    if entry is None:
        return "—"
    st = entry["status"]
    if st == "ok":
        return fmt_s(entry["median_s"]) + (" (1 run)" if entry.get("single_run") else "") + \
            ("" if entry.get("agrees", True) else " ✗ wrong")
    if st == "limit":
        return f"> {limit:.0f} s"
    if st == "skipped":
        return f"> {limit:.0f} s (not run: {entry['reason']})"
    if st == "predicted":
        return f"> {limit:.0f} s (not run: {fmt_s(entry['predicted_s'])} predicted)"
    if st == "memory":
        return "memory"
    if st == "unsupported":
        return "n/a"
    return "error"


def largest_instance_line(row, best, backend, who):
    """The sentence on the largest instance `who` finishes: topoverify's whole process, its
    engine and its every-source run against the fastest peer's time `best` (tool, seconds)."""
    tvr = row["tools"][f"topoverify-{backend}"]
    ev = row["tools"].get(f"topoverify-{backend}-every")
    return (f"Largest instance {who} finishes: **{row['instance']}** ({row['nodes']:,} nodes): "
            f"topoverify {fmt_s(tvr['median_s'])} (process), fastest peer "
            f"{PEER_NAMES[best[0]]} {fmt_s(best[1])}: **{fmt_ratio(best[1] / tvr['median_s'])}**" +
            (f"; engine {fmt_s(tvr['check_s'])}: **{fmt_ratio(best[1] / tvr['check_s'])}**"
             if tvr.get("check_s") else "") +
            (f"; every source {fmt_s(ev['median_s'])}: {fmt_ratio(best[1] / ev['median_s'])}."
             if ev else "."))


def fastest_peer(row, peers):
    best = None
    for t in peers:
        e = row["tools"].get(t)
        # A peer whose numbers differ from topoverify's is not a time for the same answer.
        if e and e["status"] == "ok" and e.get("agrees", True) and \
                (best is None or e["median_s"] < best[1]):
            best = (t, e["median_s"])
    return best


def lowest_engine_ratios(rows, peers, backend, min_nodes):
    """The lowest engine ratios over the rows of at least min_nodes nodes that a peer
    finished, by orbits and every source, each with its row."""
    found = []
    for key, what in ((f"topoverify-{backend}", "by orbits"),
                      (f"topoverify-{backend}-every", "every source")):
        ratios = []
        for row in rows:
            best = fastest_peer(row, peers)
            mine = row["tools"].get(key, {}).get("check_s")
            if row["nodes"] >= min_nodes and best and mine:
                ratios.append((best[1] / mine, row["instance"]))
        if ratios:
            low, name = min(ratios)
            found.append(f"{what} lowest {fmt_ratio(low)} ({name}; {len(ratios)} row{'s' if len(ratios) != 1 else ''})")
    return found


def render(rep):
    limit = rep["limit_s"]
    m = rep["machine"]
    peers = [t for t in rep["tools"] if t in rep["versions"]]
    backends = rep["backends"]
    out = []
    w = out.append
    w(f"Peer comparison, {rep['date']} — {m['cpu']} ({m['cores']} cores, {m['isa']}, "
      f"{m['memory_gib']} GiB, {m['os']}, GPU: {m['gpu']}); load average (1, 5, 15 min) "
      f"{rep['load_start']} at start, {rep['load_end']} at end; {rep['threads']} threads for "
      f"every tool; median of {rep['repeat']} runs" +
      (f" (one run where the first took over {rep['single_over_s']:g} s: \"(1 run)\")"
       if rep.get("single_over_s") else "") +
      f"; limit {limit:.0f} s per peer run; "
      f"whole harness {rep['elapsed_s'] / 60:.1f} min.")
    w("")
    w("Command: `/usr/bin/python3 " + rep["command"].replace("/usr/bin/python3 ", "") + "`")
    w("")
    w("Versions: " + ", ".join(f"{PEER_NAMES.get(k, k)} {v}" for k, v in rep["versions"].items()) + ".")
    for t, why in rep["unavailable"].items():
        w(f"Not measured: {PEER_NAMES[t]} — {why}.")
    w("")
    w("### All-pairs statistics (distance distribution, diameter, Wiener index)")
    w("")
    b0 = backends[0]
    head = ["instance", "N", "edges"] + [f"topoverify {b} (process)" for b in backends] + \
        [f"topoverify {b} (engine)" for b in backends] + \
        [f"BFS sources ({b0})", f"topoverify {b0} every source (process)",
         f"topoverify {b0} every source (engine)"] + \
        [PEER_NAMES[t] for t in peers] + ["fastest peer", "ratio", "ratio, engine",
                                          "ratio, every source", "ratio, every source, engine"]
    w("| " + " | ".join(head) + " |")
    w("|" + "---|" * len(head))
    every_peer = []  # rows every peer finished
    for row in rep["results"]["apsp"]:
        tv = row["tools"][f"topoverify-{b0}"]
        ev = row["tools"].get(f"topoverify-{b0}-every")
        best = fastest_peer(row, peers)
        ratio = best[1] / tv["median_s"] if best else None
        cells = [row["instance"], f"{row['nodes']:,}", f"{row['edges']:,}"]
        cells += [fmt_s(row["tools"][f"topoverify-{b}"]["median_s"]) for b in backends]
        cells += [fmt_s(row["tools"][f"topoverify-{b}"]["check_s"]) for b in backends]
        cells += [f"{tv['sources_run']:,}" if tv.get("sources_run") is not None else "—",
                  fmt_s(ev["median_s"]) if ev else "—", fmt_s(ev.get("check_s")) if ev else "—"]
        cells += [cell(row["tools"].get(t), limit) for t in peers]
        cells += [PEER_NAMES[best[0]] if best else "—", fmt_ratio(ratio),
                  fmt_ratio(best[1] / tv["check_s"]) if best and tv.get("check_s") else "—",
                  fmt_ratio(best[1] / ev["median_s"]) if best and ev else "—",
                  fmt_ratio(best[1] / ev["check_s"]) if best and ev and ev.get("check_s") else "—"]
        w("| " + " | ".join(cells) + " |")
        if peers and all(row["tools"].get(t, {}).get("status") == "ok" for t in peers):
            every_peer.append((row, best, ratio))
    w("")
    w("Ratio: the fastest peer's median time over topoverify's whole-process median "
      f"(`topoverify info ... --check distances --backend {backends[0]}`: start-up, CSR build, "
      "all statistics, JSON).  Peer times are their all-pairs call alone, graph loading not "
      "counted: igraph `path_length_hist`, graph-tool `shortest_distance` (all pairs), networkx "
      "`all_pairs_shortest_path_length`, NetworKit `APSP.run()` (graph-tool (distance_histogram): "
      "`distance_histogram`, when asked for); turning their output into "
      "the distribution adds time that is left out (it is in peers.json as `median_total_s`).  "
      "Engine: the record's own `timings.distances_s`, the all-pairs statistics on the graph "
      "already built (building it is `timings.graph_s`, left out as the peers' graph loading is), "
      "and `ratio, engine` is the fastest peer's time over it: call against call.  BFS sources: one per orbit of the "
      "label-map automorphisms topoverify found and proved (README, `distances`); every "
      "source: the same run with `--set distances.symmetry=false`, and its ratios (process, "
      "and engine: call against call).")
    checked = sum(1 for r in rep["results"]["apsp"] + rep["results"]["diameter"] for t in peers
                  if r["tools"].get(t, {}).get("status") == "ok")
    w("")
    w(f"Agreement: {checked} peer results compared number by number with topoverify's "
      "(distance distribution, unreachable pairs, diameter, Wiener index; diameter alone in the "
      "second table): " + ("all equal." if not rep["disagreements"] else
                           f"{len(rep['disagreements'])} differences, listed under Disagreements."))
    w("")
    if every_peer:
        row, best, _ = max(every_peer, key=lambda x: (x[0]["nodes"], x[0]["edges"]))
        w(largest_instance_line(row, best, backends[0], "every peer"))
    fast = [t for t in peers if t != "networkx"]
    if fast and set(fast) != set(peers):
        rows = [r for r in rep["results"]["apsp"]
                if all(r["tools"].get(t, {}).get("status") == "ok" for t in fast)]
        if rows:
            row = max(rows, key=lambda r: (r["nodes"], r["edges"]))
            w(largest_instance_line(row, fastest_peer(row, fast), backends[0],
                                    "every peer but networkx"))
    w("")
    large = lowest_engine_ratios(rep["results"]["apsp"], peers, b0, min_nodes=8000)
    if large:
        w("Rows of 8,000 nodes or more, call against call (issue 17 asks at least 100× by "
          "orbits and 50× every source): " + "; ".join(large) + ".")
        w("")
    if rep["results"]["diameter"]:
        dpeers = [t for t in peers if t in ("networkit", "networkx")]
        w("### Exact diameter alone")
        w("")
        head = ["instance", "N", "diameter"] + [f"topoverify {b} (process)" for b in backends] + \
            [f"topoverify {b} (engine)" for b in backends] + \
            [PEER_NAMES[t] for t in dpeers] + ["fastest peer", "ratio", "ratio, engine", "BFS (method)"]
        w("| " + " | ".join(head) + " |")
        w("|" + "---|" * len(head))
        for row in rep["results"]["diameter"]:
            tv = row["tools"][f"topoverify-{backends[0]}"]
            best = fastest_peer(row, dpeers)
            cells = [row["instance"], f"{row['nodes']:,}", str(row["reference"]["diameter"])]
            cells += [fmt_s(row["tools"][f"topoverify-{b}"]["median_s"]) for b in backends]
            cells += [fmt_s(row["tools"][f"topoverify-{b}"].get("check_s")) for b in backends]
            cells += [cell(row["tools"].get(t), limit) for t in dpeers]
            cells += [PEER_NAMES[best[0]] if best else "—",
                      fmt_ratio(best[1] / tv["median_s"]) if best else "—",
                      fmt_ratio(best[1] / tv["check_s"]) if best and tv.get("check_s") else "—",
                      f"{tv.get('bfs')} ({tv.get('method')})" if tv.get("bfs") is not None else "—"]
            w("| " + " | ".join(cells) + " |")
        w("")
        w("topoverify `--check diameter` (eccentricity bounds, orbits on regular graphs, "
          "64-source batches when the bounds stop closing; engine = the record's `diameter_s`), "
          "NetworKit `Diameter(EXACT)` (undirected only here), networkx "
          "`diameter(usebounds=True)` (undirected; plain `diameter` on directed graphs).")
        w("")
    for title, key in (("Disagreements", "disagreements"), ("Errors", "errors")):
        if rep[key]:
            w(f"### {title}")
            w("")
            for p in rep[key]:
                w(f"- {p}")
            w("")
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/python3
"""Interleaved A/B of two or more builds of the Python module on graph_tool.collection.

    VARS=A,C OMP_NUM_THREADS=2 /usr/bin/python3 bench/peers/module_ab.py NETWORKS ROUNDS CALLS

Each variant V is a folder /tmp/h9/modV holding a build's `topoverify` package (copy
build/<preset>/python there).  Every round runs, for each variant in turn, a fresh
process that loads the comma-separated NETWORKS (undirected, as python_module.py does),
makes one untimed distances() call and then CALLS timed ones.  Prints per network and
variant the median wall time of each round (ms), its CPU time, the batches the last call
ran, and DIFFER where a variant's distance distribution, unreachable pairs or
eccentricity sum is not the first variant's.  Ratios are only worth quoting across
rounds: this VM's speed moves by 20% between processes.
"""
# Interleaved A/B of two module folders: each round runs a fresh process per variant.
import subprocess, sys, json
nets = sys.argv[1].split(",")
rounds = int(sys.argv[2]); calls = int(sys.argv[3])
child = r'''
import sys, time, json, statistics as st
import warnings; warnings.filterwarnings("ignore")
from graph_tool import collection
import topoverify as tv
out = {}
for name in sys.argv[1].split(","):
    g = collection.data[name]; g.set_directed(False)
    net = tv.from_graph_tool(g)
    d = net.distances(backend="cpu")
    ws=[]; cs=[]
    for i in range(int(sys.argv[2])):
        t0=time.perf_counter(); c0=time.process_time(); d = net.distances(backend="cpu")
        ws.append(time.perf_counter()-t0); cs.append(time.process_time()-c0)
    out[name] = [st.median(ws)*1e3, min(ws)*1e3, st.median(cs)*1e3, [int(x) for x in d.distance_counts], int(d.unreachable_pairs), float(d.eccentricities.sum()) if hasattr(d, "eccentricities") else None, d.record["all_pairs"]["batches"]]
print(json.dumps(out))
'''
VARS = __import__("os").environ.get("VARS", "A,B").split(",")
res = {v: {} for v in VARS}
for r in range(rounds):
    for v in VARS:
        env = {"PYTHONPATH": f"/tmp/h9/mod{v}", "OMP_WAIT_POLICY": "passive", "PATH": "/usr/bin:/bin", "OMP_NUM_THREADS": __import__("os").environ.get("OMP_NUM_THREADS", "2")}
        o = subprocess.run(["/usr/bin/python3", "-c", child, ",".join(nets), str(calls)], env=env, capture_output=True, text=True)
        d = json.loads(o.stdout.strip().splitlines()[-1])
        for k, x in d.items(): res[v].setdefault(k, []).append(x)
for k in nets:
    base = res[VARS[0]][k]
    line = f"{k:14s}"
    for v in VARS:
        x = res[v][k]
        same = all(p[3] == q[3] and p[4] == q[4] and p[5] == q[5] for p, q in zip(x, base))
        line += f" | {v}: " + " ".join("%.2f" % r[0] for r in x) + (" cpu " + " ".join("%.1f" % r[2] for r in x)) + f" [{x[0][6]} batches]" + ("" if same else " DIFFER")
    print(line)

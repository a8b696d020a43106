"""A notebook in script form (docs/python.md): PN_2(22)'s distance distribution plotted
with matplotlib, its nodes' eccentricities as a NumPy array, and the postal network
paper's claims over a sweep as a pandas DataFrame.  Each `# %%` starts a notebook cell.

    PYTHONPATH=build/cpu/python python3 docs/examples/python_pn22.py [PLOT.png]

tests: python/tests/test_example.py runs this script and checks what it prints and draws.
"""
# %% The network and its all-pairs statistics.
import sys

import matplotlib

matplotlib.use("Agg")  # a file, not a window (remove in a notebook)
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import topoverify as tv  # noqa: E402

net = tv.network("postal", lam=2, n=22)  # the Fibonacci cube of 22-bit labels
d = net.distances()
print(f"{net.label}: {net.nodes} nodes, diameter {d.diameter}, radius {d.radius}, "
      f"Wiener index {d.wiener}, Hamming paths {d.hamming_paths}")

# %% The distance distribution: d.distance_counts[k] ordered pairs at distance k.
counts = d.distance_counts
fig, ax = plt.subplots(figsize=(7, 4))
ax.bar(np.arange(len(counts)), counts / counts.sum(), color="#3b6ea5")
ax.set_xlabel("distance")
ax.set_ylabel("share of ordered pairs")
ax.set_title(f"PN_2(22): distances between {net.nodes:,} nodes")
plot = sys.argv[1] if len(sys.argv) > 1 else "pn22-distances.png"
fig.savefig(plot, dpi=120, bbox_inches="tight")
print(f"distance distribution plotted in {plot}")

# %% Per node: the eccentricities as a NumPy array, labels as bit strings.
ecc = d.eccentricity
centre = int(np.argmin(ecc))
print(f"eccentricities from {ecc.min()} to {ecc.max()}; a centre: {d.label_strings[centre]}")

# %% The paper's claims on PN_2(1) .. PN_2(12): the verdict table as a DataFrame.
verdicts = tv.check("pn.*", tv.sweep("postal", lam=2, n=range(1, 13)))
table = verdicts.frame[["id", "verdict", "holds", "fails", "not_checked", "fails_at"]]
print(table.to_string(index=False))

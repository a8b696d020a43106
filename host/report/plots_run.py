# The run's plots, per family of the records (plots.py runs them): where each paper's
# claims hold or fail (verdict maps), how distances and eccentricities change along a
# parameter series (small multiples, one panel per series, every instance drawn), how each
# check's time grows with N, and broadcast rounds against N.
import math

from matplotlib.colors import ListedColormap
from matplotlib.patches import Patch

from plots_common import (VERDICT_COLOURS, add_colourbar, by_family, cli, label_axes, panel_grid, plt, save,
                          series_colours, series_of, stem)


def verdict_maps(records, papers, outdir, out):
    """Per paper and family: rows are claims, columns instances, cells the verdict."""
    codes = {"holds": 0, "fails": 1, "not checked": 2, "outside": 3}
    cmap = ListedColormap([VERDICT_COLOURS[k] for k in ("holds", "fails", "not checked", "outside")])
    for paper in papers:
        ids = paper.get("claims", [])
        for fam, recs in by_family(records):
            recs = [r for r in recs if any(c[0] in ids for c in r.get("claims", []))]
            if not recs:
                continue
            rows = [i for i in ids if any(c[0] == i for r in recs for c in r.get("claims", []))]
            key, groups = series_of(recs)
            cols = [r for _, rs in groups for r in rs]
            grid = [[float("nan")] * len(cols) for _ in rows]
            for j, r in enumerate(cols):
                for cid, verdict in r.get("claims", []):
                    if cid in rows:
                        grid[rows.index(cid)][j] = codes.get(verdict, 2)
            width = min(16.0, max(5.0, 0.17 * len(cols) + 3.0))
            height = 0.21 * len(rows) + 1.9
            fig, ax = plt.subplots(figsize=(width, height))
            ax.imshow(grid, cmap=cmap, vmin=-0.5, vmax=3.5, aspect="auto", interpolation="nearest")
            ax.set_yticks(range(len(rows)))
            ax.set_yticklabels(rows, fontsize=8)
            step = max(1, int(math.ceil(len(cols) / 90.0)))  # labels stay legible on long sweeps
            ax.set_xticks(range(0, len(cols), step))
            ax.set_xticklabels([cli(r.get("params", {}).get(key, "")) for r in cols[::step]], fontsize=7)
            ax.set_xlabel(key or "instance", fontsize=8)
            ax.tick_params(length=0)
            start = 0
            for name, rs in groups:  # blocks of columns, one per series, named above
                if start:
                    ax.axvline(start - 0.5, color="black", lw=1)
                if name:
                    ax.text(start - 0.4, -0.7, name, fontsize=7, va="bottom", ha="left")
                start += len(rs)
            fig.legend(handles=[Patch(color=VERDICT_COLOURS[k], label=k if k != "outside" else "outside domain")
                                for k in ("holds", "fails", "not checked", "outside")],
                       loc="lower left", ncol=4, fontsize=8, frameon=False)
            fig.tight_layout(rect=(0, 0.35 / height, 1, 1 - 0.1 / height))
            save(fig, outdir, "verdicts-%s-%s.png" % (paper["key"], stem("families", fam)), out,
                 title="Verdicts of %s on %s instances" % (paper.get("name", paper["key"]), fam),
                 kind="verdicts", family=fam, paper=paper["key"], panels=[name for name, _ in groups if name])


def distance_multiples(records, outdir, out):
    """Fraction of ordered pairs at each distance, one panel per series, one line per instance."""
    for fam, recs in by_family(records):
        recs = [r for r in recs if isinstance(r.get("distance_counts"), list) and len(r["distance_counts"]) > 1]
        if not recs:
            continue
        key, groups = series_of(recs)
        colours, cmap, norm, values = series_colours(r["params"].get(key) for r in recs)
        fig, axes = panel_grid(len(groups))
        for ax, (name, rs) in zip(axes, groups):
            for r in rs:
                counts = r["distance_counts"]
                total = float(sum(counts[1:])) or 1.0
                ax.plot(range(1, len(counts)), [c / total for c in counts[1:]], "o-",
                        ms=2, lw=1.2, color=colours[r["params"].get(key)])
            ax.set_title(name or fam, fontsize=8)
            ax.tick_params(labelsize=7)
            ax.grid(True, alpha=0.3)
        label_axes(axes, "distance", "fraction of pairs")
        add_colourbar(fig, axes, cmap, norm, values, key or "instance")
        save(fig, outdir, "distances-%s.png" % stem("families", fam), out,
             title=("Distance distribution along each %s series: %s" % (key, fam) if key
                    else "Distance distribution of each instance: %s" % fam), kind="distances", family=fam,
             panels=[name for name, _ in groups if name])


def eccentricity_bars(records, outdir, out):
    """Each instance's eccentricity histogram as one stacked bar (fraction of nodes)."""
    for fam, recs in by_family(records):
        recs = [r for r in recs if isinstance(r.get("eccentricity_histogram"), list)
                and sum(r["eccentricity_histogram"]) > 0]
        if not recs:
            continue
        key, groups = series_of(recs)
        top = max(len(r["eccentricity_histogram"]) for r in recs) - 1
        colours, cmap, norm, values = series_colours(range(top + 1))
        fig, axes = panel_grid(len(groups))
        for ax, (name, rs) in zip(axes, groups):
            for y, r in enumerate(rs):
                hist = r["eccentricity_histogram"]
                total = float(sum(hist))
                left = 0.0
                for e, count in enumerate(hist):
                    if not count:
                        continue
                    width = count / total
                    ax.barh(y, width, left=left, height=0.8, color=colours[e], edgecolor="white", lw=0.5)
                    if width > 0.14:
                        ax.text(left + width / 2, y, str(e), fontsize=6, ha="center", va="center",
                                color="white" if e < 0.6 * top else "black")
                    left += width
            ax.set_yticks(range(len(rs)))
            ax.set_yticklabels([cli(r["params"].get(key, "")) for r in rs], fontsize=6)
            ax.set_xlim(0, 1)
            ax.set_title(name or fam, fontsize=8)
            ax.tick_params(labelsize=7)
        label_axes(axes, "fraction of nodes", key or "instance", integer_x=False)
        add_colourbar(fig, axes, cmap, norm, values, "eccentricity")
        save(fig, outdir, "eccentricity-%s.png" % stem("families", fam), out,
             title="Eccentricity histogram of each instance: %s" % fam, kind="eccentricity", family=fam,
             panels=[name for name, _ in groups if name])


def time_per_check(records, outdir, out):
    """Seconds of each check (and the graph build) against N, log-log, families coloured."""
    checks = []
    for r in records:
        for k in r.get("timings", {}):
            if k.endswith("_s") and k not in checks:
                checks.append(k)
    checks.sort(key=lambda k: (k == "total_s", k != "graph_s", k))
    fams = [f for f, _ in by_family(records)]
    colours = {f: plt.get_cmap("tab10")(i % 10) for i, f in enumerate(fams)}
    panels = []
    for k in checks:
        pts = {}
        for r in records:
            t, n = r.get("timings", {}).get(k), r.get("nodes")
            if r.get("status") == "ok" and isinstance(t, (int, float)) and t > 0 and isinstance(n, int) and n > 0:
                pts.setdefault(r.get("family", "?"), []).append((n, t))
        if pts:
            panels.append((k, pts))
    if not panels:
        return
    fig, axes = panel_grid(len(panels) + 1)  # the last panel holds the legend
    key_ax, axes = axes[-1], axes[:-1]
    key_ax.axis("off")
    key_ax.legend(handles=[Patch(color=colours[f], label=f) for f in fams], loc="center",
                  fontsize=7, frameon=False, title="family", title_fontsize=8)
    for ax, (k, pts) in zip(axes, panels):
        for fam, p in sorted(pts.items()):
            ax.plot([x for x, _ in p], [y for _, y in p], "o", ms=2.5, alpha=0.85, color=colours[fam])
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_title("graph build" if k == "graph_s" else "whole instance" if k == "total_s" else k[:-2],
                     fontsize=8)
        ax.tick_params(labelsize=7)
        ax.grid(True, which="major", alpha=0.3)
    label_axes(axes, "N (nodes)", "seconds", integer_x=False)
    save(fig, outdir, "time-per-check.png", out, title="Time of each check against N (log-log)", kind="time")


def broadcast_rounds(records, outdir, out):
    """Broadcast rounds over sources against N: the slowest and fastest source."""
    for fam, recs in by_family(records):
        pts = []
        for r in recs:
            b = r.get("broadcast")
            if isinstance(b, dict) and isinstance(b.get("rounds_max"), int) and r.get("nodes"):
                pts.append((r["nodes"], b.get("rounds_min", b["rounds_max"]), b["rounds_max"]))
        if not pts:
            continue
        pts.sort()
        fig, ax = plt.subplots(figsize=(5, 3))
        ax.plot([p[0] for p in pts], [p[2] for p in pts], "o-", ms=3, label="slowest source")
        ax.plot([p[0] for p in pts], [p[1] for p in pts], "s--", ms=3, label="fastest source")
        ax.set_xscale("log")
        ax.set_xlabel("N (nodes)", fontsize=8)
        ax.set_ylabel("broadcast rounds", fontsize=8)
        ax.tick_params(labelsize=7)
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=7)
        fig.tight_layout()
        save(fig, outdir, "broadcast-%s.png" % stem("families", fam), out, title="Broadcast rounds over sources: %s" % fam,
             kind="broadcast", family=fam)


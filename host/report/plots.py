# Plots of a topoverify report, drawn with matplotlib.  topoverify embeds this script and
# runs it as `python3 plots.py INPUT.json OUTDIR`.  INPUT is {"records": [the latest record
# of every instance, trimmed to the fields plotted], "papers": [{"key", "name", "claims":
# [ids in catalog order]}], "stems": {"families": {family: stem}, "comparisons": {name:
# stem}}}: the stems are the only record text that goes into a file name, made safe by
# topoverify (host/records/file_names.hpp), so a record cannot name a file outside OUTDIR.  It writes PNG files into OUTDIR and prints a JSON list of
# {"file", "title", "kind", "family", "paper", "panels"} on stdout (panels: the parameter
# values of each panel or block of columns, spelled as the CLI spells them).  Exit status 3 with one line on
# stderr: no matplotlib.
#
# Each plot answers one question: where does a claim fail (verdict maps), how do distances
# and eccentricities change along a parameter series (small multiples, one panel per
# series, every instance drawn), and how does each check's time grow with N.
import io
import json
import math
import os
import sys

try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import BoundaryNorm, ListedColormap
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    from matplotlib.ticker import MaxNLocator
except Exception as e:  # ImportError, or a broken installation
    print("matplotlib is not available (%s)" % e, file=sys.stderr)
    sys.exit(3)

try:  # Pillow comes with matplotlib; without it the PNGs are just larger.
    from PIL import Image
except Exception:
    Image = None

DPI = 72          # the page shows plots at about their pixel size
PANEL = (2.6, 2.0)  # inches per small-multiple panel
COLS = 4          # panels per row

VERDICT_COLOURS = {"holds": "#3a9d4a", "fails": "#d3302f", "not checked": "#9e9e9e",
                   "outside": "#eeeeee"}


def cli(value):
    """A parameter value as the CLI and batch files spell it (true, not True)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    return json.dumps(value)


def series_key(recs):
    """The parameter a family's sweep runs along: the integer one with most values."""
    counts = {}
    for r in recs:
        for k, v in r.get("params", {}).items():
            if isinstance(v, int) and not isinstance(v, bool):
                counts.setdefault(k, set()).add(v)
    if not counts:
        return None
    return max(counts, key=lambda k: (len(counts[k]), list(counts).index(k)))


def group_of(rec, series):
    """The other parameters: one series (panel, or block of columns) per combination."""
    return " ".join("%s=%s" % (k, cli(v)) for k, v in rec.get("params", {}).items() if k != series)


def natural(value):
    """Sort numbers by value and strings by length first: 11 < 101 < 1101, n=2 < n=10."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return (0, value, "")
    text = cli(value)
    return (1, len(text), text)


def sort_key(rec, series):
    params = rec.get("params", {})
    group = [(k, natural(v)) for k, v in params.items() if k != series]
    return (group, natural(params.get(series, 0)), rec.get("nodes", 0))


def series_of(recs):
    """[(group label, [records along the series])] in a stable order."""
    key = series_key(recs)
    groups = {}
    for r in sorted(recs, key=lambda r: sort_key(r, key)):
        groups.setdefault(group_of(r, key), []).append(r)
    return key, list(groups.items())


STEMS = {"families": {}, "comparisons": {}}


def by_family(records):
    """Records by family, for the families topoverify gave a file name stem (all of them)."""
    fams = {}
    for r in records:
        if r.get("family") in STEMS["families"]:
            fams.setdefault(r["family"], []).append(r)
    return sorted(fams.items())


def stem(kind, name):
    """The file name stem topoverify chose for a family or a comparison."""
    return STEMS[kind][name]


def save(fig, outdir, name, out, **entry):
    """A palette PNG: plots use few colours, and quantizing cuts the bytes about 3x."""
    if os.path.basename(name) != name or name.startswith("."):
        raise ValueError("refusing a plot file name that leaves its folder: %r" % name)
    buf = io.BytesIO()
    fig.savefig(buf, dpi=DPI, format="png")
    plt.close(fig)
    path = os.path.join(outdir, name)
    if Image is not None:
        buf.seek(0)
        Image.open(buf).convert("RGB").quantize(colors=64, method=2).save(path, optimize=True)
    else:
        with open(path, "wb") as f:
            f.write(buf.getvalue())
    entry["file"] = name
    out.append(entry)


def panel_grid(count):
    cols = min(COLS, count)
    rows = int(math.ceil(count / float(cols)))
    fig, axes = plt.subplots(rows, cols, figsize=(PANEL[0] * cols + 1.2, PANEL[1] * rows),
                             squeeze=False, constrained_layout=True)
    for ax in axes.flat[count:]:
        ax.set_visible(False)
    return fig, list(axes.flat[:count])


def label_axes(axes, xlabel, ylabel, integer_x=True):
    """Axis names on the outer panels only: the bottom one of each column, the first of each row."""
    cols = min(COLS, len(axes))
    for i, ax in enumerate(axes):
        if i + cols >= len(axes):
            ax.set_xlabel(xlabel, fontsize=8)
        if i % cols == 0:
            ax.set_ylabel(ylabel, fontsize=8)
        if integer_x:
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def series_colours(values):
    """A colour per series value, with a colour bar that names the values."""
    values = sorted(set(values))
    cmap = plt.get_cmap("viridis", max(len(values), 2))
    colours = {v: cmap(i) for i, v in enumerate(values)}
    bounds = [i - 0.5 for i in range(len(values) + 1)]
    norm = BoundaryNorm(bounds, cmap.N)
    return colours, cmap, norm, values


def add_colourbar(fig, axes, cmap, norm, values, label):
    sm = plt.cm.ScalarMappable(cmap=cmap, norm=norm)
    bar = fig.colorbar(sm, ax=axes, fraction=0.03, pad=0.02)
    step = max(1, len(values) // 8)
    bar.set_ticks(list(range(0, len(values), step)))
    bar.set_ticklabels([cli(values[i]) for i in range(0, len(values), step)])
    bar.set_label(label)


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


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def comparison_charts(records, outdir, out):
    """The architect's charts of each comparison: diameter, average distance and the
    largest link load (log y) against N (log x), one line per network series (a family with its
    other parameters fixed), so topologies of the same size are read off one vertical.
    A link load from a sample of targets has no value of its largest load, only a 95%
    interval whose upper end can be 10^4 times its lower: such an instance is drawn at the
    lower end, a hollow triangle on a dotted line (the largest load is at least there), and
    the caption says how many."""
    names = []
    for r in records:
        if r.get("compare") and r["compare"] not in names:
            names.append(r["compare"])
    metrics = [("diameter", "diameter"), ("average_distance", "average distance"),
               ("link_load_max", "largest link load")]
    for name in names:
        recs = [r for r in records if r.get("compare") == name and isinstance(r.get("nodes"), int)]
        lines = {}
        for fam, frecs in by_family(recs):
            key, groups = series_of(frecs)
            for group, members in groups:
                label = fam + (" " + group if group else "")
                lines[label] = sorted(members, key=lambda r: r["nodes"])
        def lower_bound(r):  # a sampled largest load's 95% lower end, where the log axis can draw it
            low = r.get("link_load_low")
            return low if not is_number(r.get("link_load_max")) and is_number(low) and low > 0 else None

        sampled = sum(1 for rs in lines.values() for r in rs if lower_bound(r) is not None)
        shown = [(k, t) for k, t in metrics
                 if any(is_number(r.get(k)) for rs in lines.values() for r in rs)
                 or (k == "link_load_max" and sampled)]
        if not shown:
            continue
        colours = {label: plt.get_cmap("tab10")(i % 10) for i, label in enumerate(lines)}
        fig, axes = plt.subplots(1, len(shown), figsize=(3.6 * len(shown) + 1.6, 2.9),
                                 squeeze=False, constrained_layout=True)
        axes = list(axes.flat)
        drawn = set()
        for ax, (k, title) in zip(axes, shown):
            for label, rs in lines.items():
                pts = [(r["nodes"], r[k]) for r in rs if is_number(r.get(k))]
                if pts:
                    ax.plot([x for x, _ in pts], [y for _, y in pts], "o-", ms=3, lw=1.2, color=colours[label])
                    drawn.add(label)
                if k != "link_load_max":
                    continue
                low = [(r["nodes"], lower_bound(r)) for r in rs if lower_bound(r) is not None]
                if not low:
                    continue
                # Dotted from the series' last exact load below the sample, so it reads as one series.
                before = [p for p in pts if p[0] < low[0][0]][-1:]
                ax.plot([x for x, _ in before + low], [y for _, y in before + low], ":", lw=1.2,
                        color=colours[label])
                ax.plot([x for x, _ in low], [y for _, y in low], "^", ms=4.5, mfc="none", mew=1.1,
                        color=colours[label])
                drawn.add(label)
            ax.set_xscale("log")
            if k == "link_load_max":  # loads span orders of magnitude between topologies
                ax.set_yscale("log")
            ax.set_title(title, fontsize=9)
            ax.set_xlabel("N (nodes)", fontsize=8)
            ax.tick_params(labelsize=7)
            ax.grid(True, which="major", alpha=0.3)
        handles = [Line2D([], [], marker="o", ms=3, lw=1.2, color=colours[label], label=label)
                   for label in lines if label in drawn]
        if sampled:
            handles.append(Line2D([], [], marker="^", ms=4.5, mfc="none", ls=":", lw=1.2, color="0.35",
                                  label="link load sampled:\nlargest load \u2265 this (95%)"))
        axes[-1].legend(handles=handles, fontsize=7, frameon=False, loc="upper left", bbox_to_anchor=(1.02, 1))
        title = "Comparison: %s, against N (log x)" % name
        if sampled:
            title += ("; hollow triangles: the %d instance%s whose link load was sampled (over the exact bound), "
                      "at the 95%% lower bound of the largest load" % (sampled, "" if sampled == 1 else "s"))
        save(fig, outdir, "compare-%s.png" % stem("comparisons", name), out, title=title,
             kind="compare", family="Comparison: " + name, paper="", panels=[t for _, t in shown])


def main():
    with open(sys.argv[1]) as f:
        data = json.load(f)
    records, papers = data.get("records", []), data.get("papers", [])
    STEMS.update(data.get("stems", {}))
    outdir = sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    out = []
    verdict_maps(records, papers, outdir, out)
    distance_multiples(records, outdir, out)
    eccentricity_bars(records, outdir, out)
    time_per_check(records, outdir, out)
    broadcast_rounds(records, outdir, out)
    comparison_charts(records, outdir, out)
    json.dump(out, sys.stdout)


main()

# Shared by the report's plots (plots.py runs them): matplotlib set up to draw without a
# display, the figure sizes and colours every plot uses, how records group into parameter
# series, the file name stems topoverify chose, and save(), which writes each PNG and its
# manifest entry.  Exit status 3 with one line on stderr when matplotlib is missing.
import io
import json
import math
import os
import sys

try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import BoundaryNorm
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


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


# Plots of a topoverify report, drawn with matplotlib.  topoverify embeds this script
# and runs it as `python3 plots.py INPUT.json OUTDIR`; INPUT holds the latest record of
# every instance.  It writes PNG files into OUTDIR and prints a JSON list of
# {"file", "title"} on stdout.  Exit status 3 with one line on stderr: no matplotlib.
import json
import os
import sys

try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except Exception as e:  # ImportError, or a broken installation
    print("matplotlib is not available (%s)" % e, file=sys.stderr)
    sys.exit(3)

MAX_LINES = 6  # instances per plot: the largest ones, so the plot stays readable


def find(rec, key):
    """A field at the top of a record or one level down (e.g. broadcast.rounds_per_source)."""
    if key in rec:
        return rec[key]
    for v in rec.values():
        if isinstance(v, dict) and key in v:
            return v[key]
    return None


def label(rec):
    params = rec.get("params", {})
    return " ".join("%s=%s" % (k, v) for k, v in params.items())


def by_family(records):
    fams = {}
    for r in records:
        fams.setdefault(r.get("family", "?"), []).append(r)
    return fams


def largest(recs, key):
    have = [r for r in recs if isinstance(find(r, key), list) and find(r, key)]
    have.sort(key=lambda r: r.get("nodes", 0))
    return have[-MAX_LINES:]


def save(fig, outdir, name, title, out):
    fig.tight_layout()
    fig.savefig(os.path.join(outdir, name), dpi=96)
    plt.close(fig)
    out.append({"file": name, "title": title})


def time_against_n(records, outdir, out):
    fig, ax = plt.subplots(figsize=(7, 4.5))
    drawn = False
    for fam, recs in sorted(by_family(records).items()):
        pts = sorted((r["nodes"], r["wall_s"]) for r in recs
                     if r.get("status") == "ok" and isinstance(r.get("nodes"), (int, float))
                     and isinstance(r.get("wall_s"), (int, float))
                     and r["nodes"] > 0 and r["wall_s"] > 0)
        if not pts:
            continue
        # Markers only: a family's sweeps share values of N, so lines would zigzag.
        ax.plot([p[0] for p in pts], [p[1] for p in pts], "o", ms=4, alpha=0.7, label=fam)
        drawn = True
    if not drawn:
        plt.close(fig)
        return
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("N (nodes)")
    ax.set_ylabel("wall time per instance (s)")
    ax.set_title("Time against N")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    save(fig, outdir, "time-vs-n.png", "Time against N (log-log)", out)


def histogram_plot(records, outdir, out, key, fname, title, xlabel, ylabel, skip_zero):
    for fam, recs in sorted(by_family(records).items()):
        chosen = largest(recs, key)
        if not chosen:
            continue
        fig, ax = plt.subplots(figsize=(7, 4.5))
        for r in chosen:
            counts = find(r, key)
            total = float(sum(counts[1:] if skip_zero else counts)) or 1.0
            xs = [i for i in range(len(counts)) if not (skip_zero and i == 0)]
            ax.plot(xs, [counts[i] / total for i in xs], "o-", ms=3, label=label(r))
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_title("%s: %s" % (title, fam))
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8)
        save(fig, outdir, "%s-%s.png" % (fname, fam), "%s: %s" % (title, fam), out)


def broadcast_rounds(records, outdir, out):
    for fam, recs in sorted(by_family(records).items()):
        per_source = largest(recs, "rounds_per_source")
        if per_source:
            fig, ax = plt.subplots(figsize=(7, 4.5))
            for r in per_source:
                rounds = find(r, "rounds_per_source")
                hi = max(rounds)
                hist = [0] * (hi + 1)
                for x in rounds:
                    hist[x] += 1
                ax.plot(range(hi + 1), [h / float(len(rounds)) for h in hist], "o-", ms=3,
                        label=label(r))
            ax.set_xlabel("broadcast rounds")
            ax.set_ylabel("fraction of sources")
            ax.set_title("Broadcast rounds per source: %s" % fam)
            ax.grid(True, alpha=0.3)
            ax.legend(fontsize=8)
            save(fig, outdir, "broadcast-%s.png" % fam, "Broadcast rounds per source: %s" % fam, out)
            continue
        # Without per-source rounds: the range over sources, against N.
        pts = []
        for r in recs:
            b = r.get("broadcast")
            if isinstance(b, dict) and isinstance(b.get("rounds_max"), int) and r.get("nodes"):
                pts.append((r["nodes"], b.get("rounds_min", b["rounds_max"]), b["rounds_max"]))
        if not pts:
            continue
        pts.sort()
        fig, ax = plt.subplots(figsize=(7, 4.5))
        ax.plot([p[0] for p in pts], [p[2] for p in pts], "o-", ms=3, label="slowest source")
        ax.plot([p[0] for p in pts], [p[1] for p in pts], "s--", ms=3, label="fastest source")
        ax.set_xscale("log")
        ax.set_xlabel("N (nodes)")
        ax.set_ylabel("broadcast rounds")
        ax.set_title("Broadcast rounds over sources: %s" % fam)
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8)
        save(fig, outdir, "broadcast-%s.png" % fam, "Broadcast rounds over sources: %s" % fam, out)


def main():
    with open(sys.argv[1]) as f:
        records = json.load(f)
    outdir = sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    out = []
    time_against_n(records, outdir, out)
    histogram_plot(records, outdir, out, "distance_counts", "distances",
                   "Distance distribution", "distance d", "fraction of ordered pairs", True)
    histogram_plot(records, outdir, out, "eccentricity_histogram", "eccentricity",
                   "Eccentricity histogram", "eccentricity", "fraction of nodes", False)
    broadcast_rounds(records, outdir, out)
    json.dump(out, sys.stdout)


main()

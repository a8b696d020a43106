# The comparison chart of `topoverify compare` and `[[compare]]` (plots.py runs it): each
# metric against N, one line per network series, sampled link loads drawn apart.
from matplotlib.lines import Line2D

from plots_common import by_family, is_number, plt, save, series_of, stem


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


# Plots of a topoverify report, drawn with matplotlib.  topoverify embeds this script with
# the modules it imports (plots_common.py: set-up, styling and record grouping shared by
# every plot; plots_run.py: the run's plots; plots_compare.py: the comparison chart),
# writes them side by side and runs `python3 plots.py INPUT.json OUTDIR`.  INPUT is
# {"records": [the latest record of every instance, trimmed to the fields plotted],
# "papers": [{"key", "name", "claims": [ids in catalog order]}], "stems": {"families":
# {family: stem}, "comparisons": {name: stem}}}: the stems are the only record text that
# goes into a file name, made safe by topoverify (host/records/file_names.hpp), so a
# record cannot name a file outside OUTDIR.  It writes PNG files into OUTDIR and prints a
# JSON list of {"file", "title", "kind", "family", "paper", "panels"} on stdout (panels:
# the parameter values of each panel or block of columns, spelled as the CLI spells
# them).  Exit status 3 with one line on stderr: no matplotlib.
#
# Each plot answers one question: where does a claim fail (verdict maps), how do distances
# and eccentricities change along a parameter series (small multiples, one panel per
# series, every instance drawn), how does each check's time grow with N, and how do the
# networks of a comparison differ at the same N.
import json
import os
import sys

# The modules lie beside this script in a scratch folder that is deleted afterwards: found
# even where PYTHONSAFEPATH keeps the script's folder off sys.path, and no bytecode cached.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True

import plots_common  # noqa: E402  (first: it exits 3 without matplotlib, and sets it up)
from plots_compare import comparison_charts  # noqa: E402
from plots_run import broadcast_rounds, distance_multiples, eccentricity_bars, time_per_check, verdict_maps  # noqa: E402


def main():
    with open(sys.argv[1]) as f:
        data = json.load(f)
    records, papers = data.get("records", []), data.get("papers", [])
    plots_common.STEMS.update(data.get("stems", {}))
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

#!/usr/bin/env bash
# Checks a topoverify report.html as a reader sees it, in headless Chromium:
#   - page weight: the file is at most --max-bytes (default 400000);
#   - first screen: at 1,280 x 800 px the verdict table starts within the top 800 px;
#   - no horizontal overflow of the page at 1,280 px nor at 400 px (phone width);
#   - every in-page link (href="#...") has its target;
#   - every plot image decoded;
#   - every row of a statistics table (table.stats) at most two lines tall, at both widths:
#     these tables have dozens of columns and scroll in their own box, and a cell that
#     wraps there wraps word by word (a sentence was once 60 lines tall).
# The checks run in a copy of the page with a measuring script added (the report itself
# has no script).  With --shots DIR it also leaves screenshots at 1,280 and 400 px there.
#   scripts/check-report-html.sh [--max-bytes N] [--shots DIR] REPORT.html
# Exit 0 all checks pass, 1 a check failed, 2 bad use or no chromium.
set -euo pipefail
max_bytes=400000
shots=""
while [ $# -gt 0 ]; do
  case "$1" in
    --max-bytes) max_bytes=${2:?}; shift 2 ;;
    --shots) shots=${2:?}; shift 2 ;;
    -*) echo "check-report-html: unknown option '$1'" >&2; exit 2 ;;
    *) break ;;
  esac
done
html=${1:?usage: scripts/check-report-html.sh [--max-bytes N] [--shots DIR] REPORT.html}
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "check-report-html: chromium is not installed (apt-get install chromium)" >&2; exit 2; }
[ -f "$html" ] || { echo "check-report-html: no file '$html'" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --virtual-time-budget=10000
       --user-data-dir="$work/profile")

# The measuring script writes its findings into <body data-check-*> after load.
probe='<script>window.addEventListener("load", function () {
  var b = document.body, de = document.documentElement;
  var t = document.querySelector("table.verdicts") || document.querySelector("#verdicts .note");
  b.setAttribute("data-check-verdict-top", t ? Math.round(t.getBoundingClientRect().top + window.scrollY) : -1);
  b.setAttribute("data-check-overflow", de.scrollWidth > de.clientWidth ? de.scrollWidth + ">" + de.clientWidth : "none");
  var missing = [], links = document.querySelectorAll("a[href^=\"#\"]");
  for (var i = 0; i < links.length; i++) {
    var id = decodeURIComponent(links[i].getAttribute("href").slice(1));
    if (!document.getElementById(id)) missing.push(id);
  }
  b.setAttribute("data-check-links", links.length);
  b.setAttribute("data-check-missing", missing.length ? missing.join(" ") : "none");
  var im = document.images, ok = 0;
  for (var j = 0; j < im.length; j++) if (im[j].complete && im[j].naturalWidth > 0) ok++;
  b.setAttribute("data-check-images", ok + "/" + im.length);
  var rows = document.querySelectorAll("table.stats tbody tr"), tall = 0, lines = 0;
  for (var r = 0; r < rows.length; r++) {
    var cs = getComputedStyle(rows[r].cells[0]), fs = parseFloat(cs.fontSize);
    var lh = parseFloat(cs.lineHeight) || 1.2 * fs;
    var pad = parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom);
    var n = (rows[r].getBoundingClientRect().height - pad - 2) / lh;
    if (n > lines) lines = n;
    if (n > 2.5) tall++;
  }
  b.setAttribute("data-check-tall-rows", tall + "/" + rows.length + " tallest " + lines.toFixed(1) + " lines");
});</script>'
page="$work/page.html"
# The probe goes right before </body> (the report's last lines).
probe="$probe" awk '/<\/body>/ { print ENVIRON["probe"] } { print }' "$html" > "$page"

attr() { { grep -o "data-check-$1=\"[^\"]*\"" <<<"$2" || true; } | head -1 | sed 's/^[^=]*="\(.*\)"$/\1/'; }
fail=0
bad() { echo "check-report-html: $*" >&2; fail=1; }

bytes=$(stat -c %s "$html")
echo "check-report-html: $bytes bytes (limit $max_bytes)"
[ "$bytes" -le "$max_bytes" ] || bad "the page weighs $bytes bytes, over $max_bytes"

for width in 1280 400; do
  dom=$("$browser" "${flags[@]}" --window-size="$width,800" --dump-dom "file://$page" 2>/dev/null || true)
  top=$(attr verdict-top "$dom")
  [ -n "$top" ] || { bad "at $width px the page did not finish loading in Chromium"; continue; }
  overflow=$(attr overflow "$dom")
  echo "check-report-html: at $width px: verdict table at ${top} px, horizontal overflow: $overflow," \
       "links: $(attr links "$dom"), unresolved: $(attr missing "$dom"), plots decoded: $(attr images "$dom")"
  [ "$overflow" = "none" ] || bad "at $width px the page is wider than the window ($overflow px)"
  tall=$(attr tall-rows "$dom")
  echo "check-report-html: at $width px: statistics rows over two lines: $tall"
  [ "${tall%%/*}" = 0 ] || bad "at $width px rows of a statistics table are over two lines tall ($tall)"
  if [ "$width" = 1280 ]; then
    [ "$top" -ge 0 ] || bad "no verdict table (table.verdicts) and no note in its place"
    [ "$top" -lt 800 ] || bad "the verdict table starts at $top px, below the first screen (800 px)"
    [ "$(attr missing "$dom")" = "none" ] || bad "links without a target: #$(attr missing "$dom")"
    images=$(attr images "$dom")
    [ "${images%/*}" = "${images#*/}" ] || bad "only $images plot(s) decoded"
    if [ "${images#*/}" = 0 ] && ! grep -q 'plots were skipped\|No record carries data to plot' "$html"; then
      bad "no plots and no note saying why"
    fi
  fi
done

if [ -n "$shots" ]; then
  mkdir -p "$shots"
  for width in 1280 400; do
    "$browser" "${flags[@]}" --window-size="$width,2400" --screenshot="$(realpath -m "$shots/report-$width.png")" \
      "file://$(realpath "$html")" >/dev/null 2>&1 || true
    [ -s "$shots/report-$width.png" ] || bad "no screenshot at $width px"
  done
fi
[ "$fail" -eq 0 ] && echo "check-report-html: ok"
exit "$fail"

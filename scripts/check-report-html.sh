#!/usr/bin/env bash
# Opens a topoverify report.html in headless Chromium and checks that it renders: the
# tables are in the DOM, every plot image decoded (the page records this in
# body[data-plots-rendered] once loaded), and a screenshot is taken for a person to look
# at.  Needs Debian's `chromium`; CI does not run this script.
#   scripts/check-report-html.sh reports/default/report.html [screenshot.png]
set -euo pipefail
html=${1:?usage: scripts/check-report-html.sh REPORT.html [SCREENSHOT.png]}
shot=${2:-${html%.html}.png}
command -v chromium >/dev/null || { echo "check-report-html: chromium is not installed (apt-get install chromium)" >&2; exit 2; }
[ -f "$html" ] || { echo "check-report-html: no file '$html'" >&2; exit 2; }
url="file://$(realpath "$html")"
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --virtual-time-budget=5000)
# Chromium wants a writable profile; keep it out of the user's.
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
dom=$(chromium "${flags[@]}" --user-data-dir="$profile" --dump-dom "$url" 2>/dev/null)

fail=0
tables=$(grep -o '<table' <<<"$dom" | wc -l)
imgs=$(grep -o '<img' <<<"$dom" | wc -l)
rendered=$(grep -o 'data-plots-rendered="[0-9]*/[0-9]*"' <<<"$dom" | head -1 | sed 's/.*="\(.*\)"/\1/')
echo "check-report-html: $tables table(s), $imgs plot image(s), decoded: ${rendered:-none reported}"
[ "$tables" -ge 3 ] || { echo "check-report-html: expected the environment, summary and statistics tables" >&2; fail=1; }
grep -q '<h2>Environment</h2>' <<<"$dom" || { echo "check-report-html: no Environment section" >&2; fail=1; }
if [ "$imgs" -gt 0 ]; then
  [ "$rendered" = "$imgs/$imgs" ] || { echo "check-report-html: only ${rendered:-0/$imgs} plot(s) decoded" >&2; fail=1; }
else
  grep -q 'plots were skipped\|No record carries data to plot' <<<"$dom" ||
    { echo "check-report-html: no plots and no note saying why" >&2; fail=1; }
fi

chromium "${flags[@]}" --user-data-dir="$profile" --window-size=1280,2400 --screenshot="$(realpath -m "$shot")" "$url" >/dev/null 2>&1
[ -s "$shot" ] || { echo "check-report-html: no screenshot written" >&2; fail=1; }
[ "$fail" -eq 0 ] && echo "check-report-html: ok ($shot)"
exit "$fail"

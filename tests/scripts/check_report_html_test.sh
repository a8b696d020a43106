#!/usr/bin/env bash
# ctest: the report of a small batch as a reader sees it, in headless Chromium
# (scripts/check-report-html.sh): the verdict table on the first screen, no horizontal
# overflow at 1,280 and 400 px, every in-page link resolved, every plot decoded, and the
# page under 400 KB, statistics rows at most two lines.  Then the same checks must fail on
# a copy of the page with a dangling link, an over-wide block and a statistics row that
# wraps, so they are known to catch what they look for.
#   tests/scripts/check_report_html_test.sh TOPOVERIFY_BINARY SOURCE_DIR
# Exit 77 (ctest: skipped) where Chromium is not installed.
set -euo pipefail
topoverify=${1:?usage: check_report_html_test.sh TOPOVERIFY_BINARY SOURCE_DIR}
src=${2:?usage: check_report_html_test.sh TOPOVERIFY_BINARY SOURCE_DIR}
if ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null; then
  echo "SKIP: chromium is not installed (apt-get install chromium); the report's HTML checks need it"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$src/tests/scripts/report_check.toml" "$work/batch.toml"
"$topoverify" run "$work/batch.toml" --output "$work/run" > "$work/run.log" 2>&1 ||
  { cat "$work/run.log"; echo "FAIL: the batch did not run"; exit 1; }

"$src/scripts/check-report-html.sh" --max-bytes 400000 "$work/run/report.html" ||
  { echo "FAIL: the report of a small batch does not pass the HTML checks"; exit 1; }

# A broken copy: a link to nowhere, a block wider than the window, a statistics row that wraps.
tall_row='<table class="stats"><tbody><tr><td style="white-space:normal;width:2em">a b c d e f</td></tr></tbody></table>'
sed "s|</main>|<p><a href=\"#no-such-anchor\">x</a></p><div style=\"width:3000px\">wide</div>$tall_row</main>|" \
  "$work/run/report.html" > "$work/broken.html"
if "$src/scripts/check-report-html.sh" "$work/broken.html" > "$work/broken.log" 2>&1; then
  cat "$work/broken.log"; echo "FAIL: the checks passed a page with a dangling link and overflow"; exit 1
fi
grep -q 'links without a target: #no-such-anchor' "$work/broken.log" &&
  grep -q 'wider than the window' "$work/broken.log" &&
  grep -q 'rows of a statistics table are over two lines tall' "$work/broken.log" ||
  { cat "$work/broken.log"; echo "FAIL: the broken page failed for other reasons than expected"; exit 1; }
echo "PASS"

#!/usr/bin/env bash
# The arbiter's report in a real browser (issue 20): `xqrec audit corpus/
# --html`, opened in headless Chromium, printed to PDF and shot to PNG; the
# PNG must not be blank and the PDF must have a page for the summary and one
# per game shown (the print style puts a game on a page). Skips (77) where
# Chromium is absent — but fails under CI=true, whose test command
# (scripts/test.sh) installs it with fonts-noto-cjk.
# Usage: report.sh XQREC SOURCE_DIR [PNG_COPY]  (PNG_COPY: keep the screenshot there)
set -u
xqrec=$1 src=$2 keep=${3:-}
. "$(dirname "$0")/chromium.sh"
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
"$xqrec" audit -q --html "$dir/report.html" "$src/corpus" 2> "$dir/audit.err"
rc=$?
# corpus/ holds damaged records: the audit finds problems (1).
[ $rc = 1 ] || { echo "FAIL: audit exited $rc"; cat "$dir/audit.err"; exit 1; }
sections=$(grep -o '<section class="game"' "$dir/report.html" | wc -l)
[ "$sections" -gt 0 ] || { echo "FAIL: no game section in the report"; exit 1; }
browser "$dir/report.html" "$dir/chromium.log" 180 --no-pdf-header-footer --print-to-pdf="$dir/report.pdf"
browser "$dir/report.html" "$dir/chromium.log" 180 --window-size=1100,1500 --screenshot="$dir/report.png"
python3 "$(dirname "$0")/check_report.py" "$dir/report.pdf" "$dir/report.png" "$((sections + 1))" || exit 1
[ -n "$keep" ] && cp "$dir/report.png" "$keep"
echo "the report of corpus/ ($sections games shown) prints to $((sections + 1)) pages; the screenshot is not blank"

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
chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
  if [ "${CI:-}" = true ]; then echo "FAIL: chromium is missing under CI=true (scripts/install-deps.sh --browser installs it)"; exit 1; fi
  echo "skipped: no chromium on this machine"; exit 77
fi
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
"$xqrec" audit -q --html "$dir/report.html" "$src/corpus" 2> "$dir/audit.err"
rc=$?
# corpus/ holds damaged records: the audit finds problems (1).
[ $rc = 1 ] || { echo "FAIL: audit exited $rc"; cat "$dir/audit.err"; exit 1; }
sections=$(grep -o '<section class="game"' "$dir/report.html" | wc -l)
[ "$sections" -gt 0 ] || { echo "FAIL: no game section in the report"; exit 1; }
# Headless, a profile of its own, no sandbox (tests may run as root), no GPU.
browser() {
  timeout 180 "$chromium" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
    --user-data-dir="$dir/profile" --hide-scrollbars "$@" "file://$dir/report.html" > "$dir/chromium.log" 2>&1 ||
    { echo "FAIL: chromium $*"; tail -20 "$dir/chromium.log"; exit 1; }
}
browser --no-pdf-header-footer --print-to-pdf="$dir/report.pdf"
browser --window-size=1100,1500 --screenshot="$dir/report.png"
python3 "$(dirname "$0")/check_report.py" "$dir/report.pdf" "$dir/report.png" "$((sections + 1))" || exit 1
[ -n "$keep" ] && cp "$dir/report.png" "$keep"
echo "the report of corpus/ ($sections games shown) prints to $((sections + 1)) pages; the screenshot is not blank"

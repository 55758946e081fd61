#!/usr/bin/env bash
# The arbiter's report of the real games of ../shared/corpus, printed by
# headless Chromium: every game shown starts a page of its own, and fits
# on it — the print scale (tools/report/print_scale.h) shrinks a long
# record enough — except a section already at the smallest scale (half
# size), which may run on (docs: README "The arbiter's report"). The
# printed pages are read back with pdftotext (poppler-utils): a game's
# first page is the one with its facts line ("N plies replayed") or, for a
# file's own findings, "the file as a whole".
# Skips (77) without Chromium, pdftotext or ../shared/corpus; fails instead
# under CI=true, where the test command installs them and the corpus is there.
# Usage: real_report.sh XQREC SOURCE_DIR
set -u
xqrec=$1 src=$2
corpus=${XQREC_SHARED_CORPUS:-$src/../shared/corpus}  # as tests/shared_corpus.h finds it
. "$(dirname "$0")/chromium.sh"
missing() {
  if [ "${CI:-}" = true ]; then echo "FAIL: $1 is missing under CI=true"; exit 1; fi
  echo "skipped: $1 is missing"; exit 77
}
command -v pdftotext > /dev/null || missing "pdftotext (poppler-utils; scripts/install-deps.sh --browser)"
[ -d "$corpus" ] || missing "$corpus"
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
"$xqrec" audit -q --html "$dir/report.html" "$corpus" 2> "$dir/audit.err"
rc=$?
[ $rc = 1 ] || { echo "FAIL: audit exited $rc"; tail -3 "$dir/audit.err"; exit 1; }
browser "$dir/report.html" "$dir/chromium.log" 1500 --no-pdf-header-footer --print-to-pdf="$dir/report.pdf"
pdftotext -layout "$dir/report.pdf" "$dir/report.txt" || { echo "FAIL: pdftotext"; exit 1; }
python3 - "$dir/report.html" "$dir/report.txt" <<'PY'
import collections, re, sys
html = open(sys.argv[1], encoding="utf-8").read()
sections = re.findall(r'<section class="game" id="g\d+" data-file="([^"]*)" data-game="(\d+)"(?: data-print="(fit\d+)")?>', html)
pages = open(sys.argv[2], encoding="utf-8").read().split("\f")[:-1]
starts = [len(re.findall(r"plies\s+replayed|the\s+file\s+as\s+a\s+whole", p)) for p in pages]
first = next(i for i, n in enumerate(starts) if n)
bad = [i + 1 for i, n in enumerate(starts) if n > 1]
if bad:
    sys.exit(f"FAIL: pages {bad[:5]} hold more than one game's start")
if sum(starts) != len(sections):
    sys.exit(f"FAIL: {sum(starts)} pages start a game, {len(sections)} sections")
section, runs_on = -1, collections.Counter()
for n in starts[first:]:
    section += n
    if not n:
        runs_on[section] += 1
wrong = [(sections[k], n) for k, n in runs_on.items() if sections[k][2] != "fit50"]
scales = collections.Counter(s[2] or "full size" for s in sections)
print(f"{len(pages)} pages: {first} of summary, {len(sections)} games; scales {dict(scales)}; "
      f"{len(runs_on)} at half size run onto {sum(runs_on.values())} more pages")
if wrong:
    for (f, g, fit), n in wrong[:10]:
        print(f"  {f} game {g} ({fit or 'full size'}) runs onto {n} more pages")
    sys.exit(f"FAIL: {len(wrong)} games scaled above half size do not fit their page")
PY

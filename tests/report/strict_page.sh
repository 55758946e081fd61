#!/usr/bin/env bash
# The report of hostile records is still a well-formed page: a file name
# that is not UTF-8, tags and moves with markup, control and undecodable
# bytes, a variation that fails at its first ply, many boards. Read with a
# strict XML parser (Python's expat: it refuses control characters and
# invalid UTF-8, as a browser's XML view would), every id defined once,
# every arrow's head defined.
# Usage: strict_page.sh XQREC
set -u
xqrec=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
mkdir d
printf '[Event "a<b>&\x1b[2J\x07"]\n[Red "\xfe\xff"]\n[Black "q\x22\x27"]\n[Result "1-0"]\n\n1. h2e2 h7e7 (1... e9e5) 2. e2e5\x1bc 1-0\n' > "d/bad"$'\xfe'"<&.pgn"
printf '[Result "1/2-1/2"]\n\n1. h0g2 h9g7 2. g2h0 g7h9 3. h0g2 h9g7 4. g2h0 g7h9 1/2-1/2\n' > d/rep.pgn
"$xqrec" audit -q d --html-all r.html 2> err.txt
rc=$?
[ "$rc" = 1 ] || { echo "FAIL: audit exited $rc, expected 1 (findings): $(head -3 err.txt)"; exit 1; }
python3 - r.html <<'PY'
import re, sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()   # raises on anything that is not well-formed XML
ids = [e.get('id') for e in root.iter() if e.get('id') is not None]
dup = {i for i in ids if ids.count(i) > 1}
assert not dup, f"ids defined more than once: {sorted(dup)[:5]}"
for e in root.iter():
    m = e.get('marker-end')
    if m:
        ref = re.fullmatch(r'url\(#(.+)\)', m).group(1)
        assert ref in ids, f"arrow head {ref} is not defined"
games = [e for e in root.iter('section') if e.get('class') == 'game']
assert len(games) >= 2, f"{len(games)} game sections"
names = [g.get('data-file') for g in games]
assert any('\\xfe' in n for n in names), f"the undecodable file name is not shown by its bytes: {names}"
text = ''.join(root.itertext())
assert '\x1b' not in text and '\x07' not in text
print("ok:", len(games), "sections,", len(ids), "ids")
PY

#!/usr/bin/env bash
# Writes the code tables of docs/reader-codes.md from the registry
# (formats/include/xqrec/formats/issue_codes.def, through `xqrec codes
# --markdown`): each <!-- codes:NAME --> ... <!-- /codes:NAME --> block is
# replaced, the prose around them kept.
# Usage: scripts/codes-doc.sh XQREC [DOC] [OUT]  (OUT defaults to DOC: in place)
set -euo pipefail
xqrec=$1
doc=${2:-$(cd "$(dirname "$0")/.." && pwd)/docs/reader-codes.md}
out=${3:-$doc}
tables=$(mktemp)
trap 'rm -f "$tables" "$out.tmp"' EXIT
"$xqrec" codes --markdown > "$tables"
awk -v tables="$tables" '
  BEGIN {
    while ((getline line < tables) > 0) {
      if (match(line, /^<!-- codes:[a-z]+ -->$/)) { name = substr(line, 12, length(line) - 15); block[name] = line; continue }
      if (line ~ /^<!-- \/codes:/) { block[name] = block[name] "\n" line; name = ""; continue }
      if (name != "") block[name] = block[name] "\n" line
    }
  }
  /^<!-- codes:[a-z]+ -->$/ {
    name = substr($0, 12, length($0) - 15)
    if (!(name in block)) { print "no table " name " in xqrec codes --markdown" > "/dev/stderr"; exit 2 }
    print block[name]; skipping = 1; used[name] = 1; next
  }
  /^<!-- \/codes:/ { skipping = 0; next }
  !skipping { print }
  END { for (n in block) if (!(n in used)) { print "table " n " has no place in the doc" > "/dev/stderr"; exit 2 } }
' "$doc" > "$out.tmp"
mv "$out.tmp" "$out"

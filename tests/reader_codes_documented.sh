#!/usr/bin/env bash
# Every issue code a reader (or format detection) emits in formats/src/*.cpp
# has a row in docs/reader-codes.md, and every row there is still emitted.
# Usage: reader_codes_documented.sh [SOURCE_DIR]
set -euo pipefail
src=${1:-$(cd "$(dirname "$0")/.." && pwd)}
doc="$src/docs/reader-codes.md"
[[ -f $doc ]] || { echo "missing $doc"; exit 1; }

# Not reader codes: the audit's findings (documented in README.md and
# audit.h), convert's notes and the writers' loss notes.
emitted=$(
  for f in "$src"/formats/src/*.cpp; do
    case $(basename "$f") in
      audit_*.cpp | resolve_record.cpp | convert.cpp | *_writer.cpp) continue ;;
    esac
    # Calls may span lines: read each file as one line.
    tr '\n' ' ' <"$f" |
      grep -oE '"[a-z0-9-]+",[[:space:]]*Severity::|\.code[[:space:]]*=[[:space:]]*"[a-z0-9-]+"|(make_issue|game_issue|add_issue|issue|note|fail)\([[:space:]]*"[a-z0-9-]+"' |
      grep -oE '"[a-z0-9-]+"' | tr -d '"' || true
  done | sort -u
)
documented=$(grep -oE '^\| `[a-z0-9-]+`' "$doc" | grep -oE '[a-z0-9-]+' | sort -u)

if [[ -z $emitted ]]; then
  echo "no codes found in $src/formats/src: the patterns are out of date"
  exit 1
fi
missing=$(comm -23 <(echo "$emitted") <(echo "$documented"))
stale=$(comm -13 <(echo "$emitted") <(echo "$documented"))
status=0
if [[ -n $missing ]]; then
  echo "codes emitted in formats/src but without a row in docs/reader-codes.md:"
  echo "$missing" | sed 's/^/  /'
  status=1
fi
if [[ -n $stale ]]; then
  echo "rows in docs/reader-codes.md for codes no reader emits:"
  echo "$stale" | sed 's/^/  /'
  status=1
fi
[[ $status -eq 0 ]] && echo "$(echo "$emitted" | wc -l) reader codes, all documented"
exit $status

#!/usr/bin/env bash
# Every issue code a reader (or format detection) emits in formats/*/*.cpp
# has a row in the first table of docs/reader-codes.md, every code tools/convert
# or a *_writer.cpp emits has a row in its "Conversion and writer codes"
# section, and every row of each is still emitted there.
# Usage: reader_codes_documented.sh [SOURCE_DIR]
set -euo pipefail
src=${1:-$(cd "$(dirname "$0")/.." && pwd)}
doc="$src/docs/reader-codes.md"
[[ -f $doc ]] || { echo "missing $doc"; exit 1; }
heading='## Conversion and writer codes'
grep -qxF "$heading" "$doc" || { echo "no '$heading' section in $doc"; exit 1; }

# The codes emitted in the given files. Calls may span lines: read each
# file as one line.
codes_in() {
  for f in "$@"; do
    tr '\n' ' ' <"$f" |
      grep -oE '"[a-z0-9-]+",[[:space:]]*Severity::|\.code[[:space:]]*=[[:space:]]*"[a-z0-9-]+"|(make_issue|game_issue|add_issue|issue|note|fail)\([[:space:]]*"[a-z0-9-]+"|push_back\([[:space:]]*\{[[:space:]]*"[a-z0-9-]+"' |
      grep -oE '"[a-z0-9-]+"' | tr -d '"' || true
  done | sort -u
}
# The codes with a row in a part of the doc: before the section (readers) or
# in it (conversion and writers).
rows() {
  awk -v h="$heading" -v want="$1" '
    $0 == h { part = "convert"; next }
    /^## / && part == "convert" { part = "after" }
    (part == "" ? "reader" : part) == want' "$doc" |
    grep -oE '^\| `[a-z0-9-]+`' | grep -oE '[a-z0-9-]+' | sort -u || true
}

# Not reader codes: the audit's findings (documented in README.md and
# audit.h; resolve_record.cpp emits them too), which no table here lists.
reader_files=() convert_files=("$src"/tools/convert/*.cpp)
for f in "$src"/formats/*/*.cpp; do
  case $(basename "$f") in
    resolve_record.cpp) ;;
    *_writer.cpp) convert_files+=("$f") ;;
    *) reader_files+=("$f") ;;
  esac
done

status=0
# check NAME EMITTED DOCUMENTED WHERE
check() {
  local name=$1 emitted=$2 documented=$3 where=$4
  if [[ -z $emitted ]]; then
    echo "no $name codes found in $src/formats: the patterns are out of date"
    status=1
    return
  fi
  local missing stale
  missing=$(comm -23 <(echo "$emitted") <(echo "$documented"))
  stale=$(comm -13 <(echo "$emitted") <(echo "$documented"))
  if [[ -n $missing ]]; then
    echo "$name codes emitted in formats but without a row in $where of docs/reader-codes.md:"
    echo "$missing" | sed 's/^/  /'
    status=1
  fi
  if [[ -n $stale ]]; then
    echo "rows in $where of docs/reader-codes.md for codes the $name sources do not emit:"
    echo "$stale" | sed 's/^/  /'
    status=1
  fi
  [[ -n $missing || -n $stale ]] || echo "$(echo "$emitted" | wc -l) $name codes, all documented"
}
check reader "$(codes_in "${reader_files[@]}")" "$(rows reader)" "the reader table"
check "convert/writer" "$(codes_in "${convert_files[@]}")" "$(rows convert)" "'$heading'"
exit $status

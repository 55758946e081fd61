#!/usr/bin/env bash
# `xqrec adjudicate --json` of every game of ../shared/corpus with a
# repetition finding (the main-line rows of tests/data/rules/corpus-verdicts.tsv),
# under cxa2020, cxa2011, cxa1999 and asian, at the default depths and at
# --mate-depth 9 --check-depth 4: one file per rule set and depths in OUTDIR.
# Run it with two binaries and `diff -r` the two directories to show that a
# change of the searches keeps every answer (docs/speed-history.md).
#   usage: tests/rules/corpus/adjudicate-corpus-games.sh XQREC_BINARY OUTDIR [CORPUS]
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
bin=$1
out=$2
corpus=${3:-${XQREC_SHARED_CORPUS:-$root/../shared/corpus}}
mkdir -p "$out"
grep -v '^#' "$root/tests/data/rules/corpus-verdicts.tsv" |
  awk -F'\t' 'NR > 1 && $3 == "main" { print $1 "\t" $2 }' | sort -u > "$out/games.tsv"
judge() {  # rule set, depths ("defaults" or "9-4")
  local rules=$1 depths=$2
  local -a extra=()
  [ "$depths" = 9-4 ] && extra=(--mate-depth 9 --check-depth 4)
  while IFS=$'\t' read -r file game; do
    printf '== %s #%s\n' "$file" "$game"
    "$bin" adjudicate --game "$corpus/$file" --index "$game" --rules "$rules" "${extra[@]}" --json 2>&1 ||
      echo "exit status $?"
  done < "$out/games.tsv" > "$out/$rules-$depths.txt"
}
failed=0
for rules in cxa2020 cxa2011 cxa1999 asian; do
  judge "$rules" defaults &
  defaults=$!
  judge "$rules" 9-4 &
  deep=$!
  # A bare wait would say 0 whatever they did.
  wait "$defaults" || { echo "FAIL: $rules at the default depths"; failed=1; }
  wait "$deep" || { echo "FAIL: $rules at 9/4"; failed=1; }
done
wc -l < "$out/games.tsv" | xargs printf '%s games judged under 4 rule sets at 2 depths\n'
exit $failed

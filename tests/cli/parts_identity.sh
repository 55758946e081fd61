#!/usr/bin/env bash
# One large PGN is read in parts by the workers (--jobs 2 and more): the
# audit's JSON Lines and finding lines are byte for byte those of one job, on a file of real
# games (the shared corpus's PGN files one after another, every encoding
# and damage they have, when it is there; the project's corpus repeated
# otherwise), with a stretch of records whose cuts are no game boundaries
# (lines in movetext that begin like a tag: the parts there are refused and
# the rest of the file read again whole).
# Usage: parts_identity.sh XQREC SOURCE_DIR SHARED_CORPUS
set -u
xqrec=$1 src=$2 shared=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
big=$work/big.pgn
# The fewest games the big file must audit: the real games twice and the
# 6,000 decoys are over 13,000; the project's corpus 80 times twice and the
# decoys about 8,700.
if [ -f "$shared/MANIFEST.tsv" ]; then
  find "$shared" -name '*.pgn' -type f -print0 | sort -z | xargs -0 cat > "$work/real.pgn"
  min_games=12000
elif [ "${CI:-}" = true ]; then
  echo "shared corpus not found at $shared (CI=true: this test needs it)"; exit 1
else
  echo "shared corpus not found at $shared: the project's corpus repeated instead"
  for _ in $(seq 80); do find "$src/corpus" -name '*.pgn' -type f -print0 | sort -z | xargs -0 cat; done > "$work/real.pgn"
  min_games=8000
fi
decoys() {
  for i in $(seq 6000); do
    printf '[Event "s%d"]\n\n1. h2e2 h9g7\n[not a tag, in movetext\n2. h0g2 b9c7 1-0\n\n' "$i"
  done
}
# Real games, the decoys, real games again: parts taken, refused, read again.
{ cat "$work/real.pgn"; decoys; cat "$work/real.pgn"; } > "$big"
size=$(stat -c %s "$big")
[ "$size" -gt $((2 * 1024 * 1024)) ] || { echo "the test file has $size bytes: too small to be read in parts"; exit 1; }
status=0
same() {  # same FILE1 FILE2 WHAT
  cmp -s "$1" "$2" && return
  echo "$3 differ:"; diff "$1" "$2" | head -20; status=1
}
# The workers write each game's JSON line and finding lines (the games of a
# part numbered in the file once the parts before it are read), the main
# thread only copies them out in order: the JSON Lines alone (-q), with the
# finding lines beside them, and on standard output.
"$xqrec" audit -q --jobs 1 --jsonl "$work/j1.jsonl" "$big" > "$work/j1.out" 2>&1
"$xqrec" audit --jobs 1 --jsonl "$work/j1.text.jsonl" "$big" > "$work/j1.text" 2>&1
"$xqrec" audit --jobs 1 --jsonl - "$big" > "$work/j1.stdout.jsonl" 2>/dev/null
same "$work/j1.jsonl" "$work/j1.text.jsonl" "JSON Lines with and without the finding lines (--jobs 1)"
# 12 jobs: more workers than parts may be in flight at once (kPartsInFlight,
# audit_batch.cpp), so workers wait for a place among them.
for j in 2 3 4 12; do
  "$xqrec" audit -q --jobs $j --jsonl "$work/j$j.jsonl" "$big" > "$work/j$j.out" 2>&1
  same "$work/j1.jsonl" "$work/j$j.jsonl" "JSON Lines between --jobs 1 and --jobs $j"
  same "$work/j1.out" "$work/j$j.out" "summaries between --jobs 1 and --jobs $j"
  "$xqrec" audit --jobs $j --jsonl "$work/j$j.text.jsonl" "$big" > "$work/j$j.text" 2>&1
  same "$work/j1.jsonl" "$work/j$j.text.jsonl" "JSON Lines beside the finding lines between --jobs 1 and --jobs $j"
  same "$work/j1.text" "$work/j$j.text" "finding lines between --jobs 1 and --jobs $j"
  "$xqrec" audit --jobs $j --jsonl - "$big" > "$work/j$j.stdout.jsonl" 2>/dev/null
  same "$work/j1.stdout.jsonl" "$work/j$j.stdout.jsonl" "JSON Lines on standard output between --jobs 1 and --jobs $j"
done
games=$(grep -c '"game":[1-9]' "$work/j1.jsonl")
[ "$games" -gt "$min_games" ] || { echo "only $games games audited (at least $min_games expected)"; status=1; }
lines=$(grep -c ' game [1-9][0-9]*' "$work/j1.text")
[ "$lines" -gt 1000 ] || { echo "only $lines finding lines"; status=1; }
echo "$size bytes, $games games, $lines finding lines: JSON Lines and finding lines identical with 1, 2, 3, 4 and 12 jobs"
# A game whose comment holds a line the planning takes for a tag line
# ("[abc", the first such line past the first part's planned end) and, past
# it, a byte not valid in UTF-8: the part before that cut reads the game on
# past its end, in place since its own bytes are valid; it must be refused
# and the file read again whole, the byte decoded with its finding (lost
# with 2 jobs before, found by the review of branch jobs).
{
  printf '[Event "中炮"]\n\n1. h2e2 {'
  for _ in $(seq 4000); do printf '%070d\n' 0; done
  printf '[abc\n'
  for _ in $(seq 1000); do printf '%070d\n' 1; done
  printf '\377\n} h9g7 *\n'
  for _ in $(seq 9000); do printf '\n[Event "中炮"]\n\n1. h2e2 h9g7 *\n'; done
} > "$work/span.pgn"
"$xqrec" audit -q --jobs 1 --jsonl "$work/span1.jsonl" "$work/span.pgn" > /dev/null 2>&1
grep -q '"code":"bad-encoding"' "$work/span1.jsonl" || { echo "the invalid byte past the cut has no finding with one job"; status=1; }
for j in 2 3; do
  "$xqrec" audit -q --jobs $j --jsonl "$work/span$j.jsonl" "$work/span.pgn" > /dev/null 2>&1
  same "$work/span1.jsonl" "$work/span$j.jsonl" "JSON Lines of a game read on past its part into invalid UTF-8 between --jobs 1 and --jobs $j"
done
exit $status

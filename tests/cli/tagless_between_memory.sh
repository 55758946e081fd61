#!/usr/bin/env bash
# Real games, 30 MB of games without tags (1.1 million), the same real
# games: a part may only begin at a tag line, so the stretch is one part,
# whose audits all waited for its numbering (3.36 GB at -j2); and real
# games, then that stretch to the end of the file. Within 64 MB at -j2 and
# -j16, and the same JSON Lines as -j1.
# Usage: tagless_between_memory.sh XQREC SOURCE_DIR
set -u
xqrec=$1 src=$2
. "$(dirname "$0")/memory_test_setup.sh"
fail=0
# Real games from the corpus, repeated to about 1 MB.
real_games 1e6 games.pgn || exit 1
perl -e 'print "1. h2e2 h9g7 2. h0g2 b9c7 *\n" x 1100000' > tagless.pgn || exit 1
cat games.pgn tagless.pgn games.pgn > between.pgn || exit 1
# And such a stretch to the end of the file (the last part, which runs on
# to the end when no tag line follows).
cat games.pgn tagless.pgn > atend.pgn || exit 1
rm tagless.pgn
for f in between atend; do
  "$xqrec" audit -q -j1 --jsonl "$f-j1.jsonl" "$f.pgn" 2> /dev/null
  [ "$(cat "$f-j1.jsonl" 2> /dev/null | wc -l)" -gt 1100000 ] || { echo "FAIL: $f: fewer lines than games"; fail=1; }
  for j in 2 16; do
    python3 "$here/peak_rss.py" "$f -j$j" 65536 "'$xqrec' audit -q -j$j --jsonl $f-j$j.jsonl $f.pgn" || fail=1
    cmp -s "$f-j1.jsonl" "$f-j$j.jsonl" || { echo "FAIL: $f -j$j: JSON Lines differ from -j1"; fail=1; }
    rm -f "$f-j$j.jsonl"
  done
done
exit $fail

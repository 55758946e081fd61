#!/usr/bin/env bash
# The repetition counter's worst case at the move bound: one game of 2^20
# plies without a capture or a repeated position (distinct_game.cpp), so
# that every ply is kept and indexed, audited within a fixed peak resident
# memory with one job and two (issue 17: 61-62 MB now, with 28-byte nodes
# and the counter's 14 MiB; it took 91 MB with 40-byte nodes and a counter
# of 28 MiB, and 237 MB while an index slot was 24 bytes and the index at
# most half full).
# Usage: distinct_positions_memory.sh XQREC GENERATOR LIMIT_KB
set -u
xqrec=$(realpath "$1") generator=$(realpath "$2") limit=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
"$generator" 1048576 > distinct.pgn || { echo "FAIL: the game could not be made"; exit 1; }
fail=0
for jobs in 1 2; do
  /usr/bin/time -f %M -o rss.txt "$xqrec" audit -q -j$jobs --jsonl out.jsonl distinct.pgn > /dev/null 2> err.txt
  rc=$? rss=$(tail -1 rss.txt)
  [ "$rc" -le 1 ] || { echo "FAIL: -j$jobs: exit $rc: $(head -3 err.txt)"; fail=1; continue; }
  grep -q "^audited 1 files, 1 games, 1048576 plies" err.txt ||
    { echo "FAIL: -j$jobs: not every ply audited: $(head -1 err.txt)"; fail=1; }
  ! grep -q '"code":"repetition"' out.jsonl || { echo "FAIL: -j$jobs: a repetition where none is"; fail=1; }
  echo "2^20 distinct positions, -j$jobs: peak $((rss / 1024)) MB (limit $((limit / 1024)) MB)"
  [ "$rss" -le "$limit" ] || { echo "FAIL: -j$jobs: peak resident memory $rss KB, more than $limit KB"; fail=1; }
done
exit $fail

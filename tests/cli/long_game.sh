#!/usr/bin/env bash
# A game without captures costs linear time: the audit of a 1,000,000-ply
# game (knights going out and back, ICCS) takes at most 60 times that of a
# 40,000-ply one, 25 times the plies (the counter of repeated positions
# rescanned every key since the last capture once its filter filled: 436 s
# for the million plies; the bound leaves room for a loaded machine).
# Usage: long_game.sh XQREC
set -u
xqrec=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$(dirname "$0")/shuffle_game.sh"
shuffle_game 40000 "$work/small.pgn"
shuffle_game 1000000 "$work/big.pgn"
# elapsed FILE: nanoseconds of one audit, the best of three.
elapsed() {
  local best=
  for _ in 1 2 3; do
    local t0 t1
    t0=$(date +%s%N)
    "$xqrec" audit --jobs 1 -q "$1" 2> /dev/null
    [ $? -le 1 ] || { echo "the audit of $1 failed"; exit 1; }
    t1=$(date +%s%N)
    local d=$((t1 - t0))
    if [ -z "$best" ] || [ "$d" -lt "$best" ]; then best=$d; fi
  done
  echo "$best"
}
small=$(elapsed "$work/small.pgn")
big=$(elapsed "$work/big.pgn")
echo "40,000 plies: $((small / 1000000)) ms; 1,000,000 plies: $((big / 1000000)) ms"
if [ "$big" -gt $((60 * small + 1000000000)) ]; then
  echo "FAIL: more than 60 times the 40,000-ply audit"; exit 1
fi

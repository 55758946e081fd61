#!/usr/bin/env bash
# One game at the move bound (2^20 plies of ICCS, knights going out and back,
# no capture: 9 MB of text) is read whole and audited within a fixed peak
# resident memory, with one job and two, from the file and through a pipe
# (GNU time: heap and mapped pages alike): the bound game within the 64 MB
# of the memory bound (issue 17; 60 MB with 40-byte nodes, their locations
# a byte or two a node, 6 bytes a ply of line history and the game's text
# given back as it is read), and a game of half as many plies within what
# it takes (35 MB) and a margin. The bound game took 176 MB while a node
# was 80 bytes and the nodes grew by copying, 81 MB with 56-byte nodes.
# Usage: move_bound_memory.sh XQREC BOUND_KB HALF_KB
set -u
xqrec=$(realpath "$1") bound_kb=$2 half_kb=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
. "$(dirname "$0")/shuffle_game.sh"
. "$(dirname "$0")/long_game_peak.sh"
shuffle_game 1048576 bound.pgn
for jobs in 1 2; do
  long_game_peak "2^20 plies, -j$jobs, file" "$bound_kb" 1048576 "'$xqrec' audit -q -j$jobs bound.pgn"
  long_game_peak "2^20 plies, -j$jobs, pipe" "$bound_kb" 1048576 "cat bound.pgn | '$xqrec' audit -q -j$jobs -"
done
shuffle_game 524288 half.pgn
for jobs in 1 2; do
  long_game_peak "2^19 plies, -j$jobs, file" "$half_kb" 524288 "'$xqrec' audit -q -j$jobs half.pgn"
  long_game_peak "2^19 plies, -j$jobs, pipe" "$half_kb" 524288 "cat half.pgn | '$xqrec' audit -q -j$jobs -"
done
# The bound itself: one ply more is cut, with its finding.
shuffle_game 1048577 over.pgn
"$xqrec" audit -q -j1 over.pgn --jsonl over.jsonl 2> /dev/null
grep -q '"code":"too-large"' over.jsonl || { echo "FAIL: a game past the bound is not cut with too-large"; fail=1; }
exit $fail

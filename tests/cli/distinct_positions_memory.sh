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
. "$(dirname "$(realpath "$0")")/long_game_peak.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
"$generator" 1048576 > distinct.pgn || { echo "FAIL: the game could not be made"; exit 1; }
fail=0
for jobs in 1 2; do
  label="2^20 distinct positions, -j$jobs"
  long_game_peak "$label" "$limit" 1048576 "'$xqrec' audit -q -j$jobs --jsonl out.jsonl distinct.pgn" || continue
  ! grep -q '"code":"repetition"' out.jsonl || { echo "FAIL: $label: a repetition where none is"; fail=1; }
done
exit $fail

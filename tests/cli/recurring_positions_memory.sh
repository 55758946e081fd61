#!/usr/bin/env bash
# Positions that recur without reaching the threshold, at the move bound:
# a game of 2^20 plies in which every position occurs twice (twice_game.cpp,
# threshold 3), and the shuffle game of 2^20 plies (four positions, each
# 262,144 times) at --threshold 1000000, audited within a fixed peak
# resident memory with one job and two, from the file and a pipe (issue 17). Before the counter held
# a count in each index slot, a link for every ply that repeats a position
# took the first to 67-69 MB and the second to 82 MB.
# Usage: recurring_positions_memory.sh XQREC GENERATOR LIMIT_KB
set -u
xqrec=$(realpath "$1") generator=$(realpath "$2") limit=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$(dirname "$(realpath "$0")")/shuffle_game.sh"
. "$(dirname "$(realpath "$0")")/long_game_peak.sh"
cd "$work" || exit 1
"$generator" 1048576 > twice.pgn || { echo "FAIL: the game could not be made"; exit 1; }
shuffle_game 1048576 shuffle.pgn
fail=0
# peak LABEL GAME THRESHOLD JOBS [pipe]: audits GAME (through a pipe
# when asked) within the limit, and checks that it found no repetition.
peak() {
  local label=$1 game=$2 threshold=$3 jobs=$4
  local audit="'$xqrec' audit -q -j$jobs --threshold $threshold --jsonl out.jsonl"
  if [ "${5:-}" = pipe ]; then audit="cat '$game' | $audit -"; else audit="$audit '$game'"; fi
  long_game_peak "$label" "$limit" 1048576 "$audit" || return
  ! grep -q '"code":"repetition"' out.jsonl || { echo "FAIL: $label: a repetition where none is"; fail=1; }
}
for jobs in 1 2; do
  peak "2^20 plies, each position twice, -j$jobs" twice.pgn 3 "$jobs"
  peak "the shuffle game at --threshold 1000000, -j$jobs" shuffle.pgn 1000000 "$jobs"
done
peak "2^20 plies, each position twice, -j2, pipe" twice.pgn 3 2 pipe
peak "the shuffle game at --threshold 1000000, -j2, pipe" shuffle.pgn 1000000 2 pipe
exit $fail

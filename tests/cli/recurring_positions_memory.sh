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
cd "$work" || exit 1
"$generator" 1048576 > twice.pgn || { echo "FAIL: the game could not be made"; exit 1; }
shuffle_game 1048576 shuffle.pgn
fail=0
# peak LABEL GAME THRESHOLD JOBS [pipe]: audits GAME (through a pipe
# when asked), checks that every ply was replayed and no repetition
# found, and fails past the limit.
peak() {
  local label=$1 game=$2 threshold=$3 jobs=$4 rc rss
  local audit="'$xqrec' audit -q -j$jobs --threshold $threshold --jsonl out.jsonl"
  if [ "${5:-}" = pipe ]; then audit="cat '$game' | $audit -"; else audit="$audit '$game'"; fi
  /usr/bin/time -f %M -o rss.txt bash -c "$audit" > /dev/null 2> err.txt
  rc=$? rss=$(tail -1 rss.txt)
  [ "$rc" -le 1 ] || { echo "FAIL: $label: exit $rc: $(head -3 err.txt)"; fail=1; return; }
  grep -q "^audited 1 files, 1 games, 1048576 plies" err.txt ||
    { echo "FAIL: $label: not every ply audited: $(head -1 err.txt)"; fail=1; }
  ! grep -q '"code":"repetition"' out.jsonl || { echo "FAIL: $label: a repetition where none is"; fail=1; }
  echo "$label: peak $((rss / 1024)) MB (limit $((limit / 1024)) MB)"
  [ "$rss" -le "$limit" ] || { echo "FAIL: $label: peak resident memory $rss KB, more than $limit KB"; fail=1; }
}
for jobs in 1 2; do
  peak "2^20 plies, each position twice, -j$jobs" twice.pgn 3 "$jobs"
  peak "the shuffle game at --threshold 1000000, -j$jobs" shuffle.pgn 1000000 "$jobs"
done
peak "2^20 plies, each position twice, -j2, pipe" twice.pgn 3 2 pipe
peak "the shuffle game at --threshold 1000000, -j2, pipe" shuffle.pgn 1000000 2 pipe
exit $fail

# Sourced by the memory tests of one long game (move_bound_memory.sh,
# distinct_positions_memory.sh, recurring_positions_memory.sh):
# long_game_peak LABEL LIMIT_KB PLIES COMMAND runs the audit COMMAND (a shell
# command) in the current folder, checks that it replayed all PLIES plies of
# its one game, and sets fail=1 when it did not or its peak RSS (GNU time:
# heap and mapped pages alike) passed LIMIT_KB. It returns 1 only when the
# audit itself failed, so that a caller reads the audit's output only after
# a run that wrote it.
long_game_peak() {
  local label=$1 limit=$2 plies=$3 command=$4 rc rss
  /usr/bin/time -f %M -o rss.txt bash -c "$command" > /dev/null 2> err.txt
  rc=$? rss=$(tail -1 rss.txt)
  [ "$rc" -le 1 ] || { echo "FAIL: $label: exit $rc: $(head -3 err.txt)"; fail=1; return 1; }
  grep -q "^audited 1 files, 1 games, $plies plies" err.txt ||
    { echo "FAIL: $label: not every ply audited: $(head -1 err.txt)"; fail=1; }
  echo "$label: peak $((rss / 1024)) MB (limit $((limit / 1024)) MB)"
  [ "$rss" -le "$limit" ] || { echo "FAIL: $label: peak resident memory $rss KB, more than $limit KB"; fail=1; }
  return 0
}

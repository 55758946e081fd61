#!/usr/bin/env bash
# Any --jobs within 64 MB (issue 17): a large PGN (the project's real games
# repeated to 40 MB, read in parts by the workers) and a tree of 3,000
# one-game files, audited with 16 and 64 jobs on any machine (and with 16
# on one CPU), stay under 64 MB of peak resident memory: what each worker
# holds (its memo of move texts, its readers' storage, malloc's arenas)
# must not grow with --jobs.
# Usage: jobs_memory.sh XQREC SOURCE_DIR
set -u
xqrec=$1 src=$2
. "$(dirname "$0")/memory_test_setup.sh"
real_games 40e6 big.pgn || exit 1
mkdir tree
for i in $(seq 3000); do cp "$src/corpus/games/li-zanan-vs-chen-weixiong.pgn" tree/$i.pgn; done
fail=0
# peak LABEL ARGS...: fails when the audit's peak RSS passes 64 MB; run
# under $pin (a command prefix) when it is set.
pin=
peak() {
  local label=$1
  shift
  python3 "$here/peak_rss.py" "$label" 65536 "$pin '$xqrec' audit -q $*" || fail=1
}
for j in 16 64; do
  peak "audit -j$j, a 40 MB PGN" -j $j big.pgn
done
for j in 16 64; do
  peak "audit -j$j, a tree of 3,000 files" -j $j tree
done
# On one CPU (taskset), whatever the machine's cores: more workers than
# CPUs, the case above on a machine of 16 or 64 cores too. The workers wait
# idle and give back their storage, and malloc's arenas are capped at the
# CPUs the process may use.
if command -v taskset > /dev/null && taskset -c 0 true 2> /dev/null; then
  pin="taskset -c 0"
  peak "audit -j16 on one CPU, a 40 MB PGN" -j 16 big.pgn
  peak "audit -j16 on one CPU, a tree of 3,000 files" -j 16 tree
  pin=
fi
exit $fail

#!/usr/bin/env bash
# The figures of the README's "Speed" section, in one run on one machine:
# the real games of ../shared/corpus (each distinct game once) beside
# generated ones, every ratio against a baseline measured in the same run.
# Usage: bench/readme-figures.sh [build-dir]   (a Release build; valgrind
# for the instruction counts). Takes about five minutes on two cores; run it
# on an idle machine, since the ratios of 2 jobs to 1 need both cores.
set -eu
cd "$(dirname "$0")/.."
build=${1:-build/release}
xqrec=$build/tools/xqrec
bench=$build/bench/xqrec_bench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores, $(uname -sr); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
# The binaries do not know their commit: the tree's commit is printed, and
# the binaries' own digests and modification times, so that a run of another build (a
# baseline copied aside) is told apart.
echo "source tree: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
for b in "$xqrec" "$bench"; do
  echo "binary: $b sha256 $(sha256sum "$b" | cut -c1-12), modified $(date -u -r "$b" '+%Y-%m-%d %H:%M UTC')"
done
echo

# In process (net of start-up): the real games as one ICCS and one GBK PGN,
# their cycles one by one, 1 and 2 jobs on a file and a tree, and the
# generated games' audit beside.
XQREC_BENCH_DIR=$work "$bench" real-audit real-cycles real-jobs audit

# Whole process: time and peak resident memory (GNU time's %M).
echo
run() {  # label, then the command
  local label=$1
  shift
  local best=999999 rss=0
  for _ in 1 2 3; do
    /usr/bin/time -f '%e %M' -o "$work/t" "$@" > /dev/null 2>&1 || true
    # The last line: GNU time puts "Command exited with non-zero status"
    # first when the audit reports findings (exit 1).
    read -r t m < <(tail -1 "$work/t")
    best=$(echo "if ($t < $best) $t else $best" | bc -l)
    [ "$m" -gt "$rss" ] && rss=$m
  done
  printf '%-60s best of 3: %6.2f s, peak RSS %d MB\n' "$label" "$best" $((rss / 1024))
}
for j in 1 2; do
  run "xqrec audit -q -j$j, the real games as one ICCS PGN" "$xqrec" audit -q -j$j "$work/all.pgn"
  run "xqrec audit -q -j$j, the same through a pipe" sh -c "cat '$work/all.pgn' | '$xqrec' audit -q -j$j -"
  run "xqrec audit -q -j$j, a tree of one file per game" "$xqrec" audit -q -j$j "$work/tree"
  run "xqrec audit -q -j$j ../shared/corpus (every format)" "$xqrec" audit -q -j$j ../shared/corpus
done

# Instructions (callgrind: deterministic, unlike the times on a shared VM):
# per game of the audit of the real ICCS PGN, and per judged cycle in it.
if command -v valgrind > /dev/null; then
  echo
  valgrind --tool=callgrind --callgrind-out-file="$work/cg" "$xqrec" audit -q -j1 --jsonl "$work/out.jsonl" "$work/all.pgn" > /dev/null 2>&1 || true
  games=$(wc -l < "$work/out.jsonl")
  cycles=$(grep -c '"code":"repetition"' "$work/out.jsonl" || true)
  total=$(callgrind_annotate "$work/cg" 2>/dev/null | sed -n 's/^ *\([0-9,]*\) .*PROGRAM TOTALS.*/\1/p' | tr -d ,)
  judged=$(callgrind_annotate --inclusive=yes "$work/cg" 2>/dev/null | grep 'rules::adjudicate_cycle(' | head -1 | sed 's/^ *\([0-9,]*\).*/\1/' | tr -d ,)
  echo "instructions: $total for $games games = $((total / games)) a game; adjudicate_cycle $judged for $cycles judged cycles = $((judged / (cycles > 0 ? cycles : 1))) a cycle; the rest $(((total - judged) / games)) a game"
fi

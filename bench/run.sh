#!/usr/bin/env bash
# Runs the benchmarks with their baselines, in one run on one machine, and
# prints the figures the README reports. Usage: bench/run.sh [build-dir]
# Needs a Release build; installs Debian's fairy-stockfish for the perft
# baseline if it is missing (as root).
set -eu
cd "$(dirname "$0")/.."
build=${1:-build/release}
[ -x "$build/tools/xqrec" ] || { cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build "$build" -j "$(nproc)"; }
if ! command -v fairy-stockfish > /dev/null && [ ! -x /usr/games/fairy-stockfish ]; then
  apt-get install -y -qq fairy-stockfish > /dev/null 2>&1 || echo "(fairy-stockfish not available: no perft baseline)"
fi
fsf=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores, $(uname -sr)"
echo

best_time() {  # best of three wall-clock times of a command, in seconds
  local best=999999
  for _ in 1 2 3; do
    local t0 t1 t
    t0=$(date +%s.%N); "$@" > /dev/null; t1=$(date +%s.%N)
    t=$(echo "$t1 - $t0" | bc -l)
    best=$(echo "if ($t < $best) $t else $best" | bc -l)
  done
  echo "$best"
}

nodes=133312995
ours=$(best_time "$build/tools/xqrec" perft --depth 5)
echo "whole-process perft 5 from the start: xqrec $(printf '%.2f' "$ours") s = $(echo "$nodes / $ours / 1000000" | bc -l | xargs printf '%.1f') M nodes/s"
if [ -x "$fsf" ]; then
  fsf_run() { printf 'uci\nsetoption name UCI_Variant value xiangqi\nposition startpos\ngo perft 5\nquit\n' | "$fsf"; }
  theirs=$(best_time fsf_run)
  echo "baseline fairy-stockfish $(dpkg-query -W -f='${Version}' fairy-stockfish 2>/dev/null): $(printf '%.2f' "$theirs") s = $(echo "$nodes / $theirs / 1000000" | bc -l | xargs printf '%.1f') M nodes/s"
  echo "ratio xqrec / fairy-stockfish: $(echo "$theirs / $ours" | bc -l | xargs printf '%.2f')x"
fi
echo
"$build/bench/xqrec_bench"

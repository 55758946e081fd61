#!/usr/bin/env bash
# One fuzzing campaign: builds the fuzz targets with clang (libFuzzer, ASan,
# UBSan) in build/fuzz and runs TARGET for SECONDS from its seeds
# (tests/fuzz/seeds/NAME), in a working corpus build/fuzz/corpus/NAME that
# grows between runs. Then minimises that corpus (libFuzzer -merge=1) into
# build/fuzz/minimised/NAME; with --keep, what the campaign adds to the
# hand-made and generated seeds (the files at the top of tests/fuzz/seeds/NAME,
# never touched) becomes tests/fuzz/seeds/NAME/campaign-DATE/, replacing the
# campaign folders kept before (their inputs were read and merged too; review
# the diff before committing). A crash leaves its input as build/fuzz/crash-*
# and the script exits non-zero.
# --cpu: SECONDS is CPU time, not wall time: the target runs at nice 19 (the
# machine stays usable) in runs of at most 600 s resuming one working corpus,
# until the runs' user + system time (time(1)) reaches SECONDS; the totals of
# executions and CPU time are printed at the end. A campaign of a CPU-hour
# on a shared machine: scripts/fuzz.sh --cpu --keep cbl 3600.
# Usage: scripts/fuzz.sh [--keep] [--cpu] TARGET SECONDS   (TARGET: pgn, xqf, cbr,
#        cbl, cbf, dhtmlxq, json, fen_lines, position, fen, round_trip)
set -eu
cd "$(dirname "$0")/.."
keep=0 cpu=0
while [ $# -gt 0 ]; do
  case "$1" in
    --keep) keep=1; shift ;;
    --cpu) cpu=1; shift ;;
    *) break ;;
  esac
done
[ $# = 2 ] || { sed -n 2,20p "$0"; exit 2; }
name=$1 seconds=$2
command -v clang++ > /dev/null || { echo "clang++ is needed (Debian: clang, libclang-rt-14-dev)"; exit 2; }
[ $cpu = 0 ] || [ -x /usr/bin/time ] || { echo "--cpu needs GNU time (Debian: time)"; exit 2; }
cmake -S . -B build/fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DXQREC_FUZZ=ON \
      -DXQREC_BUILD_BENCH=OFF > /dev/null
cmake --build build/fuzz -j "$(nproc)" --target "fuzz_$name" > /dev/null
bin=$PWD/build/fuzz/tests/fuzz/fuzz_$name
seeds=$PWD/tests/fuzz/seeds/$name
corpus=$PWD/build/fuzz/corpus/$name
mkdir -p "$corpus"
cd build/fuzz
status=0
if [ $cpu = 0 ]; then
  "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "$corpus" "$seeds" \
    2> "fuzz-$name.log" || status=$?
  grep -E "^stat::|^#[0-9]+.*DONE|ERROR|SUMMARY" "fuzz-$name.log" | tail -20
else
  : > "fuzz-$name.log"
  # CPU time in hundredths of a second: a short run's whole seconds would
  # round to nothing and the loop would never end.
  used=0 used_cs=0 runs=0 execs=0 wall=0 idle=0
  while [ $used -lt "$seconds" ] && [ $status = 0 ]; do
    left=$((seconds - used)) start=$(date +%s)
    : > "fuzz-$name.cpu"
    LC_ALL=C /usr/bin/time -f "%U %S" -o "fuzz-$name.cpu" nice -n 19 "$bin" -max_total_time=$((left < 600 ? left : 600)) \
      -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "$corpus" "$seeds" 2> "fuzz-$name.run" || status=$?
    cat "fuzz-$name.run" >> "fuzz-$name.log"
    cs=$(tail -1 "fuzz-$name.cpu" | awk 'NF == 2 { printf "%d", ($1 + $2) * 100 }')
    [ -n "$cs" ] || { echo "$name: no CPU time measured (fuzz-$name.cpu)"; status=2; break; }
    # Two runs in a row without CPU time: the target does not run.
    if [ "$cs" = 0 ]; then idle=$((idle + 1)); else idle=0; fi
    [ $idle -lt 2 ] || { echo "$name: two runs used no CPU time"; status=2; break; }
    used_cs=$((used_cs + cs)) used=$((used_cs / 100)) runs=$((runs + 1)) wall=$((wall + $(date +%s) - start))
    n=$(sed -n 's/^stat::number_of_executed_units: *//p' "fuzz-$name.run" | tail -1)
    execs=$((execs + ${n:-0}))
    echo "$name: run $runs, CPU ${used} s of $seconds, $execs executions"
  done
  grep -E "^#[0-9]+.*DONE|ERROR|SUMMARY" "fuzz-$name.run" | tail -5
  echo "$name: $runs runs, ${wall} s wall, ${used} s CPU (user + system), $execs executions"
fi
rm -rf "minimised/$name"; mkdir -p "minimised/$name"
"$bin" -merge=1 "minimised/$name" "$corpus" "$seeds" 2> /dev/null || true
echo "$name: $(ls "minimised/$name" | wc -l) inputs in the minimised corpus (build/fuzz/minimised/$name)"
if [ $keep = 1 ] && [ $status = 0 ]; then
  # Merged into a copy of the top-level seeds, the inputs that add coverage
  # to them are the new files: those are the campaign kept.
  kept=keep/$name
  rm -rf "$kept" && mkdir -p "$kept/merged"
  find "$seeds" -maxdepth 1 -type f -exec cp {} "$kept/merged/" \;
  (cd "$kept/merged" && ls) | sort > "$kept/top"
  "$bin" -merge=1 "$kept/merged" "$corpus" "$seeds" 2> /dev/null || true
  campaign=$seeds/campaign-$(date +%F)
  mkdir -p "$kept/new"
  (cd "$kept/merged" && ls) | sort | comm -23 - "$kept/top" | while read -r f; do mv "$kept/merged/$f" "$kept/new/"; done
  find "$seeds" -mindepth 1 -maxdepth 1 -type d -name 'campaign-*' -exec rm -rf {} +
  mv "$kept/new" "$campaign"
  echo "kept: tests/fuzz/seeds/$name/$(basename "$campaign") ($(ls "$campaign" | wc -l) inputs beside $(wc -l < "$kept/top") top-level seeds)"
fi
exit $status

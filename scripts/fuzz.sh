#!/usr/bin/env bash
# One fuzzing campaign: builds the fuzz targets with clang (libFuzzer, ASan,
# UBSan) in build/fuzz and runs TARGET for SECONDS from its seeds
# (tests/fuzz/seeds/NAME), in a working corpus build/fuzz/corpus/NAME that
# grows between runs. Then minimises that corpus (libFuzzer -merge=1) into
# build/fuzz/minimised/NAME; with --keep, the minimised corpus replaces the
# seeds (review the diff before committing). A crash leaves its input as
# build/fuzz/crash-* and the script exits non-zero.
# Usage: scripts/fuzz.sh [--keep] TARGET SECONDS   (TARGET: pgn, xqf, cbr, cbl,
#        cbf, dhtmlxq, json, position, fen, round_trip)
set -eu
cd "$(dirname "$0")/.."
keep=0
[ "${1:-}" = --keep ] && { keep=1; shift; }
[ $# = 2 ] || { sed -n 2,11p "$0"; exit 2; }
name=$1 seconds=$2
command -v clang++ > /dev/null || { echo "clang++ is needed (Debian: clang, libclang-rt-14-dev)"; exit 2; }
cmake -S . -B build/fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DXQREC_FUZZ=ON \
      -DXQREC_BUILD_BENCH=OFF > /dev/null
cmake --build build/fuzz -j "$(nproc)" --target "fuzz_$name" > /dev/null
bin=$PWD/build/fuzz/tests/fuzz/fuzz_$name
seeds=$PWD/tests/fuzz/seeds/$name
corpus=$PWD/build/fuzz/corpus/$name
mkdir -p "$corpus"
cd build/fuzz
status=0
"$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "$corpus" "$seeds" \
  2> "fuzz-$name.log" || status=$?
grep -E "^stat::|^#[0-9]+.*DONE|ERROR|SUMMARY" "fuzz-$name.log" | tail -20
rm -rf "minimised/$name"; mkdir -p "minimised/$name"
"$bin" -merge=1 "minimised/$name" "$corpus" "$seeds" 2> /dev/null || true
echo "$name: $(ls "minimised/$name" | wc -l) inputs in the minimised corpus (build/fuzz/minimised/$name)"
if [ $keep = 1 ] && [ $status = 0 ]; then
  rm -rf "$seeds" && cp -r "minimised/$name" "$seeds"
  echo "seeds replaced: tests/fuzz/seeds/$name"
fi
exit $status

#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds in Release and runs
# every test (the slow label included), then builds with AddressSanitizer and
# UndefinedBehaviorSanitizer and runs everything but the slow label.
set -eu
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --browser
jobs=$(nproc)

cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build build/release -j "$jobs"
ctest --test-dir build/release -j "$jobs" --output-on-failure

# -O1 -g1: quick to build, line numbers in sanitizer reports.
cmake -S . -B build/sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
      -DXQREC_SANITIZE=ON -DXQREC_BUILD_BENCH=OFF > /dev/null
cmake --build build/sanitize -j "$jobs"
ctest --test-dir build/sanitize -j "$jobs" --output-on-failure -LE slow

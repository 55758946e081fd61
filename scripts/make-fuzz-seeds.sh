#!/usr/bin/env bash
# Regenerates the generated fuzz seeds under tests/fuzz/seeds/ (DhtmlXQ, CBF,
# JSON and the compressed CBL library) with scripts/fuzz-seeds/make_fuzz_seeds,
# built on request in BUILD_DIR (default build). With --check, writes them to
# a temporary folder instead and fails if any differs from the committed one.
# Usage: scripts/make-fuzz-seeds.sh [--check] [BUILD_DIR]
set -eu
cd "$(dirname "$0")/.."
check=0
if [ "${1:-}" = --check ]; then check=1; shift; fi
build=${1:-build}
# Configure (again): the target is known only to a build folder configured
# since it was added. Release is the default build type.
cmake -S . -B "$build" > /dev/null
cmake --build "$build" --target xqrec_make_fuzz_seeds -j 2 > /dev/null
generator=$(find "$build/scripts" -name xqrec_make_fuzz_seeds -type f -perm -u+x | head -1)
[ -n "$generator" ] || { echo "make-fuzz-seeds: the generator was not built" >&2; exit 2; }
if [ $check = 0 ]; then
  "$generator" tests/fuzz/seeds
  echo "fuzz seeds written under tests/fuzz/seeds/ (git status shows what changed)"
  exit 0
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$generator" "$out"
status=0
while IFS= read -r f; do
  rel=${f#"$out"/}
  if ! cmp -s "$f" "tests/fuzz/seeds/$rel"; then echo "differs: tests/fuzz/seeds/$rel"; status=1; fi
done < <(find "$out" -type f | sort)
[ $status = 0 ] && echo "the generated seeds are the committed ones ($(find "$out" -type f | wc -l) files)"
exit $status

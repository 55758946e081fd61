#!/usr/bin/env bash
# Rewrites tests/data/rules/corpus-verdicts.tsv from the current build's
# verdicts on ../shared/corpus. Only after a reviewed rule change (see the top
# of that file); review `git diff` of it before committing.
#   usage: tests/rules/corpus/update-corpus-verdicts.sh [BUILD_DIR]   (default: build)
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
build=${1:-$root/build}
cmake --build "$build" --target test_rules_corpus
XQREC_UPDATE_CORPUS_VERDICTS=1 "$build/tests/test_rules_corpus" '[corpus]'
git -C "$root" diff --stat -- tests/data/rules/corpus-verdicts.tsv

#!/usr/bin/env bash
# The main job on the shipped corpus: installs what is missing, builds in
# Release, and audits every record of corpus/ (real games re-written by our
# writers, and damaged records). Findings are expected: the damaged records
# are there to show them. Exits non-zero only if something could not run.
set -eu
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# Only the command: the tests are the second command's job.
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build build/release -j "$(nproc)" --target xqrec_cli
echo
echo "== xqrec audit corpus/ --jsonl build/audit.jsonl --html build/report.html"
status=0
build/release/tools/xqrec audit corpus/ --jsonl build/audit.jsonl --html build/report.html || status=$?
echo
echo "(exit status $status: 0 no errors, 1 errors found in the records, 2 usage or I/O error;"
echo " one JSON object per game in build/audit.jsonl; the arbiter's printable report in build/report.html)"
[ "$status" -lt 2 ]

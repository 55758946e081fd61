#!/usr/bin/env bash
# docs/reader-codes.md holds the tables the registry gives
# (scripts/codes-doc.sh regenerates them): fails with the difference when
# someone edits a code in issue_codes.def without the doc, or the doc alone.
# Usage: codes_doc_current.sh XQREC SOURCE_DIR
set -u
xqrec=$1 src=$2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
bash "$src/scripts/codes-doc.sh" "$xqrec" "$src/docs/reader-codes.md" "$out" || exit 1
if ! diff -u "$src/docs/reader-codes.md" "$out"; then
  echo "docs/reader-codes.md is not what the registry gives: run scripts/codes-doc.sh $xqrec"
  exit 1
fi
echo "docs/reader-codes.md matches the registry"

#!/usr/bin/env bash
# Golden audit test: the audit of corpus/REL must print exactly the JSON
# Lines stored in tests/corpus-golden/REL.expected.jsonl. Run from the
# source directory so that the file names in the output are relative.
# Usage: run.sh XQREC SOURCE_DIR REL
set -u
xqrec=$1 source_dir=$2 rel=$3
cd "$source_dir" || exit 2
record=corpus/$rel expected=tests/corpus-golden/$rel.expected.jsonl
actual=$(mktemp)
trap 'rm -f "$actual"' EXIT
"$xqrec" audit --jobs 1 --jsonl - "$record" > "$actual" 2> /dev/null
status=$?
if [ "$status" -ge 2 ]; then echo "xqrec audit failed with status $status"; exit 1; fi
if ! cmp -s "$actual" "$expected"; then
  echo "the audit of $record differs from $expected:"
  diff "$expected" "$actual" | head -20
  exit 1
fi

#!/usr/bin/env bash
# Golden audit test: the audit of a record of corpus/ must print exactly the
# JSON Lines stored next to it (RECORD.expected.jsonl). Run from the source
# directory so that the file names in the output are relative.
set -u
xqrec=$1 source_dir=$2 record=$3
cd "$source_dir" || exit 2
actual=$(mktemp)
trap 'rm -f "$actual"' EXIT
"$xqrec" audit --jobs 1 --jsonl - "$record" > "$actual" 2> /dev/null
status=$?
if [ "$status" -ge 2 ]; then echo "xqrec audit failed with status $status"; exit 1; fi
if ! cmp -s "$actual" "$record.expected.jsonl"; then
  echo "the audit of $record differs from $record.expected.jsonl:"
  diff "$record.expected.jsonl" "$actual" | head -20
  exit 1
fi

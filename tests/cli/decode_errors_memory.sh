#!/usr/bin/env bash
# Long stretches of bytes not valid in the input's encoding, read without a
# flush of the reader's pending errors (a line ignored after a result):
# 12 MB of ISO-2022-JP escape sequences, every other one redundant (an
# error of its own, 2 million of them), and 12 MB of bytes never valid in
# UTF-8 (one run). Within 64 MB with -j1, -j2 and -j16, from a file and a
# pipe, with the same JSON Lines whatever the jobs (issue 17: the pending
# errors were kept one by one: 127 and 700 MB).
# Usage: decode_errors_memory.sh XQREC
set -u
xqrec=$1
. "$(dirname "$0")/memory_test_setup.sh"
fail=0
# Short games before and after, so that -jN reads the file in parts.
perl -e 'print "[Event \"g$_\"]\n\n1. h2e2 h9g7 2. h0g2 b9c7 1-0\n\n" for 1..40000' > games.pgn || exit 1
{ cat games.pgn; perl -e 'print "[Event \"x\"]\n\n1. h2e2 h9g7 1-0 ", "\e\$B" x 4000000, "\n\n"'; cat games.pgn; } > iso.pgn || exit 1
{ cat games.pgn; perl -e 'print "[Event \"x\"]\n\n1. h2e2 h9g7 1-0 ", "\xFF" x 12000000, "\n\n"'; cat games.pgn; } > utf8.pgn || exit 1
rm games.pgn
for f in iso:ISO-2022-JP utf8:UTF-8; do
  name=${f%%:*} enc=${f#*:}
  python3 "$here/peak_rss.py" "$name -j1" 65536 "'$xqrec' audit -q -j1 --input-encoding $enc --jsonl $name-ref.jsonl $name.pgn" || fail=1
  grep -q '"bad-encoding"' "$name-ref.jsonl" || { echo "FAIL: $name: no bad-encoding finding"; fail=1; }
  for j in 2 16; do
    python3 "$here/peak_rss.py" "$name -j$j" 65536 "'$xqrec' audit -q -j$j --input-encoding $enc --jsonl $name-j$j.jsonl $name.pgn" || fail=1
    cmp -s "$name-ref.jsonl" "$name-j$j.jsonl" || { echo "FAIL: $name -j$j: JSON Lines differ from -j1"; fail=1; }
    rm -f "$name-j$j.jsonl"
  done
  python3 "$here/peak_rss.py" "$name pipe -j2" 65536 "'$xqrec' audit -q -j2 --input-encoding $enc --jsonl $name-pipe.jsonl - < $name.pgn" || fail=1
  sed 's/"file":"-"/"file":"'"$name"'.pgn"/' "$name-pipe.jsonl" | cmp -s "$name-ref.jsonl" - ||
    { echo "FAIL: $name pipe: JSON Lines differ from -j1"; fail=1; }
done
exit $fail

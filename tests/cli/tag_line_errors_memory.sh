#!/usr/bin/env bash
# A tag line of a megabyte with every other byte not valid UTF-8: each
# undecodable byte a run of its own, all read with the line (a tag line is
# read whole, up to 1 MiB of text, and cut there), in the tag's value or
# after it. Within the limit with -j1 and -j2, from a file and a pipe,
# with the same JSON Lines whatever the jobs (issue 17: each run was held
# until the line was read, 80 bytes each: 62 and 71 MB with -j1 and -j2
# for the lines that are cut, 47 and 55 MB for those read whole; after a
# second tag on the line, or a value holding a `[`, 62 / 70 and 47 / 55 MB
# until the count went past the line's tags; then 41 / 49 and 34 / 42 MB,
# and 36 / 44 and 30 / 39 MB with the window's source offsets in four
# bytes, not eight).
# Usage: tag_line_errors_memory.sh XQREC LIMIT_KB
set -u
xqrec=$(realpath "$1") limit=$2
. "$(dirname "$0")/memory_test_setup.sh"
fail=0
# Short games before and after, so that -j2 reads the file in parts.
perl -e 'print "[Event \"g$_\"]\n\n1. h2e2 h9g7 2. h0g2 b9c7 1-0\n\n" for 1..2000' > games.pgn || exit 1
{ cat games.pgn; perl -e 'print "[Event \"", "\xFFa" x 524000, "\"]\n\n1. h2e2 h9g7 1-0\n\n"'; cat games.pgn; } > cut.pgn || exit 1
{ cat games.pgn; perl -e 'print "[Event \"", "\xFFa" x 250000, "\"]\n\n1. h2e2 h9g7 1-0\n\n"'; cat games.pgn; } > whole.pgn || exit 1
{ cat games.pgn; perl -e 'print "[Event \"x\"] ", "\xFFa" x 524000, "\n\n1. h2e2 h9g7 1-0\n\n"'; cat games.pgn; } > cut-after.pgn || exit 1
{ cat games.pgn; perl -e 'print "[Event \"x\"] ", "\xFFa " x 250000, "\n\n1. h2e2 h9g7 1-0\n\n"'; cat games.pgn; } > whole-after.pgn || exit 1
# After two tags on the line, and after a value holding a `[`.
{ cat games.pgn; perl -e 'print "[Event \"a\"][Site \"b\"] ", "\xFFa" x 524000, "\n\n1. h2e2 h9g7 1-0\n\n"'; cat games.pgn; } > cut-two-tags.pgn || exit 1
{ cat games.pgn; perl -e 'print "[Event \"a[b]\"] ", "\xFFa" x 250000, "\n\n1. h2e2 h9g7 1-0\n\n"'; cat games.pgn; } > whole-bracket-value.pgn || exit 1
rm games.pgn
for name in cut whole cut-after whole-after cut-two-tags whole-bracket-value; do
  python3 "$here/peak_rss.py" "$name -j1" "$limit" "'$xqrec' audit -q -j1 --input-encoding UTF-8 --jsonl $name-ref.jsonl $name.pgn" || fail=1
  grep -q '"bad-encoding"' "$name-ref.jsonl" || { echo "FAIL: $name: no bad-encoding finding"; fail=1; }
  python3 "$here/peak_rss.py" "$name -j2" "$limit" "'$xqrec' audit -q -j2 --input-encoding UTF-8 --jsonl $name-j2.jsonl $name.pgn" || fail=1
  cmp -s "$name-ref.jsonl" "$name-j2.jsonl" || { echo "FAIL: $name -j2: JSON Lines differ from -j1"; fail=1; }
  python3 "$here/peak_rss.py" "$name pipe -j2" "$limit" "'$xqrec' audit -q -j2 --input-encoding UTF-8 --jsonl $name-pipe.jsonl - < $name.pgn" || fail=1
  sed 's/"file":"-"/"file":"'"$name"'.pgn"/' "$name-pipe.jsonl" | cmp -s "$name-ref.jsonl" - ||
    { echo "FAIL: $name pipe: JSON Lines differ from -j1"; fail=1; }
done
grep -q '"token-too-long"' cut-ref.jsonl || { echo "FAIL: the long tag line is not cut"; fail=1; }
exit $fail

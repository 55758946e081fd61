#!/usr/bin/env bash
# A PGN with no game boundary for hundreds of megabytes costs a window of
# memory, not its size (issue 17's 64 MB bound), from the file and
# through a pipe: games without tag sections (no place to cut the file in
# parts: the planning pass searched it all, its pages held), a comment of
# 300 MB (cut at 1 MiB with comment-too-long; the scan for its end held
# the file), 300 MB of text ignored after a game's result (one line after
# another, all held), and such a stretch between real games (one part of
# 200 MB, read by one worker, all held). Slow: writes and reads about
# 1.1 GB.
# Usage: no_boundary_memory.sh XQREC SOURCE_DIR
set -u
xqrec=$1 src=$2
. "$(dirname "$0")/memory_test_setup.sh"
fail=0
# peak LABEL SHELL-COMMAND: runs it, fails when its peak RSS passes 64 MB;
# its standard error (the summary) goes to out.txt.
peak() { python3 "$here/peak_rss.py" "$1" 65536 "$2" out.txt || fail=1; }
# expect WHAT PATTERN: the last summary says so (a pattern that starts at
# "audited": "1 games" alone would match "11 games").
expect() {
  grep -q -- "$2" out.txt || { echo "FAIL: $1: no '$2' in: $(head -c 300 out.txt)"; fail=1; }
}
# 100 MB of games without tags, 3.6 million of them.
perl -e 'print "1. h2e2 h9g7 2. h0g2 b9c7 *\n" x 3600000' > tagless.pgn || exit 1
peak "tagless games, -j2 FILE" "'$xqrec' audit -q -j2 tagless.pgn"
expect "tagless games" "audited 1 files, 3600000 games"
peak "tagless games, -j2 - (a pipe)" "cat tagless.pgn | '$xqrec' audit -q -j2 -"
expect "tagless games through a pipe" "audited 1 files, 3600000 games"
rm tagless.pgn
# One game, one comment of 300 MB.
perl -e 'print "[Event \"x\"]\n\n1. h2e2 {"; print((("a long comment " x 8) . "\n") x 2500000); print "} h9g7 *\n"' > comment.pgn || exit 1
for j in 1 2; do
  peak "a 300 MB comment, -j$j FILE" "'$xqrec' audit -j$j comment.pgn > lines.txt"
  grep -q "comment-too-long" lines.txt || { echo "FAIL: a 300 MB comment: no comment-too-long finding"; fail=1; }
  grep -q "audited 1 files, 1 games" lines.txt || { echo "FAIL: a 300 MB comment: $(tail -c 300 lines.txt)"; fail=1; }
done
peak "a 300 MB comment, -j2 - (a pipe)" "cat comment.pgn | '$xqrec' audit -q -j2 -"
expect "a 300 MB comment through a pipe" "audited 1 files, 1 games"
[ "$(stat -c %s comment.pgn)" -gt 300000000 ] || { echo "FAIL: comment.pgn is too short"; fail=1; }
rm comment.pgn
# One game, then 300 MB of lines ignored after its result.
perl -e 'print "[Event \"x\"]\n\n1. h2e2 h9g7 *\n"; print((("ignored text " x 8) . "\n") x 2900000)' > ignored.pgn || exit 1
[ "$(stat -c %s ignored.pgn)" -gt 300000000 ] || { echo "FAIL: ignored.pgn is too short"; fail=1; }
for j in 1 2; do
  peak "300 MB ignored after a result, -j$j FILE" "'$xqrec' audit -q -j$j ignored.pgn"
  expect "300 MB ignored" "audited 1 files, 1 games"
done
peak "300 MB ignored after a result, -j2 - (a pipe)" "cat ignored.pgn | '$xqrec' audit -q -j2 -"
expect "300 MB ignored through a pipe" "audited 1 files, 1 games"
# Real games, that stretch, real games: the file is read in parts, one of
# them the whole stretch.
real_games 8e6 games.pgn || exit 1
cat games.pgn ignored.pgn games.pgn > between.pgn || exit 1
rm ignored.pgn
n1=$("$xqrec" audit -q -j1 games.pgn 2>&1 | sed -n 's/^audited 1 files, \([0-9]*\) games.*/\1/p')
peak "300 MB ignored between real games, -j2 FILE" "'$xqrec' audit -q -j2 between.pgn"
expect "300 MB between real games" "audited 1 files, $((2 * n1 + 1)) games"
peak "300 MB ignored between real games, -j2 - (a pipe)" "cat between.pgn | '$xqrec' audit -q -j2 -"
expect "300 MB between real games through a pipe" "audited 1 files, $((2 * n1 + 1)) games"
exit $fail

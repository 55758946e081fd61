#!/usr/bin/env bash
# A 300 MB PGN costs a window of memory, not its size (the speed issue's
# 64 MB bound): audited with two jobs from the file, through a pipe, and
# from a redirected standard input, and selected, the peak resident memory
# of each run (getrusage of the child: file pages mapped and touched count
# as well as the heap) stays under 64 MB; and so does one game of 230,000
# moves, as XQF and PGN, and a file of games of mixed sizes at --jobs 2
# and 4. Slow: writes and reads 400 MB.
# Usage: memory_bound.sh XQREC SOURCE_DIR
set -u
xqrec=$1 src=$2
. "$(dirname "$0")/memory_test_setup.sh"
# The project's real game, 360,000 times: 306 MB of ICCS PGN.
perl -e 'local $/; open F, $ARGV[0] or die; $g = <F>; $g =~ s/\n*$/\n\n/; print $g x 360000' \
  "$src/corpus/games/li-zanan-vs-chen-weixiong.pgn" > big.pgn
fail=0
# peak LABEL SHELL-COMMAND: runs it, fails when its peak RSS passes 64 MB.
peak() { python3 "$here/peak_rss.py" "$1" 65536 "$2" || fail=1; }
peak "audit -j2 FILE" "'$xqrec' audit -q -j2 big.pgn"
peak "audit -j1 FILE" "'$xqrec' audit -q -j1 big.pgn"
peak "audit -j2 - (a pipe)" "cat big.pgn | '$xqrec' audit -q -j2 -"
peak "audit -j2 - < FILE" "'$xqrec' audit -q -j2 - < big.pgn"
peak "select --list" "'$xqrec' select big.pgn --list"
# One game of 230,000 moves (the size of an opening library of the real
# corpus, 921 KB of XQF): the real game's first ten plies 23,000 times as
# variations of its first move, written by our own writers. It reads whole
# (a game is not cut), so its nodes must be small: 84 MB before GameNode
# lost its inline comments.
"$xqrec" convert "$src/corpus/games/li-zanan-vs-chen-weixiong.pgn" -o iccs.pgn --notation iccs > /dev/null 2>&1
perl -e 'local $/; open F, $ARGV[0] or die; ($tags, $moves) = split /\n\n/, <F>, 2;
  @t = ($moves =~ /\b([a-i]\d-?[a-i]\d)\b/gi); die "no moves" unless @t > 20;
  $v = "(" . join(" ", map { ($_ % 2 ? "" : (1 + $_ / 2) . ". ") . $t[$_] } 0..9) . ")";
  print "$tags\n\n1. $t[0] ", "$v " x 23000, join(" ", @t[1..$#t]), " *\n"' iccs.pgn > tree.pgn
"$xqrec" convert tree.pgn -o tree.xqf > /dev/null 2>&1
peak "audit -j1 one XQF game of 230,000 moves" "'$xqrec' audit -q -j1 tree.xqf"
peak "audit -j2 one XQF game of 230,000 moves" "'$xqrec' audit -q -j2 tree.xqf"
peak "audit -j2 one PGN game of 230,000 moves" "'$xqrec' audit -q -j2 tree.pgn"
# Games of every size, as in a real archive: the real game 19 times, then
# one of 3,000 moves (its first ten plies 300 times as variations), 3,000
# times over. Records handed between the threads are reused, and a reused
# record keeps the storage of the largest game it ever held: bounded by
# their count alone they grew to 290 MB at --jobs 2 on real games.
perl -e 'local $/; open F, $ARGV[0] or die; $g = <F>; $g =~ s/\n*$/\n\n/; ($tags, $moves) = split /\n\n/, $g, 2;
  @t = ($moves =~ /\b([a-i]\d-?[a-i]\d)\b/gi); die "no moves" unless @t > 20;
  $v = "(" . join(" ", map { ($_ % 2 ? "" : (1 + $_ / 2) . ". ") . $t[$_] } 0..9) . ")";
  $long = "$tags\n\n1. $t[0] " . ("$v " x 300) . join(" ", @t[1..$#t]) . " *\n\n";
  print(($g x 19) . $long) for 1..3000' iccs.pgn > mixed.pgn
peak "audit -j2 games of mixed sizes" "'$xqrec' audit -q -j2 mixed.pgn"
peak "audit -j4 games of mixed sizes" "'$xqrec' audit -q -j4 mixed.pgn"
nodes=$("$xqrec" convert tree.xqf -o - --to json 2>/dev/null | grep -o '"iccs"' | wc -l)
[ "$nodes" -ge 230000 ] || { echo "FAIL: the XQF game holds $nodes moves, not 230,000 and more"; fail=1; }
# The games were all read.
n=$("$xqrec" audit -q -j2 - < big.pgn 2>&1 | sed -n 's/^audited 1 files, \([0-9]*\) games.*/\1/p')
[ "$n" = 360000 ] || { echo "FAIL: the audit read $n games, not 360000"; fail=1; }
exit $fail

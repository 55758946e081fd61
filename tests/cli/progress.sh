#!/usr/bin/env bash
# The progress line on a terminal (issue 17): for a single large file, the
# bytes read of its size and an ETA, not only a count of files; nothing of
# it when standard error is not a terminal. The terminal is script(1)'s
# (util-linux, in every Debian).
# Usage: progress.sh XQREC SOURCE_DIR
set -u
xqrec=$1 src=$2
command -v script > /dev/null || { echo "skipped: no script(1)"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
perl -e 'local $/; open F, $ARGV[0] or die; $g = <F>; $g =~ s/\n*$/\n\n/; print $g x 6000' \
  "$src/corpus/games/li-zanan-vs-chen-weixiong.pgn" > big.pgn
script -qec "'$xqrec' audit -q big.pgn" /dev/null > tty.txt 2>&1
line=$(tr '\r' '\n' < tty.txt | grep -a 'files 1/1' | tail -1)
echo "last progress line: $line"
# The last line: all of the file's megabytes read, its games counted.
mb=$(awk -v n="$(wc -c < big.pgn)" 'BEGIN { printf "%.1f", n / 1e6 }')
case $line in
  *" $mb of $mb MB"*"games 6000"*ETA*) ;;
  *) echo "FAIL: the last progress line does not show the $mb MB read of the file's $mb MB: '$line'"; exit 1 ;;
esac
"$xqrec" audit -q big.pgn 2> err.txt > /dev/null
if grep -aq 'ETA' err.txt; then echo "FAIL: progress written to a standard error that is not a terminal"; exit 1; fi
exit 0

#!/usr/bin/env bash
# Output waiting to be delivered is bounded in bytes (issue 17's 64 MB
# bound): a damaged GBK archive whose games' lines and audits are many
# times their text (an invalid byte on every line of movetext: dozens of
# findings a game, until the file's issue limit, past which the parts are
# refused and the file is read again whole) is audited with 2 and 16 jobs
# within 64 MB of peak resident memory, its JSON Lines and finding lines
# those of one job. The archive is the project's four GBK games, damaged
# and repeated to 5 MB here. Under the sanitizers (LIMIT_KB 0) the memory
# is not checked (their shadow memory alone passes 64 MB), the lines are.
# Usage: output_memory.sh XQREC SOURCE_DIR LIMIT_KB
set -u
xqrec=$1 src=$2 limit=$3
. "$(dirname "$0")/memory_test_setup.sh"
perl -e 'local $/; open F, $ARGV[0] or die; $t = <F>; $t =~ s/\r//g;
  @g = grep { /\S/ } split /(?=^\[Game )/m, $t; die "no games" unless @g == 4;
  for (@g) { s/^(\d+\.[^\n]*)$/$1 \xFF/mg; s/\n*$/\n\n/ }
  print join("", @g) x 1000' "$src/corpus/games/four-games-gbk.pgn" > damaged.pgn || exit 1
fail=0
# peak LABEL JOBS: the audit with JSON Lines and finding lines; fails when
# its peak RSS passes 64 MB or its lines differ from one job's.
peak() {
  python3 "$here/peak_rss.py" "$1" "$limit" "'$xqrec' audit -j $2 --jsonl games$2.jsonl damaged.pgn > lines$2.txt" ||
    fail=1
}
peak "audit -j1" 1
for j in 2 16; do
  peak "audit -j$j" $j
  cmp -s games1.jsonl games$j.jsonl || { echo "FAIL: JSON Lines differ between --jobs 1 and --jobs $j"; fail=1; }
  cmp -s lines1.txt lines$j.txt || { echo "FAIL: finding lines differ between --jobs 1 and --jobs $j"; fail=1; }
done
# The archive is what it should be: 4,000 games, and findings many times its size.
games=$(wc -l < games1.jsonl)
[ "$games" = 4000 ] || { echo "FAIL: $games games audited, not 4000"; fail=1; }
size=$(stat -c %s damaged.pgn) out=$(( $(stat -c %s games1.jsonl) + $(stat -c %s lines1.txt) ))
[ "$out" -gt "$size" ] || { echo "FAIL: the lines ($out bytes) are not larger than the archive ($size bytes)"; fail=1; }
echo "$size bytes of archive, $out bytes of lines"
exit $fail

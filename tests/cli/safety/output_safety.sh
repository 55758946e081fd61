#!/usr/bin/env bash
# Outputs never destroy data: one scenario per call, in a fresh directory.
# Usage: output_safety.sh XQREC SOURCE_DIR SCENARIO
# Each scenario fails (exit 1, saying what) when an input is overwritten,
# an output of the run overwrites another, a failed run changes an existing
# file, or a temporary file stays behind or is read by a walk.
set -u
xqrec=$1 src=$2 scenario=$3
games=$src/corpus/games
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
die() { echo "FAIL ($scenario): $*"; fail=1; }
# expect_rc WANT CMD...: runs CMD, checks its exit status.
expect_rc() {
  local want=$1; shift
  "$@" > out.txt 2> err.txt
  local rc=$?
  [ "$rc" = "$want" ] || die "'$*' exited $rc, expected $want; stderr: $(head -3 err.txt)"
}
same() { cmp -s "$1" "$2" || die "$1 was changed"; }
# wait_for_temporary DIR: until a temporary file shows in DIR (at most 10 s).
wait_for_temporary() {
  for _ in $(seq 100); do
    [ -n "$(find "$1" -name '.xqrec-tmp-*' 2> /dev/null)" ] && return 0
    sleep 0.1
  done
  return 1
}
no_temporaries() {
  local left
  left=$(find . -name '.xqrec-tmp-*' | head -3)
  [ -z "$left" ] || die "temporary files left behind: $left"
}

case $scenario in
jsonl-is-input)
  cp "$games/li-zanan-vs-chen-weixiong.pgn" v.pgn; cp v.pgn keep.pgn
  ln v.pgn hard.pgn; ln -s v.pgn sym.pgn
  mkdir d; cp v.pgn d/in.pgn
  echo v.pgn > list; cp list list.keep
  expect_rc 2 "$xqrec" audit --jsonl v.pgn v.pgn
  expect_rc 2 "$xqrec" audit --jsonl hard.pgn v.pgn
  expect_rc 2 "$xqrec" audit --jsonl sym.pgn v.pgn
  expect_rc 2 "$xqrec" audit --jsonl d/in.pgn d
  expect_rc 2 "$xqrec" audit --from-list list --jsonl list
  grep -q "is an input" err.txt || die "the refusal does not say why"
  same v.pgn keep.pgn; same d/in.pgn keep.pgn; same list list.keep
  # Standard output appended to an input by the shell (>>): refused too.
  "$xqrec" audit v.pgn >> v.pgn 2> err.txt; [ $? = 2 ] || die "audit >> input did not exit 2"
  grep -q "standard output is an input" err.txt || die "audit >> input: $(cat err.txt)"
  "$xqrec" convert v.pgn -o - >> v.pgn 2> err.txt; [ $? = 2 ] || die "convert -o - >> input did not exit 2"
  "$xqrec" duplicates d >> d/in.pgn 2> err.txt; [ $? = 2 ] || die "duplicates >> input did not exit 2"
  same v.pgn keep.pgn; same d/in.pgn keep.pgn
  ;;
report-is-input)
  cp "$games/li-zanan-vs-chen-weixiong.pgn" v.pgn; cp v.pgn keep.pgn
  expect_rc 2 "$xqrec" convert v.pgn -o o.pgn --report v.pgn
  same v.pgn keep.pgn
  [ ! -e o.pgn ] || die "a refused run wrote its -o output"
  expect_rc 2 "$xqrec" convert v.pgn -o o.pgn --report o.pgn
  [ ! -e o.pgn ] || die "a refused run wrote its -o output"
  expect_rc 2 "$xqrec" convert v.pgn -o v.pgn
  same v.pgn keep.pgn
  ;;
collide-extensions)
  mkdir c
  cp "$games/song-daoxin-vs-bu-fengbo.pgn" c/a.pgn
  cp "$games/to-hungtu-vs-zhou-shijie.xqf" c/a.xqf
  cp "$games/yang-xialin-vs-ke-yongqing.ubb" c/a.ubb
  expect_rc 0 "$xqrec" convert c -o out --report r.jsonl
  [ "$(ls out | tr '\n' ' ')" = "a.pgn.pgn a.ubb.pgn a.xqf.pgn " ] || die "outputs: $(ls out)"
  [ "$(grep -c '"output-renamed"' r.jsonl)" = 3 ] || die "renamings not reported"
  grep -q 'into 3 outputs' err.txt || die "summary: $(cat err.txt)"
  # A read-me beside a record is not read and takes no name: d/a.pgn stays a.pgn.
  mkdir d
  cp "$games/song-daoxin-vs-bu-fengbo.pgn" d/a.pgn
  echo "notes about the game" > d/a.md
  expect_rc 0 "$xqrec" convert d -o outd --report rd.jsonl
  [ "$(ls outd | tr '\n' ' ')" = "a.pgn " ] || die "outputs beside a read-me: $(ls outd)"
  grep -q '"output-renamed"' rd.jsonl && die "a read-me renamed a record's output"
  grep -q '"not-a-record"' rd.jsonl || die "the read-me is not named"
  ;;
collide-folders)
  mkdir a b
  cp "$games/song-daoxin-vs-bu-fengbo.pgn" a/x.pgn
  cp "$games/yang-xialin-vs-ke-yongqing.pgn" b/x.pgn
  expect_rc 0 "$xqrec" convert a/x.pgn b/x.pgn -o out/
  [ "$(ls out | tr '\n' ' ')" = "x.pgn-2.pgn x.pgn.pgn " ] || die "outputs of two files: $(ls out)"
  grep -q "SONG DaoXin" out/x.pgn.pgn || die "out/x.pgn.pgn is not a/x.pgn's game"
  expect_rc 0 "$xqrec" convert a b -o out2
  [ "$(ls out2 | wc -l)" = 2 ] || die "outputs of two folders: $(ls out2)"
  ;;
collide-case)
  # Names that differ only in case are one name on a case-insensitive file
  # system: the plan renames as for any clash.
  mkdir c
  cp "$games/song-daoxin-vs-bu-fengbo.pgn" c/A.pgn
  cp "$games/to-hungtu-vs-zhou-shijie.xqf" c/a.xqf
  expect_rc 0 "$xqrec" convert c -o out
  [ "$(ls out | tr '\n' ' ')" = "A.pgn.pgn a.xqf.pgn " ] || die "outputs of A.pgn and a.xqf: $(ls out)"
  ;;
file-folder-clash)
  # out/a.pgn would be the output of a.xqf and the folder of a.pgn/'s
  # outputs: refused before anything is written.
  mkdir -p d/a.pgn
  cp "$games/to-hungtu-vs-zhou-shijie.xqf" d/a.xqf
  cp "$games/song-daoxin-vs-bu-fengbo.pgn" d/a.pgn/x.pgn
  expect_rc 2 "$xqrec" convert d -o out
  grep -q "both the output of" err.txt || die "the refusal does not say why: $(cat err.txt)"
  [ ! -e out ] || die "a refused run wrote $(find out)"
  # An output whose name an existing folder holds: refused up front too.
  mkdir -p out2/a.pgn
  expect_rc 2 "$xqrec" convert d/a.xqf -o out2/
  grep -q "is a folder" err.txt || die "no refusal for a folder in the way: $(cat err.txt)"
  # A file where the folder of the outputs should be: refused up front too.
  echo keep > k2.pgn; cp k2.pgn k2.keep
  mkdir e; cp d/a.xqf e/; cp d/a.pgn/x.pgn e/
  expect_rc 2 "$xqrec" convert e -o k2.pgn
  grep -q "k2.pgn is not a folder" err.txt || die "no refusal for a file in the way: $(cat err.txt)"
  grep -q "cannot create" err.txt && die "convert DIR -o FILE tried to write: $(cat err.txt)"
  same k2.pgn k2.keep
  expect_rc 2 "$xqrec" convert e/a.xqf e/x.pgn -o k2.pgn
  grep -q "k2.pgn is not a folder" err.txt || die "two inputs, -o FILE: $(cat err.txt)"
  same k2.pgn k2.keep
  ;;
collide-numbered)
  mkdir b
  cp "$games/four-games-gbk.pgn" b/b.pgn
  cp "$games/song-daoxin-vs-bu-fengbo.cbf" b/b.0001.cbf
  "$xqrec" convert b -o out --to cbf > /dev/null 2> err.txt
  [ "$(ls out | wc -l)" = 5 ] || die "4 + 1 games, outputs: $(ls out)"
  grep -q 'into 5 outputs' err.txt || die "summary: $(cat err.txt)"
  ;;
own-corpus)
  # Every game of corpus/ has an output of its own (two were lost before).
  "$xqrec" convert "$src/corpus" -o out --to cbf > /dev/null 2> err.txt
  games_read=$(sed -n 's/^converted \([0-9]*\) games.*/\1/p' err.txt)
  outputs=$(find out -type f | wc -l)
  [ -n "$games_read" ] && [ "$games_read" = "$outputs" ] || die "$games_read games, $outputs outputs"
  ;;
failed-run-keeps-output)
  echo keep > k.pgn; cp k.pgn k.keep; echo keep > r.jsonl
  expect_rc 2 "$xqrec" convert /nonexistent -o k.pgn --report r.jsonl
  same k.pgn k.keep; same r.jsonl k.keep
  expect_rc 2 "$xqrec" audit /nonexistent --jsonl k.pgn
  same k.pgn k.keep
  expect_rc 2 "$xqrec" duplicates /nonexistent --jsonl k.pgn
  same k.pgn k.keep
  # A folder that holds no game: duplicates has nothing to say, an existing
  # output stays (the audit reports the file that is not a record).
  mkdir -p nogames; echo "just notes" > nogames/README.txt
  "$xqrec" duplicates nogames --jsonl k.pgn > /dev/null 2>&1
  same k.pgn k.keep
  no_temporaries
  ;;
html-outputs)
  # audit --html: never an input, never standard output, never beside --jsonl
  # on the same file; a run that read nothing keeps an existing report.
  cp "$games/li-zanan-vs-chen-weixiong.pgn" v.pgn; cp v.pgn keep.pgn; ln -s v.pgn sym.pgn
  expect_rc 2 "$xqrec" audit v.pgn --html v.pgn
  expect_rc 2 "$xqrec" audit v.pgn --html-all sym.pgn
  grep -q "is an input" err.txt || die "the refusal does not say why: $(cat err.txt)"
  expect_rc 2 "$xqrec" audit v.pgn --html -
  expect_rc 2 "$xqrec" audit v.pgn --html r.html --jsonl r.html
  expect_rc 2 "$xqrec" audit v.pgn --html r.html --html-all r2.html
  expect_rc 2 "$xqrec" audit v.pgn --html ""
  expect_rc 2 "$xqrec" audit v.pgn --jsonl ""
  same v.pgn keep.pgn
  [ ! -e r.html ] && [ ! -e r2.html ] || die "a refused run wrote a report"
  # The shell's standard output is the report too: refused, not written twice into.
  "$xqrec" audit v.pgn --html s.html > s.html 2> err.txt; [ $? = 2 ] || die "--html s.html > s.html did not exit 2"
  grep -q "standard output" err.txt || die "the refusal does not say why: $(cat err.txt)"
  [ ! -s s.html ] || die "--html s.html > s.html wrote into it"
  # A run over an empty directory reads nothing but fails nothing: a whole
  # report of no game, never an empty file.
  mkdir empty
  "$xqrec" audit -q empty --html e.html 2> /dev/null
  tail -c 8 e.html | grep -q '</html>' || die "an empty run's report is not a whole page: $(head -c 80 e.html)"
  echo keep > k.html; cp k.html k.keep
  expect_rc 2 "$xqrec" audit /nonexistent --html k.html
  same k.html k.keep
  # A run that reads: the report replaces the old file whole, nothing left beside it.
  "$xqrec" audit -q v.pgn --html-all k.html 2> /dev/null
  grep -q '<section class="game"' k.html || die "--html-all wrote no game section"
  tail -c 8 k.html | grep -q '</html>' || die "the report is not complete"
  no_temporaries
  ;;
select-outputs)
  # select's outputs get the checks every output gets: never an input, never
  # a failed run's victim, written whole.
  cp "$games/li-zanan-vs-chen-weixiong.pgn" v.pgn; cp v.pgn keep.pgn; ln v.pgn hard.pgn
  mkdir d; cp v.pgn d/in.pgn
  expect_rc 2 "$xqrec" select v.pgn -o v.pgn
  expect_rc 2 "$xqrec" select v.pgn -o hard.pgn
  expect_rc 2 "$xqrec" select v.pgn --list --report v.pgn
  expect_rc 2 "$xqrec" select d -o d/in.pgn
  "$xqrec" select v.pgn --list >> v.pgn 2> err.txt; [ $? = 2 ] || die "select --list >> input did not exit 2"
  same v.pgn keep.pgn; same d/in.pgn keep.pgn
  echo keep > k.pgn; cp k.pgn k.keep
  expect_rc 2 "$xqrec" select /nonexistent -o k.pgn --report r.jsonl
  same k.pgn k.keep
  [ ! -e r.jsonl ] || die "a run that read nothing created its report"
  expect_rc 0 "$xqrec" select v.pgn -o k.pgn
  cmp -s k.pgn k.keep && die "a selection that was read did not replace k.pgn"
  # Read, but no game selected: an existing output stays, as convert's does.
  cp k.pgn k.before
  expect_rc 0 "$xqrec" select v.pgn --player NOBODY -o k.pgn
  same k.pgn k.before
  grep -q "no game selected: k.pgn is left as it was" err.txt || die "select selecting nothing: $(cat err.txt)"
  expect_rc 0 "$xqrec" select v.pgn --player NOBODY -o new.pgn
  [ -e new.pgn ] && [ ! -s new.pgn ] || die "a new output of a run selecting nothing is not an empty file"
  expect_rc 0 "$xqrec" select v.pgn -o xq --to xqf
  [ -s xq/0001.xqf ] || die "select -o xq --to xqf wrote no xq/0001.xqf"
  # With --db, the index and the files it names are inputs too.
  expect_rc 0 "$xqrec" index d --db i.sqlite
  cp i.sqlite i.keep
  expect_rc 2 "$xqrec" select --db i.sqlite -o i.sqlite
  expect_rc 2 "$xqrec" select --db i.sqlite -o d/in.pgn
  expect_rc 2 "$xqrec" select --db i.sqlite --list --report d/in.pgn
  same i.sqlite i.keep; same d/in.pgn keep.pgn
  no_temporaries
  ;;
temporaries-removed-on-signal)
  cp "$games/li-zanan-vs-chen-weixiong.pgn" v.pgn
  set -m  # background jobs then keep SIGINT (a shell without job control ignores it for them)
  for sig in INT TERM HUP; do
    (cat v.pgn; sleep 10) | "$xqrec" convert - -o "out-$sig.pgn" 2> /dev/null &
    wait_for_temporary . || die "no temporary file while writing"
    kill -"$sig" %1
    wait %1 2> /dev/null
    no_temporaries
    [ ! -e "out-$sig.pgn" ] || die "SIG$sig: an interrupted run committed its output"
  done
  ;;
temporaries-not-read)
  # What kill -9 leaves behind is named so that a walk reports it, unread.
  cp "$games/li-zanan-vs-chen-weixiong.pgn" v.pgn
  set -m
  mkdir w
  (cat v.pgn; sleep 10) | "$xqrec" convert - -o w/out.pgn 2> /dev/null &
  wait_for_temporary w || die "no temporary file while writing (the scenario tests nothing)"
  kill -9 %1; wait %1 2> /dev/null
  cp v.pgn w/
  expect_rc 0 "$xqrec" audit w --jsonl -
  grep -q '"temporary-output"' out.txt || die "the walk did not report the temporary file"
  [ "$(grep -c '"game":1' out.txt)" = 1 ] || die "the temporary file was read as records"
  ;;
long-output-name)
  cp "$games/li-zanan-vs-chen-weixiong.pgn" v.pgn
  name=$(printf 'a%.0s' $(seq 1 246)).pgn
  expect_rc 0 "$xqrec" convert v.pgn -o "$name"
  [ -s "$name" ] || die "no 250-byte output"
  expect_rc 0 "$xqrec" audit v.pgn --jsonl "$name.x"
  [ -s "$name.x" ] || die "no 252-byte --jsonl output"
  # --db: SQLite keeps NAME-wal and NAME-shm beside the index, so a name of
  # up to NAME_MAX - 4 bytes works (created, then updated), and a longer one
  # is refused with exit 2 before anything is written; no empty file stays.
  for length in 247 248 251; do
    db=$(printf 'b%.0s' $(seq 1 $((length - 4)))).sql
    expect_rc 0 "$xqrec" index v.pgn --db "$db"
    expect_rc 0 "$xqrec" index v.pgn --db "$db"
    grep -q "1 unchanged" err.txt || die "the second run on a $length-byte --db: $(cat err.txt)"
    expect_rc 0 "$xqrec" select --db "$db" --list
    [ -s out.txt ] || die "select --db of a $length-byte index listed nothing"
    rm -f "$db"
  done
  # The empty file an older xqrec left behind (or one made by hand): replaced
  # by the index, its mode kept.
  db=$(printf 'b%.0s' $(seq 1 246)).sql
  : > "$db"; chmod 640 "$db"
  expect_rc 0 "$xqrec" index v.pgn --db "$db"
  [ -s "$db" ] && [ "$(stat -c %a "$db")" = 640 ] || die "an empty 250-byte --db was not made an index, mode kept"
  rm -f "$db"
  db=$(printf 'b%.0s' $(seq 1 248)).sql
  expect_rc 2 "$xqrec" index v.pgn --db "$db"
  grep -q "leaves no room for SQLite" err.txt || die "a 252-byte --db: $(cat err.txt)"
  [ ! -e "$db" ] || die "a refused --db left a file"
  # A new index that cannot be made leaves nothing; an existing one stays.
  mkdir ro; chmod 555 ro
  if ! touch ro/probe 2> /dev/null; then
    expect_rc 2 "$xqrec" index v.pgn --db ro/i.sqlite
    [ -z "$(ls -A ro)" ] || die "a failed --db left $(ls -A ro)"
  fi
  chmod 755 ro
  no_temporaries
  ;;
output-mode)
  cp "$games/li-zanan-vs-chen-weixiong.pgn" v.pgn
  (umask 077; "$xqrec" convert v.pgn -o private.pgn 2> /dev/null)
  [ "$(stat -c %a private.pgn)" = 600 ] || die "umask 077 gave mode $(stat -c %a private.pgn)"
  (umask 022; "$xqrec" convert v.pgn -o shared.pgn 2> /dev/null)
  [ "$(stat -c %a shared.pgn)" = 644 ] || die "umask 022 gave mode $(stat -c %a shared.pgn)"
  chmod 640 shared.pgn
  (umask 022; "$xqrec" audit v.pgn --jsonl shared.pgn > /dev/null)
  [ "$(stat -c %a shared.pgn)" = 640 ] || die "a replaced file's mode became $(stat -c %a shared.pgn)"
  # --db too: a new index gets the umask's mode (its -wal and -shm follow
  # it), an index updated keeps its own.
  for mask in 0 022 077; do
    (umask $mask; "$xqrec" index v.pgn --db "i$mask.sqlite" 2> /dev/null)
    want=$(printf '%o' $((0666 & ~0$mask)))
    [ "$(stat -c %a "i$mask.sqlite")" = "$want" ] || die "index --db with umask $mask gave mode $(stat -c %a "i$mask.sqlite")"
  done
  chmod 600 i0.sqlite
  (umask 0; "$xqrec" index v.pgn --db i0.sqlite --rebuild 2> /dev/null)
  [ "$(stat -c %a i0.sqlite)" = 600 ] || die "an index rebuilt changed its mode to $(stat -c %a i0.sqlite)"
  ;;
stdout-full)
  # Item 10: a write error on standard output is an error, said on stderr.
  cp "$games/li-zanan-vs-chen-weixiong.pgn" v.pgn
  "$xqrec" audit v.pgn > /dev/full 2> err.txt
  [ $? = 2 ] || die "audit > /dev/full did not exit 2"
  grep -q "cannot write standard output" err.txt || die "audit > /dev/full said nothing"
  "$xqrec" fen "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w" > /dev/full 2> err.txt
  [ $? = 2 ] || die "fen > /dev/full did not exit 2"
  "$xqrec" --version > /dev/full 2> /dev/null
  [ $? = 2 ] || die "--version > /dev/full did not exit 2"
  # convert -o - stops at the first failed write instead of converting the
  # rest for nothing: fewer games than the folder holds are read.
  "$xqrec" convert "$games" --to pgn -o - > /dev/full 2> err.txt
  [ $? = 2 ] || die "convert -o - > /dev/full did not exit 2"
  grep -q "cannot write -: No space left on device" err.txt || die "convert -o - > /dev/full said nothing: $(cat err.txt)"
  all=$("$xqrec" convert "$games" --to pgn -o - 2>&1 > /dev/null | sed -n 's/^converted \([0-9]*\) games.*/\1/p')
  part=$(sed -n 's/^converted \([0-9]*\) games.*/\1/p' err.txt)
  [ -n "$all" ] && [ -n "$part" ] && [ "$part" -lt "$all" ] || die "convert went on after the failed write ($part of $all games)"
  ;;
closed-pipe-sigpipe-ignored)
  # Item 10: a reader that goes away (| head) ends a command quietly, also
  # when the parent set SIGPIPE to ignored (then writes fail with EPIPE).
  for _ in $(seq 300); do cat "$games/four-games-gbk.pgn"; done > big.pgn
  for cmd in "audit --jsonl - big.pgn" "convert big.pgn -o -" "duplicates --jsonl - big.pgn" "select big.pgn -o -"; do
    (trap '' PIPE; "$xqrec" $cmd 2> err.txt | head -c 1 > /dev/null; echo "${PIPESTATUS[0]}" > rc.txt)
    [ "$(cat rc.txt)" != 2 ] || die "'$cmd | head' exited 2 with SIGPIPE ignored: $(head -2 err.txt)"
    grep -q "cannot write" err.txt && die "'$cmd | head' complained: $(grep 'cannot write' err.txt | head -1)"
  done
  ;;
terminal-escapes)
  # Item 11: control characters from records and file names are escaped in text output.
  printf '1. h2e2\x1bc h9g7 *\n' > e.pgn
  "$xqrec" audit e.pgn > out.txt 2> err.txt
  if LC_ALL=C grep -q $'\x1b' out.txt err.txt; then die "an ESC reached the terminal"; fi
  grep -qF '\x1b' out.txt || die "the ESC is not shown escaped: $(cat out.txt)"
  cp e.pgn "$(printf 'new\nline\x07.pgn')"
  "$xqrec" audit --jobs 1 "$(printf 'new\nline\x07.pgn')" > out.txt 2> err.txt
  if LC_ALL=C grep -q $'\x07' out.txt err.txt; then die "a BEL reached the terminal"; fi
  grep -q '^new\\x0aline\\x07.pgn:' out.txt || die "a newline in a file name split the line: $(head -2 out.txt)"
  "$xqrec" convert "$(printf 'gone\x1b[2J.pgn')" -o o.pgn 2> err.txt
  if LC_ALL=C grep -q $'\x1b' err.txt; then die "an ESC in a file name reached stderr"; fi
  # Command-line arguments quoted in messages (Boost.Program_options' ones too).
  E=$'\x1b[2J\x07'
  for cmd in "$E" "audit --$E" "audit --jobs $E" "duplicates --min-plies $E" "audit --max-games $E" \
             "notation --from iccs --to wxf $E" "codes $E" "fen --allow $E 4k4/9/9/9/9/9/9/9/9/4K4" \
             "perft --depth $E" "select e.pgn --list --date $E" "audit --shard $E e.pgn" "adjudicate --rules $E"; do
    # shellcheck disable=SC2086
    "$xqrec" $cmd > out.txt 2> err.txt
    if LC_ALL=C grep -q $'[\x1b\x07]' out.txt err.txt; then die "'xqrec ${cmd//$E/E}': a control character reached the terminal"; fi
    grep -qF '\x1b[2J\x07' out.txt err.txt || die "'xqrec ${cmd//$E/E}' did not show the argument escaped: $(cat err.txt)"
  done
  ;;
json-file-names)
  # Item 12: JSON is valid Unicode; a name that is not UTF-8 keeps its bytes in file_bytes.
  cp "$games/li-zanan-vs-chen-weixiong.pgn" "$(printf 'bad\xff\xfename.pgn')"
  "$xqrec" audit --jsonl - "$(printf 'bad\xff\xfename.pgn')" > out.txt 2> /dev/null
  python3 -c '
import json, sys
for line in open("out.txt", encoding="utf-8", errors="strict"):
    o = json.loads(line)
    assert "\udcff" not in o["file"], "lone surrogate"
    assert o["file"] == "bad\ufffd\ufffdname.pgn", o["file"]
    assert bytes.fromhex(o["file_bytes"]) == b"bad\xff\xfename.pgn", o.get("file_bytes")
' || die "the JSON is not I-JSON or lacks file_bytes: $(head -c 200 out.txt)"
  "$xqrec" convert "$(printf 'bad\xff\xfename.pgn')" -o o.xqf --to xqf --report r.jsonl 2> /dev/null
  python3 -c '
import json
for line in open("r.jsonl", encoding="utf-8", errors="strict"):
    o = json.loads(line)
    assert bytes.fromhex(o["file_bytes"]) == b"bad\xff\xfename.pgn"
' || die "the convert report is not I-JSON or lacks file_bytes"
  ;;
special-files-in-walk)
  # A FIFO, a socket, a device and a link to a directory met in a walk are
  # named (not-a-regular-file), never opened: opening the FIFO would wait
  # for a writer forever. A dangling link is an I/O error of its own.
  mkdir w
  cp "$games/li-zanan-vs-chen-weixiong.pgn" w/a.pgn
  mkfifo w/fifo.pgn
  python3 -c 'import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' w/sock.pgn
  ln -s /dev/zero w/zero.pgn
  ln -s .. w/up
  expect_rc 0 timeout 20 "$xqrec" audit w --jsonl -
  for f in fifo.pgn sock.pgn zero.pgn up; do
    grep -q "\"file\":\"w/$f\".*\"not-a-regular-file\"" out.txt || die "audit does not name w/$f: $(head -c 600 out.txt)"
  done
  [ "$(grep -c '"game":1' out.txt)" = 1 ] || die "the record was not audited once"
  expect_rc 0 timeout 20 "$xqrec" audit w
  grep -q "w/fifo.pgn: .*not-a-regular-file.*a FIFO" out.txt || die "the text output does not name the FIFO: $(cat out.txt)"
  expect_rc 0 timeout 20 "$xqrec" convert w -o out
  [ "$(find out -type f | wc -l)" = 1 ] && [ -s out/a.pgn ] || die "convert wrote $(find out -type f | tr '\n' ' ')"
  expect_rc 0 timeout 20 "$xqrec" select w --list
  [ "$(wc -l < out.txt)" = 1 ] || die "select listed $(cat out.txt)"
  expect_rc 0 timeout 20 "$xqrec" duplicates w --jsonl -
  expect_rc 0 timeout 20 "$xqrec" index w --db i.sqlite
  grep -q "w/fifo.pgn: not read: .*a FIFO" err.txt || die "index does not name the FIFO: $(cat err.txt)"
  grep -q "indexed 5 files: 1 read .*, 4 not regular files" err.txt || die "index summary: $(tail -1 err.txt)"
  # Only the record has a files row: the others are neither hashed nor indexed.
  rows=$(python3 -c 'import sqlite3,sys; print(" ".join(r[0] for r in sqlite3.connect(sys.argv[1]).execute("SELECT path FROM files ORDER BY path")))' i.sqlite)
  [ "$rows" = "w/a.pgn" ] || die "the index has files rows $rows"
  expect_rc 0 timeout 20 "$xqrec" index w --db i.sqlite
  grep -q "indexed 5 files: 0 read .*1 unchanged.*, 4 not regular files" err.txt || die "second index run: $(tail -1 err.txt)"
  # convert and select count the files they read, not the ones they name.
  expect_rc 0 timeout 20 "$xqrec" convert w -o out2
  grep -q "from 1 files" err.txt || die "convert summary: $(tail -1 err.txt)"
  expect_rc 0 timeout 20 "$xqrec" select w --list
  grep -q "in 1 files" err.txt || die "select summary: $(tail -1 err.txt)"
  ln -s missing.pgn w/dangling.pgn
  expect_rc 2 timeout 20 "$xqrec" audit w -q
  grep -q "w/dangling.pgn: cannot open" err.txt || die "the dangling link is not reported: $(cat err.txt)"
  ;;
unreadable-directory)
  # Item 13: a directory that cannot be read is reported (exit 2); the rest is audited.
  command -v setpriv > /dev/null || { echo "setpriv missing"; exit 1; }
  mkdir -p t/a t/b
  cp "$games/li-zanan-vs-chen-weixiong.pgn" t/a/
  cp "$games/song-daoxin-vs-bu-fengbo.pgn" t/b/
  chmod 755 "$work" t t/a; chmod 644 t/a/*; chmod 000 t/b
  # As root permissions do not bind: run as nobody.
  setpriv --reuid=65534 --regid=65534 --clear-groups "$xqrec" audit t -q > out.txt 2> err.txt
  rc=$?
  chmod 755 t/b
  [ $rc = 2 ] || die "exit $rc, expected 2"
  grep -q "t/b: cannot read the directory" err.txt || die "the unreadable directory is not named: $(cat err.txt)"
  grep -q "audited 1 files, 1 games" err.txt || die "the readable rest was not audited: $(cat err.txt)"
  ;;
input-truncated-while-read)
  # Item 8: a mapped input truncated by another process while it is read is
  # an I/O error of that file (exit 2), not SIGBUS ending the run; convert
  # writes no output from it.
  cp "$games/four-games-gbk.pgn" big.pgn
  for _ in $(seq 14); do cat big.pgn big.pgn > twice.pgn; mv twice.pgn big.pgn; done  # 64 K games, ~75 MB
  cp big.pgn keep.pgn
  for cmd in audit convert; do
    cp keep.pgn big.pgn
    if [ $cmd = audit ]; then
      "$xqrec" audit --jobs 2 -q big.pgn > /dev/null 2> err.txt &
    else
      "$xqrec" convert big.pgn -o out.pgn 2> err.txt &
    fi
    pid=$!
    sleep 0.3
    truncate -s 0 big.pgn
    wait $pid
    rc=$?
    [ $rc = 2 ] || die "$cmd: exit $rc, expected 2 (a signal is 128+); stderr: $(head -2 err.txt)"
    grep -q "truncated by another process" err.txt || die "$cmd: the truncation is not reported (did it finish first?)"
  done
  [ ! -e out.pgn ] || die "convert wrote an output from a truncated input"
  no_temporaries
  ;;
special-outputs)
  # --report /dev/stderr with stderr a regular file writes through the
  # descriptor: /dev/stderr stays a link (as root, replacing it would damage
  # the machine) and what stderr held stays. A link to a file: the file is
  # replaced, the link stays.
  cp "$games/four-games-gbk.pgn" v.pgn
  "$xqrec" convert v.pgn -o o.pgn --max-games 1 --report /dev/stderr 2> err.txt
  if [ ! -L /dev/stderr ]; then
    rm -f /dev/stderr && ln -s /proc/self/fd/2 /dev/stderr  # repair what the defect did
    die "/dev/stderr was replaced by a regular file"
  fi
  grep -q '"max-games"' err.txt || die "the report did not reach stderr: $(head -2 err.txt)"
  grep -q '^converted 1 games' err.txt || die "the summary after the report is missing"
  echo old > target.jsonl; ln -s target.jsonl link.jsonl
  "$xqrec" audit v.pgn --jsonl link.jsonl > /dev/null
  [ -L link.jsonl ] || die "the link was replaced"
  grep -q '"game":1' target.jsonl || die "the link's target was not written"
  ;;
odd-outputs)
  # A read that converts nothing keeps an existing output; a regular file
  # under /dev (tmpfs /dev/shm) is replaced, not appended to; a dangling
  # link (or a chain of them) gets its target created, the links stay;
  # --jsonl /dev/stdout is standard output, with no finding lines mixed in.
  cp "$games/li-zanan-vs-chen-weixiong.pgn" v.pgn
  echo GOOD > existing.pgn; cp existing.pgn keep.pgn; : > empty.pgn
  "$xqrec" convert empty.pgn -o existing.pgn 2> /dev/null
  same existing.pgn keep.pgn
  if [ -d /dev/shm ] && [ -w /dev/shm ]; then
    shm=/dev/shm/xqrec-test-$$.pgn
    echo OLD > "$shm"
    "$xqrec" convert v.pgn -o "$shm" 2> /dev/null
    head -c 3 "$shm" | grep -q OLD && die "a regular file under /dev was appended to"
    rm -f "$shm"
  fi
  ln -s chain2 chain1; ln -s real.pgn chain2
  "$xqrec" convert v.pgn -o chain1 2> /dev/null
  [ -L chain1 ] && [ -L chain2 ] && [ -s real.pgn ] || die "a dangling link was replaced instead of its target created"
  "$xqrec" audit v.pgn "$src/corpus/damaged" --jsonl /dev/stdout > mix.txt 2> /dev/null
  python3 -c '
import json, sys
for line in open("mix.txt", encoding="utf-8"):
    json.loads(line)
' || die "--jsonl /dev/stdout mixed finding lines into the JSON"
  ;;
*)
  die "unknown scenario"
  ;;
esac
exit $fail

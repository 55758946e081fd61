#!/usr/bin/env bash
# Hostile input costs bounded memory and output: one scenario per call, on
# an input generated here (the reliability issue's reproductions, one or
# more per reader). Each scenario audits the input to JSON Lines and fails
# (exit 1, saying what) when a line reaches 1 MB, a game holds more
# findings than its caps allow (1,000 reader issues + 1 too-many-issues,
# 1,000 of the audit's own + 1), the too-many-issues finding is missing, or
# the memory of the run is exceeded (64 MB: its data by ulimit -d, its
# peak resident memory, mapped pages included, by GNU time).
# Usage: hostile_input.sh XQREC SCENARIO [MEMORY_KB]
# MEMORY_KB 0 runs without the memory limit (the sanitizer build: its
# shadow memory cannot live within one); every other check still holds.
set -u
xqrec=$1 scenario=$2 memory_kb=${3:-65536}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
die() { echo "FAIL ($scenario): $*"; fail=1; }
# repeat COUNT STRING: STRING (perl escapes allowed) COUNT times on stdout.
repeat() { perl -e 'binmode STDOUT; print eval("\"$ARGV[1]\"") x $ARGV[0]' "$1" "$2"; }
# audit FILE [EXPECT_TOO_MANY]: the audit within 64 MB of data, then checks.
audit() {
  local file=$1 expect_too_many=${2:-yes}
  # With more than one job, glibc reserves address space for each thread's
  # heap: the data limit would count that; peak resident memory still holds.
  (if [ "$memory_kb" != 0 ] && [ "${jobs:-1}" = 1 ]; then ulimit -d "$memory_kb"; fi
   /usr/bin/time -f %M -o rss.txt "$xqrec" audit --jobs "${jobs:-1}" -q "$file" --jsonl out.jsonl > out.txt 2> err.txt)
  local rc=$?
  [ "$rc" -le 1 ] || die "audit exited $rc (memory?): $(head -3 err.txt)"
  # Peak resident memory too, mapped pages included: a token of gigabytes
  # must not keep its pages (the speed issue's 64 MB).
  local rss
  rss=$(tail -1 rss.txt)
  [ "$memory_kb" = 0 ] || [ "$rss" -le "$memory_kb" ] || die "peak resident memory $rss KB, more than $memory_kb KB"
  [ -s out.jsonl ] || { die "no JSON Lines written"; return; }
  local longest
  longest=$(awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' out.jsonl)
  [ "$longest" -lt 1000000 ] || die "a JSON line of $longest bytes"
  # Findings per line: at most 1001 of the reader's and 1001 of the audit's.
  local most
  most=$(awk '{ n = gsub(/"code":/, "&"); if (n > m) m = n } END { print m + 0 }' out.jsonl)
  [ "$most" -le 2002 ] || die "a line holds $most findings"
  if [ "$expect_too_many" = yes ]; then
    grep -q '"code":"too-many-issues"' out.jsonl || die "no too-many-issues finding"
  fi
}
# finding CODE MIN MAX: how many findings of CODE in all, within MIN..MAX.
finding() {
  local n
  n=$(grep -o "\"code\":\"$1\"" out.jsonl | wc -l)
  [ "$n" -ge "$2" ] && [ "$n" -le "$3" ] || die "$n findings $1, expected $2..$3"
}

case $scenario in
pgn-brackets)  # 1. h2e2 and 2,000,000 stray ']': 2 M warnings, 2.08 GB
  { printf '1. h2e2 '; repeat 2000000 ']'; } > b.pgn
  audit b.pgn
  finding stray-character 1000 1000
  grep -q '1999000 more issues of this game' out.jsonl || die "the count of the others is not given"
  ;;
pgn-nul)  # 64 MB of NUL bytes: one 400 MB JSON line, 989 MB
  head -c 67108864 /dev/zero > z.pgn
  audit z.pgn no
  finding token-too-long 1 1
  grep -q 'token of 67108864 bytes (offsets 0..67108864)' out.jsonl || die "the token's extent is not given"
  ;;
xqf-ff)  # XQ and 4 MB of 0xFF: 1.32 GB
  { printf 'XQ'; head -c 4194304 /dev/zero | tr '\0' '\377'; } > f.xqf
  audit f.xqf
  ;;
cbr-bad-moves)  # 2 MB of move records that are no moves: 725 MB
  { printf 'CCBridge Record\0\0\0\0\002'; head -c 2194 /dev/zero; repeat 524288 '\x00\x00\xff\xff'; } > m.cbr
  audit m.cbr
  finding bad-move 1000 1000
  ;;
cbl-records)  # a library of 60,000 records of an unsupported version
  { printf 'CCBridgeLibrary\0'; head -c 66608 /dev/zero; repeat 60000 'CCBridge Record\0\0\0\0\011'; } > l.cbl
  audit l.cbl
  finding unsupported 999 999  # and the bad-index
  ;;
cbl-bad-moves)  # a library of 20 records of 100,000 bad move records each: the file's 10,000
  { printf 'CCBridgeLibrary\0'; head -c 66608 /dev/zero
    for _ in $(seq 20); do printf 'CCBridge Record\0\0\0\0\002'; head -c 2194 /dev/zero; repeat 100000 '\x00\x00\xff\xff'; done; } > b.cbl
  audit b.cbl
  finding bad-move 9999 9999  # and the bad-index: 10,000
  grep -q "the file's limit of 10000 issues is reached" out.jsonl || die "the file's limit is not said"
  ;;
dhtmlxq-tags)  # a record of 2,000,000 fields never closed: 145 MB when all were kept
  { printf '[DhtmlXQ]'; repeat 2000000 '[DhtmlXQ_x]'; printf '[/DhtmlXQ]'; } > d.ubb
  audit d.ubb
  finding too-large 1 1
  ;;
json-members)  # a game of 200,000 unknown members, and 20,000 lines that are no game
  perl -e 'print "{\"xqrec\":1", (map { ",\"m$_\":1" } 1 .. 200000), "}\n"; print "1\n" x 20000' > j.jsonl
  audit j.jsonl
  finding unknown-member 1000 1000
  finding bad-schema 1000 1000
  ;;
json-long-name)  # a member name of 4 MB goes into the message bounded
  perl -e 'print "{\"xqrec\":1,\"", "x" x 4194304, "\":1}\n"' > n.jsonl
  audit n.jsonl no
  finding unknown-member 1 1
  ;;
json-huge-game)  # one game of 1,500,000 members (19 MB, 3 M values): 323 MB; cut at the bound, the next game read
  perl -e 'print "{\"xqrec\":1", (map { ",\"m$_\":1" } 1 .. 1500000), "}\n{\"xqrec\":1,\"moves\":[{\"iccs\":\"h2e2\"}]}\n"' > h.jsonl
  audit h.jsonl
  finding too-large 1 1
  grep -q 'the game at offset 0 holds more than 2097152 values' out.jsonl || die "the bound is not named"
  grep -q '"game":2,' out.jsonl || die "the game after the one cut is not read"
  # The cut game is truncated, but the file does not end there.
  grep -q 'the record stops inside this game where a bound cut it' out.jsonl || die "the cut is called the file's end"
  ;;
json-near-bound)  # one game of 1,000,000 members (13 MB, 2 M values), just under the bound: read whole (was 169 MB)
  perl -e 'print "{\"xqrec\":1", (map { ",\"m$_\":0" } 1 .. 1000000), "}\n"' > n.jsonl
  audit n.jsonl
  finding too-large 0 0
  finding unknown-member 1000 1000
  grep -q '999000 more issues of this game' out.jsonl || die "not every member was read"
  ;;
json-worst-mix)  # just under both bounds at once: 3 strings of 3.9 MiB and 2,090,000 numbers (16 MB), read whole
  perl -e '$s = "s" x 4090000; print "{\"xqrec\":1,\"a\":\"$s\",\"b\":\"$s\",\"c\":\"$s\",\"x\":[", "0," x 2090000, "0]}\n"' > w.jsonl
  audit w.jsonl no
  finding too-large 0 0
  finding unknown-member 4 4
  ;;
json-long-string)  # a comment of 24 MiB (85 MB): the game cut, reading stops at the string (the parser holds it whole)
  perl -e 'print "{\"xqrec\":1,\"moves\":[{\"iccs\":\"h2e2\"}],\"comment\":\"", "x" x 25165824, "\"}\n"' > s.jsonl
  audit s.jsonl no
  finding too-large 2 2
  grep -q '"plies":1,' out.jsonl || die "the moves before the cut are not read"
  ;;
json-lines-large)  # 216 MB of JSON Lines, one game of 40 plies and a 5 KB comment over and over: every page kept,
  # and each game located from offset 0 (not done in 200 s)
  perl -e '$m = join ",", map { "{\"iccs\":\"" . (qw(b0c2 b9c7 c2b0 c7b9))[$_ % 4] . "\"}" } 0 .. 39;
           print(("{\"xqrec\":1,\"tags\":[[\"Event\",\"e\"]],\"comment\":\"" . ("c" x 5000) . "\",\"moves\":[$m],\"result\":\"1-0\"}\n") x 40000)' > l.jsonl
  audit l.jsonl no
  [ "$(wc -l < out.jsonl)" -ge 40000 ] || die "not every game was read"
  ;;
json-array-large)  # the same 216 MB as one array of games
  perl -e '$m = join ",", map { "{\"iccs\":\"" . (qw(b0c2 b9c7 c2b0 c7b9))[$_ % 4] . "\"}" } 0 .. 39;
           print "[", join(",\n", ("{\"xqrec\":1,\"tags\":[[\"Event\",\"e\"]],\"comment\":\"" . ("c" x 5000) . "\",\"moves\":[$m],\"result\":\"1-0\"}") x 40000), "]\n"' > a.json
  audit a.json no
  [ "$(wc -l < out.jsonl)" -ge 40000 ] || die "not every game was read"
  ;;
json-raw-bytes)  # 66 MB of games whose tag holds 1,000 bytes kept as "\udcXX": the whole file was copied
  perl -e 'print(("{\"xqrec\":1,\"tags\":[[\"Event\",\"" . ("\\udcff" x 1000) . "\"]],\"moves\":[{\"iccs\":\"h2e2\"}]}\n") x 11000)' > r.jsonl
  audit r.jsonl no
  finding bad-json 0 0
  [ "$(grep -c '"Event":"\\ufffd\\ufffd' out.jsonl)" -eq 11000 ] || die "the bytes are not read back in every game"
  ;;
fen-lines)  # 200,000 lines that are no FEN
  repeat 200000 'x\n' > f.fen
  audit f.fen
  finding bad-fen 1000 1000
  ;;
cbf-elements)  # a record of 200,000 unknown elements
  { printf '<?xml version="1.0"?><ChineseChessRecord Version="1.0"><Head/><MoveList/>'; repeat 200000 '<X/>'
    printf '</ChineseChessRecord>'; } > e.cbf
  audit e.cbf
  finding unknown-element 1000 1000
  ;;
cbl-zlib)  # a compressed library of 33 KB that inflates to 33 MiB of zeros (76 MB to read at a bound of 32 MiB)
  python3 -c 'import sys, struct, zlib; sys.stdout.buffer.write(b"CCBridge\x15\0\0\0" + struct.pack("<II", 1, 33 << 20) + zlib.compress(bytes(33 << 20), 9))' > z.cbl
  audit z.cbl no
  finding too-large 1 1
  ;;
cbl-zlib-jobs)  # eight of them in a folder, with two jobs: never inflated by two threads at once
  mkdir lib
  python3 -c 'import sys, struct, zlib; sys.stdout.buffer.write(b"CCBridge\x15\0\0\0" + struct.pack("<II", 1, 33 << 20) + zlib.compress(bytes(33 << 20), 9))' > lib/z0.cbl
  for k in 1 2 3 4 5 6 7; do cp lib/z0.cbl "lib/z$k.cbl"; done
  jobs=2 audit lib no
  finding too-large 8 8
  ;;
cbf-near-cap)  # a CBF just under the bound of 4 MiB, of small unknown elements
  { printf '<?xml version="1.0"?><ChineseChessRecord Version="1.0"><Head/><MoveList/>'
    repeat 160000 "<X a='1' b='2' c='3'>t</X>"; printf '</ChineseChessRecord>'; } > near.cbf
  audit near.cbf
  ;;
cbf-too-large)  # 39 MB of small unknown elements: 453 MB as one XML document
  { printf '<?xml version="1.0"?><ChineseChessRecord Version="1.0"><Head/><MoveList/>'
    repeat 1500000 "<X a='1' b='2' c='3'>t</X>"; printf '</ChineseChessRecord>'; } > big.cbf
  audit big.cbf no
  finding too-large 1 1
  ;;
audit-variations)  # 5,000 variations whose moves cannot be played: the audit's own findings
  { printf '[Format "ICCS"]\n\n1. h2e2 '; repeat 5000 '(a0a5) '; printf 'h9g7 *\n'; } > v.pgn
  audit v.pgn
  ;;
pgn-control-tag)  # a 1 MB tag of control bytes: each is six in JSON, a 6 MB line
  { printf '[Event "'; repeat 1000000 '\x01'; printf '"]\n\n1. h2e2 *\n'; } > t.pgn
  audit t.pgn no
  finding too-large 1 1
  ;;
sparse-2g)  # truncate -s 2G s.pgn: 10.5 GB
  truncate -s 2G s.pgn || { echo "cannot make a sparse file here; skipped"; exit 0; }
  audit s.pgn no
  finding token-too-long 1 1
  ;;
*)
  echo "unknown scenario $scenario"; exit 2 ;;
esac
exit $fail

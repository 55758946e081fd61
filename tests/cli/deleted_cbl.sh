#!/usr/bin/env bash
# A CBL entry its index marks deleted is converted, with the tag Deleted,
# and left out by convert --skip-deleted. The library (two games, the second
# marked deleted) is built here, as tests/formats/cbr_bytes.h builds them.
# Usage: deleted_cbl.sh XQREC
set -u
xqrec=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
die() { echo "FAIL: $*"; fail=1; }
python3 - <<'PY' || exit 1
import struct

def text(buf, at, size, s):
    b = s.encode('utf-16-le')[: size - 2]
    buf[at:at + len(b)] = b

def square(f, r):  # ICCS file a-i = 0-8, rank 0-9 from Red's side
    return (9 - r) * 9 + f

def cbr(title, moves, result):
    s = bytearray(2214)
    s[0:16] = b'CCBridge Record\0'
    s[19] = 2
    text(s, 180, 128, title)
    s[2076] = result
    s[2112] = 1  # Red to move
    s[2116] = 1
    back = [1, 2, 3, 4, 5, 4, 3, 2, 1]  # R N B A K A B N R
    for f, t in enumerate(back):
        s[2120 + square(f, 0)] = 0x10 | t
        s[2120 + square(f, 9)] = 0x20 | t
    for f in (1, 7):
        s[2120 + square(f, 2)] = 0x16
        s[2120 + square(f, 7)] = 0x26
    for f in (0, 2, 4, 6, 8):
        s[2120 + square(f, 3)] = 0x17
        s[2120 + square(f, 6)] = 0x27
    struct.pack_into('<I', s, 2210, 0xFFFFFFFF)
    s += bytes([0, 0, 0, 0])  # the root, with a child
    for i, m in enumerate(moves):
        a = square(ord(m[0]) - 97, int(m[1]))
        b = square(ord(m[2]) - 97, int(m[3]))
        s += bytes([1 if i + 1 == len(moves) else 0, 0, a, b])
    return bytes(s)

records = [cbr('live', ['h2e2', 'h9g7', 'h0g2'], 1), cbr('deleted', ['b2e2', 'b9c7'], 2)]
capacity = 8
lib = bytearray(66624 + capacity * 276)
lib[0:16] = b'CCBridgeLibrary\0'
struct.pack_into('<I', lib, 52, 0x7FFFFFFF)
lib[56] = 1  # "has deleted records"
struct.pack_into('<I', lib, 60, capacity)
text(lib, 64, 512, 'test library')
for k, r in enumerate(records):
    e = 66624 + k * 276
    slots = (len(r) + 4095) // 4096
    struct.pack_into('<IIII', lib, e, 5 if k == 1 else 7, k, slots, len(r))
for r in records:
    lib += r + bytes(4096 - len(r) % 4096)
open('lib.cbl', 'wb').write(lib)
PY

# Without the option: both games, the second with [Deleted "yes"] and its
# finding as an info note of game 2.
"$xqrec" convert lib.cbl -o all.pgn --notation iccs --report all.jsonl 2> err.txt
rc=$?
[ $rc = 0 ] || die "convert exited $rc: $(cat err.txt)"
[ "$(grep -c '^\[Game ' all.pgn)" = 2 ] || die "all.pgn does not hold 2 games: $(cat all.pgn)"
[ "$(grep -c '^\[Deleted "yes"\]' all.pgn)" = 1 ] || die "all.pgn lacks one [Deleted \"yes\"]: $(cat all.pgn)"
grep -q 'B2-E2 B9-C7' all.pgn || die "the deleted game's moves are missing: $(cat all.pgn)"
grep -q '"game":2,"code":"deleted-record","severity":"info"' all.jsonl ||
  die "no deleted-record note on game 2: $(cat all.jsonl)"
! grep -q '"game":0' all.jsonl || die "a file-level note: $(cat all.jsonl)"
# Its audit: two complete games, the finding on game 2.
"$xqrec" audit lib.cbl --jsonl audit.jsonl -q 2> /dev/null
grep -q '"game":2,.*"Deleted":"yes".*"code":"deleted-record"' audit.jsonl || die "audit: $(cat audit.jsonl)"

# With it: the live game only, one skipped-deleted note; the same from the
# PGN written above, whose second game carries the tag.
for input in lib.cbl all.pgn; do
  "$xqrec" convert "$input" -o live.pgn --notation iccs --skip-deleted --report live.jsonl 2> err.txt
  rc=$?
  [ $rc = 0 ] || die "$input: convert --skip-deleted exited $rc: $(cat err.txt)"
  [ "$(grep -c '^\[Game ' live.pgn)" = 1 ] || die "$input: live.pgn does not hold 1 game: $(cat live.pgn)"
  ! grep -q 'Deleted' live.pgn || die "$input: the deleted game was written: $(cat live.pgn)"
  grep -q 'H2-E2 H9-G7' live.pgn || die "$input: the live game is missing: $(cat live.pgn)"
  grep -q '"game":2,"code":"skipped-deleted","severity":"info"' live.jsonl ||
    die "$input: no skipped-deleted note: $(cat live.jsonl)"
  grep -q '1 deleted games skipped' err.txt || die "$input: summary: $(cat err.txt)"
done
# select: both games listed without the option, the live one only with
# --skip-deleted, from the library and from an index of it.
"$xqrec" index lib.cbl --db lib.sqlite > /dev/null 2>&1 || die "index lib.cbl failed"
for from in "lib.cbl" "--db lib.sqlite"; do
  # shellcheck disable=SC2086
  "$xqrec" select $from --list > list.txt 2> err.txt || die "select $from --list failed: $(cat err.txt)"
  [ "$(cut -f2 list.txt | tr '\n' ' ')" = "1 2 " ] || die "select $from --list: $(cat list.txt)"
  # shellcheck disable=SC2086
  "$xqrec" select $from --list --skip-deleted > list.txt 2> err.txt || die "select $from --skip-deleted failed: $(cat err.txt)"
  [ "$(cut -f2 list.txt | tr '\n' ' ')" = "1 " ] || die "select $from --skip-deleted listed: $(cat list.txt)"
  grep -q '1 deleted games left out' err.txt || die "select $from --skip-deleted, summary: $(cat err.txt)"
  # shellcheck disable=SC2086
  "$xqrec" select $from --skip-deleted -o sel.pgn 2> err.txt || die "select $from --skip-deleted -o failed: $(cat err.txt)"
  [ "$(grep -c '^\[Game ' sel.pgn)" = 1 ] && ! grep -q Deleted sel.pgn || die "select $from --skip-deleted -o: $(cat sel.pgn)"
done
[ $fail = 0 ] && echo "deleted CBL entries: converted with the tag, skipped on request (convert and select)"
exit $fail

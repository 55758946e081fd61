#!/usr/bin/env bash
# The index under a kill and a lock: a run killed with SIGKILL mid-way leaves
# a database that passes SQLite's integrity check and holds whole files only
# (each indexed file with all its games), and the next run completes it; a
# database another process holds locked is refused with exit 2, and so is
# a second run while one writes.
# Usage: index_safety.sh XQREC SOURCE_DIR
set -u
xqrec=$1 src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
die() { echo "FAIL: $*"; fail=1; }
# Many small files, so that a run spans many batches.
mkdir in
for i in $(seq 1 3000); do
  cp "$src/corpus/games/four-games-gbk.pgn" "in/g$i.pgn"
  printf '\n[Event "copy %d"]\n1. h2e2 h9g7 *\n' "$i" >> "in/g$i.pgn"
done
"$xqrec" index in --db whole.sqlite > /dev/null 2>&1 || die "the whole run failed"
"$xqrec" index in --db killed.sqlite > /dev/null 2>&1 &
pid=$!
# Killed as soon as its first batch is committed (a reader sees it).
python3 - killed.sqlite << 'PY'
import sqlite3, sys, time, os
for _ in range(600):
    time.sleep(0.05)
    if not os.path.exists(sys.argv[1]):
        continue
    try:
        c = sqlite3.connect(sys.argv[1])
        if c.execute("SELECT count(*) FROM files").fetchone()[0] > 0:
            break
    except sqlite3.Error:
        pass
PY
kill -9 $pid 2> /dev/null
wait $pid 2> /dev/null
python3 - killed.sqlite << 'PY' || die "the killed run left an inconsistent database"
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok", "integrity"
# Every file indexed holds its five games, and nothing refers to a missing row.
bad = c.execute("SELECT count(*) FROM files f WHERE (SELECT count(*) FROM games g WHERE g.file = f.id) != 5").fetchone()[0]
assert bad == 0, f"{bad} files partly indexed"
orphans = c.execute("SELECT count(*) FROM positions WHERE game NOT IN (SELECT id FROM games)").fetchone()[0]
assert orphans == 0, f"{orphans} orphan positions"
n = c.execute("SELECT count(*) FROM files").fetchone()[0]
# Killed after its first batches and before its end, or the test shows nothing.
assert 0 < n < 3000, f"the kill came at {n} files of 3000: not mid-run"
PY
"$xqrec" index in --db killed.sqlite > /dev/null 2>&1 || die "the run after the kill failed"
python3 - whole.sqlite killed.sqlite << 'PY' || die "the completed index differs from a whole run"
import sqlite3, sys
def summary(p):
    c = sqlite3.connect(p)
    return [c.execute(q).fetchone()[0] for q in (
        "SELECT count(*) FROM games", "SELECT count(*) FROM findings", "SELECT count(*) FROM positions",
        "SELECT count(*) FROM duplicates", "SELECT count(DISTINCT \"group\") FROM duplicates")]
a, b = summary(sys.argv[1]), summary(sys.argv[2])
assert a == b, f"{a} != {b}"
PY
# Readers may query while a run writes; a second writer is refused when the
# first holds the lock past the wait.
python3 - whole.sqlite << 'PY' &
import sqlite3, sys, time
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("BEGIN IMMEDIATE")
c.execute("INSERT INTO meta VALUES('lock-test', 'x')")
open("locked", "w").close()  # the lock is held: the shell may go on
time.sleep(20)
c.execute("ROLLBACK")
PY
locker=$!
for _ in $(seq 200); do [ -e locked ] && break; sleep 0.05; done
[ -e locked ] || die "the lock holder did not start"
touch in/g1.pgn
"$xqrec" select --db whole.sqlite --list > list.txt 2> /dev/null || die "a query while another process writes failed"
[ "$(wc -l < list.txt)" = 15000 ] || die "the query while locked saw $(wc -l < list.txt) games"
"$xqrec" index in --db whole.sqlite > out.txt 2> err.txt
rc=$?
[ $rc = 2 ] || die "index on a locked database exited $rc"
grep -q "locked" err.txt || die "index on a locked database said: $(cat err.txt)"
kill $locker 2> /dev/null; wait $locker 2> /dev/null
# Two runs at once: the second is refused at once, the first completes.
"$xqrec" index in --db two.sqlite > /dev/null 2>&1 &
first=$!
# (the first has written its first batch: it holds the run's lock)
python3 - two.sqlite << 'PY'
import sqlite3, sys, time, os
for _ in range(600):
    time.sleep(0.02)
    try:
        if os.path.exists(sys.argv[1]) and sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM files").fetchone()[0] > 0:
            break
    except sqlite3.Error:
        pass
PY
"$xqrec" index in --db two.sqlite > /dev/null 2> err.txt
rc=$?
wait $first || die "the first of two runs failed"
[ $rc = 2 ] || die "a second run on the same index exited $rc"
grep -q "another xqrec index" err.txt || die "the second run said: $(cat err.txt)"
exit $fail

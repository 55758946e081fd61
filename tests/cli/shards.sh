#!/usr/bin/env bash
# Three shards run locally with GNU parallel, as the README runs them on
# several machines: the merged JSON Lines of audit (and select's list, and
# convert's PGN) hold exactly the whole run's lines, and the merged index
# answers as an index of the whole run.
# Usage: shards.sh XQREC SOURCE_DIR
set -u
xqrec=$1 src=$2
command -v parallel > /dev/null || { echo "FAIL: GNU parallel is missing (Debian: parallel; scripts/install-deps.sh installs it)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
die() { echo "FAIL: $*"; fail=1; }
# The project's corpus, and enough more games for every shard to get many.
mkdir -p in && cp -r "$src/corpus/games" "$src/corpus/damaged" in/
for i in $(seq 1 30); do
  { cat "$src/corpus/games/four-games-gbk.pgn"; printf '\n[Event "copy %d"]\n1. h2e2 h9g7 2. h0g2 *\n' "$i"; } > "in/copy$i.pgn"
done

"$xqrec" audit -q --jsonl whole.jsonl in 2> /dev/null
parallel --will-cite "$xqrec" audit -q --jsonl shard{}.jsonl --shard {}/3 in ::: 1 2 3 2> /dev/null
for i in 1 2 3; do [ -s shard$i.jsonl ] || die "shard $i wrote nothing"; done
[ "$(sort whole.jsonl | md5sum)" = "$(sort -m <(sort shard1.jsonl) <(sort shard2.jsonl) <(sort shard3.jsonl) | md5sum)" ] ||
  die "the shards' audit lines are not the whole run's"
[ "$(cat shard?.jsonl | wc -l)" = "$(wc -l < whole.jsonl)" ] || die "a game is in two shards"

# --max-games counts the whole run's games in every shard.
"$xqrec" audit -q --jsonl whole2.jsonl --max-games 2 in 2> /dev/null
parallel --will-cite "$xqrec" audit -q --jsonl shard{}-2.jsonl --max-games 2 --shard {}/3 in ::: 1 2 3 2> /dev/null
[ "$(sort whole2.jsonl | md5sum)" = "$(sort shard?-2.jsonl | md5sum)" ] || die "audit --max-games: the shards read other games than the whole run"
"$xqrec" convert in -o whole2 --to pgn --max-games 2 2> /dev/null
parallel --will-cite "$xqrec" convert in -o shard{}-2 --to pgn --max-games 2 --shard {}/3 ::: 1 2 3 2> /dev/null

"$xqrec" select in --list --no-errors > whole.list 2> /dev/null
parallel --will-cite "$xqrec" select in --list --no-errors --shard {}/3 '>' shard{}.list ::: 1 2 3 2> /dev/null
[ "$(sort whole.list | md5sum)" = "$(sort shard?.list | md5sum)" ] || die "the shards' selection is not the whole run's"

"$xqrec" convert in -o whole.pgn --to pgn --notation iccs 2> /dev/null
parallel --will-cite "$xqrec" convert in -o shard{}.pgn --to pgn --notation iccs --shard {}/3 ::: 1 2 3 2> /dev/null
# Directory mode: one output tree per shard, each game in exactly one of them.
games() { find "$@" -type f -name '*.pgn' -exec cat {} + | grep -c '^\[Game '; }
[ "$(games whole.pgn)" -gt 100 ] || die "the whole conversion holds $(games whole.pgn) games"
[ "$(games whole.pgn)" = "$(games shard1.pgn shard2.pgn shard3.pgn)" ] || die "the shards converted other games"
[ "$(games whole2)" = "$(games shard1-2 shard2-2 shard3-2)" ] || die "convert --max-games: the shards converted $(games shard1-2 shard2-2 shard3-2) games, the whole run $(games whole2)"

"$xqrec" index in --db whole.sqlite 2> /dev/null
parallel --will-cite "$xqrec" index in --db shard{}.sqlite --shard {}/3 ::: 1 2 3 2> /dev/null
"$xqrec" index --merge shard1.sqlite shard2.sqlite shard3.sqlite --db merged.sqlite 2> err.txt || die "merge: $(cat err.txt)"
after_c2e2="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"
for filters in "" "--unique" "--no-errors" "--finding illegal-move,missing-move" "--position" "--ends incomplete"; do
  set -- $filters
  [ "$filters" = --position ] && set -- --position "$after_c2e2" --mirror
  a=$("$xqrec" select --db whole.sqlite --list "$@" 2> /dev/null | md5sum)
  b=$("$xqrec" select --db merged.sqlite --list "$@" 2> /dev/null | md5sum)
  [ "$a" = "$b" ] || die "select --db $filters: the merged index answers otherwise"
done
python3 - whole.sqlite merged.sqlite << 'PY' || die "the merged index's tables differ from the whole run's"
import sqlite3, sys
def summary(p):
    c = sqlite3.connect(p)
    q = lambda s: c.execute(s).fetchall()
    return (q("SELECT count(*) FROM files"), q("SELECT count(*) FROM games"),
            q("SELECT code, severity, count(*) FROM findings GROUP BY 1, 2 ORDER BY 1, 2"),
            q("SELECT count(*) FROM positions"), q("SELECT count(*), count(DISTINCT \"group\") FROM duplicates"),
            q("SELECT f.path, g.game, g.dup_relation FROM games g JOIN files f ON f.id = g.file ORDER BY 1, 2"))
a, b = summary(sys.argv[1]), summary(sys.argv[2])
for x, y in zip(a, b):
    assert x == y, f"{x[:3]} != {y[:3]}"
PY
# A game in two shards is refused, and the output is left as it was.
echo keep > twice.sqlite
"$xqrec" index --merge shard1.sqlite shard1.sqlite --db new.sqlite > /dev/null 2> err.txt && die "a shard given twice was merged"
grep -q "two shards" err.txt || die "the refusal does not say why: $(cat err.txt)"
[ ! -e new.sqlite ] || die "a refused merge left new.sqlite"
"$xqrec" index --merge shard1.sqlite --db twice.sqlite > /dev/null 2>&1 && die "a merge over a file that is not an index ran"
[ "$(cat twice.sqlite)" = keep ] || die "a refused merge changed its output"
exit $fail

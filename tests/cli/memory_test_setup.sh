# Sourced by the memory tests (tests/cli/*_memory.sh, memory_bound.sh):
# a work directory that goes with the script however it ends, entered;
# `here`, the tests' folder (peak_rss.py); and the project's real games.
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

# real_games BYTES OUT: the PGN games of SOURCE_DIR's corpus/games ($src),
# without CRs, repeated to about BYTES bytes into OUT.
real_games() {
  local f
  for f in $(find "$src/corpus/games" -name '*.pgn' -type f | sort); do
    perl -pe 's/\r//' "$f"
    printf '\n\n'
  done > real.pgn || return 1
  perl -e 'local $/; $g = <STDIN>; print $g x int($ARGV[0] / length $g)' "$1" < real.pgn > "$2"
}

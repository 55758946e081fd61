#!/usr/bin/env bash
# Behaviour unchanged by a refactoring: runs two xqrec binaries on the same
# inputs and compares what they write, byte for byte: the audit's JSON Lines
# and text, convert's outputs and report for every target format, and the
# audit of the JSON conversion read back.
# Usage: scripts/compare-behaviour.sh OLD_XQREC NEW_XQREC [INPUT_DIR]
# (INPUT_DIR defaults to ../shared/corpus). Exit 0 identical, 1 different
# (the differences listed), 2 usage.
set -u
[ $# -ge 2 ] || { echo "usage: $0 OLD_XQREC NEW_XQREC [INPUT_DIR]" >&2; exit 2; }
old=$(realpath "$1") new=$(realpath "$2")
input=$(realpath "${3:-$(dirname "$0")/../../shared/corpus}")
[ -d "$input" ] || { echo "no input directory $input" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
# run NAME ARGS...: both binaries, each in its own directory; stdout and the
# exit status kept, stderr kept but for the summary line's timing-free text.
run() {
  local name=$1; shift
  for side in old new; do
    local bin=$old; [ $side = new ] && bin=$new
    mkdir -p "$work/$side/$name"
    (cd "$work/$side/$name" && "$bin" "$@" > stdout 2> stderr; echo $? > status)
  done
  if ! diff -r "$work/old/$name" "$work/new/$name" > "$work/$name.diff"; then
    echo "== $name differs:"; head -20 "$work/$name.diff"; status=1
  else
    echo "== $name identical"
  fi
}
run audit-jsonl audit --jobs 2 "$input" --jsonl out.jsonl -q
run audit-text audit --jobs 1 "$input" --no-variations
for to in pgn xqf dhtmlxq cbf json fen; do
  run "convert-$to" convert "$input" -o out --to "$to" --report report.jsonl
done
run convert-pgn-wxf-gbk convert "$input" -o out --to pgn --notation wxf --encoding gbk
# The JSON written above, read back: both binaries audit the same files (the
# old binary's conversion), so that a change in the JSON reader shows too.
if [ -d "$work/old/convert-json/out" ]; then
  run readback-json-jsonl audit --jobs 2 "$work/old/convert-json/out" --jsonl out.jsonl -q
  run readback-json-text audit --jobs 1 "$work/old/convert-json/out"
fi
exit $status

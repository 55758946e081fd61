#!/usr/bin/env bash
# Runs one golden CLI case: CASE/args holds the arguments, one per line
# (@SOURCE_DIR@ and @CASE_DIR@ are replaced; an empty line is an empty
# argument); CASE/stdin, if present, is fed to standard input. Standard
# output must equal CASE/expected byte for byte, the exit status must equal
# CASE/status, and every line of CASE/stderr_contains (if present) must
# appear in standard error. With XQREC_UPDATE_GOLDEN=1 in the environment
# CASE/expected is rewritten from this run instead (review the diff).
set -u
xqrec=$1 case_dir=$2 source_dir=$3
args=()
while IFS= read -r line || [ -n "$line" ]; do
  line=${line//@SOURCE_DIR@/$source_dir}
  line=${line//@CASE_DIR@/$case_dir}
  args+=("$line")
done < "$case_dir/args"
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
if [ -f "$case_dir/stdin" ]; then
  (cd "$case_dir" && "$xqrec" "${args[@]}" < "$case_dir/stdin" > "$out" 2> "$err")
else
  (cd "$case_dir" && "$xqrec" "${args[@]}" < /dev/null > "$out" 2> "$err")
fi
status=$?
[ -n "${XQREC_UPDATE_GOLDEN:-}" ] && cp "$out" "$case_dir/expected"
fail=0
want_status=$(tr -d ' \n' < "$case_dir/status")
if [ "$status" != "$want_status" ]; then
  echo "exit status $status, expected $want_status"; fail=1
fi
if ! cmp -s "$out" "$case_dir/expected"; then
  echo "standard output differs from $case_dir/expected:"; diff "$case_dir/expected" "$out" | head -40; fail=1
fi
if [ -f "$case_dir/stderr_contains" ]; then
  while IFS= read -r want || [ -n "$want" ]; do
    [ -z "$want" ] && continue
    if ! grep -qF -- "$want" "$err"; then echo "standard error lacks: $want"; fail=1; fi
  done < "$case_dir/stderr_contains"
fi
if [ $fail -ne 0 ]; then echo "--- stderr:"; head -20 "$err"; fi
exit $fail

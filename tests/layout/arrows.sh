#!/usr/bin/env bash
# The layout's arrows point one way: tools/cli -> tools/<job> -> formats ->
# notation -> libxqrec. Fails, naming the file and the line, when a module
# includes a header of a module above it (or a job another job's).
# Usage: arrows.sh SOURCE_DIR
set -u
src=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$src" || exit 2
status=0
# forbid DIR PATTERN WHY: no file under DIR may include a header matching PATTERN.
forbid() {
  local dir=$1 pattern=$2 why=$3 hits
  hits=$(grep -rnE --include='*.h' --include='*.cpp' "^[[:space:]]*#[[:space:]]*include[[:space:]]*[\"<]($pattern)" "$dir")
  if [ -n "$hits" ]; then
    echo "$why:"; echo "$hits" | sed 's/^/  /'; status=1
  fi
}
[ -d libxqrec ] && [ -d notation ] && [ -d formats ] && [ -d tools/audit ] && [ -d tools/convert ] && [ -d tools/cli ] ||
  { echo "the layout's folders are not all there"; exit 1; }
forbid libxqrec 'xqrec/(notation|formats|audit|convert)/' "the core includes a module above it"
forbid notation 'xqrec/(formats|audit|convert)/' "notation includes a module above it"
forbid formats 'xqrec/(audit|convert)/|cli\.h|tools/' "formats (readers and writers) includes a batch job or the command"
forbid tools/audit 'xqrec/convert/|cli\.h' "the audit library includes another job or the command"
forbid tools/convert 'xqrec/audit/|cli\.h' "the convert library includes another job or the command"
# Nothing is left in the old flat folder.
if [ -d formats/src ] && [ -n "$(ls -A formats/src)" ]; then echo "formats/src/ is not empty"; status=1; fi
[ $status = 0 ] && echo "arrows point one way"
exit $status

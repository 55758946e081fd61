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
forbid tools/audit 'xqrec/(convert|report)/|cli\.h' "the audit library includes another job, the report or the command"
forbid tools/convert 'xqrec/audit/|cli\.h' "the convert library includes another job or the command"
# ecco sits below the jobs that use it (audit, convert, select).
forbid tools/ecco 'xqrec/(audit|convert|duplicates|select)/|cli\.h' "the ecco library includes a job or the command"
# Codes are enumerators of the registry (issue_codes.def): no module turns
# a string into a code (code_named is for the command line, tests, and the
# index reading back the codes it stored by name), and no
# struct but Issue and the registry row carries a code with a severity.
hits=$(grep -rn --include='*.h' --include='*.cpp' 'code_named(' libxqrec notation formats tools |
  grep -v '^formats/include/xqrec/formats/issue.h:' | grep -v '^formats/record/issue.cpp:' | grep -v '^tools/cli/cmd_[a-z_]*.cpp:' | grep -v '^tools/index/index_query.cpp:')
if [ -n "$hits" ]; then echo "a module makes a code from a string:"; echo "$hits" | sed 's/^/  /'; status=1; fi
# (An ECCO code, tools/ecco/, names an opening, not an issue.)
hits=$(grep -rnE --include='*.h' --include='*.cpp' '^[[:space:]]*(std::string|std::string_view)[[:space:]]+code[[:space:]]*(;|=)' formats tools |
  grep -v '^tools/ecco/')
if [ -n "$hits" ]; then echo "a struct carries a code as a free string:"; echo "$hits" | sed 's/^/  /'; status=1; fi
# Public headers live under include/xqrec/<module>/: none directly in include/xqrec/.
hits=$(ls libxqrec/include/xqrec/*.h notation/include/xqrec/*.h formats/include/xqrec/*.h tools/*/include/xqrec/*.h 2>/dev/null)
if [ -n "$hits" ]; then echo "public headers outside include/xqrec/<module>/:"; echo "$hits" | sed 's/^/  /'; status=1; fi
# Nothing is left in the old flat folder.
if [ -d formats/src ] && [ -n "$(ls -A formats/src)" ]; then echo "formats/src/ is not empty"; status=1; fi
[ $status = 0 ] && echo "arrows point one way"
exit $status

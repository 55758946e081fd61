#!/usr/bin/env bash
# Every code the audit and convert report on real inputs is declared in the
# registry, with a severity the registry allows for it: runs `xqrec audit
# --jsonl` and `xqrec convert --report` (to PGN and XQF) over the given
# inputs and checks each (code, severity) pair against `xqrec codes`.
# Usage: codes_used_declared.sh XQREC INPUT...
set -u
xqrec=$1; shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$xqrec" codes > "$work/registry" || { echo "xqrec codes failed"; exit 1; }
"$xqrec" audit --jsonl "$work/audit.jsonl" -q "$@" 2>/dev/null
for to in pgn xqf; do
  "$xqrec" convert "$@" --to $to -o "$work/out-$to" --report "$work/report-$to.jsonl" 2>/dev/null
done
[ -s "$work/audit.jsonl" ] || { echo "the audit wrote nothing"; exit 1; }
python3 - "$work/registry" "$work/audit.jsonl" "$work"/report-*.jsonl <<'PY'
import json, sys
allowed = {}
for line in open(sys.argv[1], encoding='utf-8'):
    name, sev = line.split('\t')[:2]
    allowed[name] = set(sev.split(', '))
pairs = {}
for path in sys.argv[2:]:
    for line in open(path, encoding='utf-8'):
        o = json.loads(line)
        for f in o.get('findings', [o]):
            pairs.setdefault((f['code'], f['severity']), path)
bad = [(c, s, p) for (c, s), p in sorted(pairs.items()) if c not in allowed or s not in allowed[c]]
for c, s, p in bad:
    why = 'not declared' if c not in allowed else 'declared ' + ', '.join(sorted(allowed[c])) + ' only'
    print(f'{c} ({s}) in {p}: {why} in issue_codes.def')
print(f'{len(pairs)} (code, severity) pairs seen, {len(bad)} not declared')
sys.exit(1 if bad or not pairs else 0)
PY

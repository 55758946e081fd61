#!/usr/bin/env bash
# Installs the Debian 12 packages xqrec needs, if any is missing. Run as root.
# --browser: also Chromium and the Noto CJK fonts, for the tests that open
# the arbiter's report in a real browser (tests/browser; scripts/test.sh),
# and poppler-utils, whose pdftotext reads the printed pages back to check
# that each game starts and fits a page (a PDF's text is compressed and
# font-encoded: not something to parse by hand).
set -eu
# python3 and parallel: the test scripts only (strict JSON checks of the output, building a
# CBL library in tests/cli/deleted_cbl.sh; GNU parallel runs the shards of
# tests/cli/shards.sh); a fresh Debian 12 may lack them.
packages=(g++ cmake make catch2 libboost-program-options-dev libicu-dev libpugixml-dev nlohmann-json3-dev zlib1g-dev libsqlite3-dev libssl-dev python3 parallel)
[ "${1:-}" = --browser ] && packages+=(chromium fonts-noto-cjk poppler-utils)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
fi

#!/usr/bin/env bash
# Installs the Debian 12 packages xqrec needs, if any is missing. Run as root.
set -eu
# python3: the test scripts only (strict JSON checks of the output, building a
# CBL library in tests/cli/deleted_cbl.sh); a fresh Debian 12 may lack it.
packages=(g++ cmake make catch2 libboost-program-options-dev libicu-dev libpugixml-dev nlohmann-json3-dev zlib1g-dev libsqlite3-dev libssl-dev python3)
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

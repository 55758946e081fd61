# Sourced by the browser tests: finds headless Chromium (skip 77 without it,
# but fail under CI=true, whose test command installs it) and prints or
# shoots a page with it.
chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
  if [ "${CI:-}" = true ]; then echo "FAIL: chromium is missing under CI=true (scripts/install-deps.sh --browser installs it)"; exit 1; fi
  echo "skipped: no chromium on this machine"; exit 77
fi
# browser PAGE LOG SECONDS ARGS...: headless, a profile of its own beside
# the log, no sandbox (tests may run as root), no GPU.
browser() {
  local page=$1 log=$2 seconds=$3
  shift 3
  timeout "$seconds" "$chromium" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
    --user-data-dir="$(dirname "$log")/profile" --hide-scrollbars "$@" "file://$page" > "$log" 2>&1 ||
    { echo "FAIL: chromium $*"; tail -20 "$log"; exit 1; }
}

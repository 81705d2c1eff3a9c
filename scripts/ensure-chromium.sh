#!/usr/bin/env bash
# Makes sure Debian's Chromium is there for the Playwright e2e tests (never `playwright install`): the browser, and
# its headless shell (package chromium-headless-shell, same build), which the e2e suite prefers because it renders
# the same pages with about half the CPU of the full browser in headless mode.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  if [ -x /usr/bin/chromium ]; then
    echo "chromium-headless-shell is missing: the e2e tests use the full chromium (slower). 'sudo apt-get install -y chromium-headless-shell' adds it." >&2
    exit 0
  fi
  echo "Chromium is missing: run 'sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell' first." >&2
  exit 1
fi
echo "Installing Debian's ${missing[*]} for the e2e tests..."
apt-get update -qq
if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null; then
  # An older Debian without the headless shell package: the full browser is enough.
  [ -x /usr/bin/chromium ] || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

#!/usr/bin/env bash
# Makes sure Debian's Chromium is there for the Playwright e2e tests (never `playwright install`).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium is missing: run 'sudo apt-get update && sudo apt-get install -y chromium' first." >&2
  exit 1
fi
echo "Installing Debian's chromium for the e2e tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null

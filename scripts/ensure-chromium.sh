#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (a Playwright browser download cannot work on these machines).
# Installs it with apt-get when we are root; otherwise stops with a one-line instruction.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's Chromium for the browser tests (apt-get install chromium)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$CHROMIUM" ] && exit 0
fi
echo "Chromium is missing: run 'sudo apt-get install -y chromium' (Debian) and then npm test again." >&2
exit 1

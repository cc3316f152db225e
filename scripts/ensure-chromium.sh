#!/usr/bin/env bash
# The browser tests drive Debian's chromium-headless-shell, and the phone bench Debian's full Chromium (a
# Playwright browser download cannot work on these machines): lib/chromium.ts. Installs both with apt-get when
# we are root; otherwise stops with a one-line instruction.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
SHELL_BIN="${CHROMIUM_HEADLESS_SHELL:-/usr/lib/chromium/chromium-headless-shell}"
if [ -x "$CHROMIUM" ] && [ -x "$SHELL_BIN" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's Chromium for the browser tests (apt-get install chromium chromium-headless-shell)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
  [ -x "$CHROMIUM" ] && [ -x "$SHELL_BIN" ] && exit 0
fi
echo "Chromium is missing: run 'sudo apt-get install -y chromium chromium-headless-shell' (Debian) and then npm test again." >&2
exit 1

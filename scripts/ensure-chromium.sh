#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (Playwright's own browser download cannot be reached here).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ]; then
  echo "Installing Debian's chromium for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
else
  echo "Browser tests need /usr/bin/chromium: run 'sudo apt-get install chromium' first." >&2
  exit 1
fi

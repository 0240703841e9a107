#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when it is not there yet (playwright's own download cannot work here).
set -euo pipefail
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-core >/dev/null
echo "installed $(/usr/bin/chromium --version)"

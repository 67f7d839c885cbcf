#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium: Playwright cannot download its own browser
# builds on these machines, so the e2e tests and the benchmarks launch the system one.
# Set APT_UPDATED=1 when `apt-get update` has already run (.ci/run does).
set -euo pipefail

if [[ -x /usr/bin/chromium ]]; then
  echo "chromium present: $(/usr/bin/chromium --version 2>/dev/null || echo 'version unknown')"
  exit 0
fi

SUDO=()
if [[ "$(id -u)" -ne 0 ]]; then
  SUDO=(sudo)
fi

echo "chromium missing: installing Debian packages chromium and fonts-liberation"
if [[ "${APT_UPDATED:-0}" != 1 ]]; then
  "${SUDO[@]}" apt-get update
fi
# Without recommends (upower, udev, a notification daemon...) apart from the fonts, so that
# screenshots look the same on every machine.
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y --no-install-recommends chromium fonts-liberation

/usr/bin/chromium --version

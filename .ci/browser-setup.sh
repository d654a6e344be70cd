#!/usr/bin/env bash
# The browser tests drive Debian's chromium through Playwright's executable_path, so that no
# browser is downloaded at test time; a Japanese font, so that the default (Japanese) page
# renders text rather than empty boxes in the screenshots. Idempotent: installs only what
# is missing.
set -euo pipefail

packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium)
if ! command -v fc-list >/dev/null || [ -z "$(fc-list :lang=ja family 2>/dev/null)" ]; then
  packages+=(fonts-ipafont-gothic)
fi
if [ ${#packages[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "browser-setup: missing ${packages[*]}; installing them needs root" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q "${packages[@]}"

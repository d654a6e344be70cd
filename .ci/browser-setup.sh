#!/usr/bin/env bash
# The browser tests drive Debian's chromium through Playwright's executable_path, so that no
# browser is downloaded at test time. Idempotent: does nothing when chromium is present.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "browser-setup: /usr/bin/chromium is missing and installing it needs root" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q chromium

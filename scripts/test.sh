#!/usr/bin/env bash
# Installs what the tests need and runs every test suite: Swift, then the browser modules
# (node --test), then the end-to-end browser tests (Playwright on Debian's Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test

echo "== Swift tests"
swift test

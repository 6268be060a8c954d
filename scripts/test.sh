#!/usr/bin/env bash
# Installs what the tests need and runs every test suite: Swift, then the browser modules
# (node --test), then the end-to-end browser tests (Playwright on Debian's Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test

echo "== Swift tests"
swift test

echo "== Browser modules (node --test)"
node --test Tests/js/

echo "== Browser tests (Playwright on Debian's Chromium; test_server_e2e.py runs the real server)"
swift build --product peach
PEACH_BINARY="$PWD/.build/debug/peach" python3 -m pytest -q tests/browser

#!/usr/bin/env bash
# Installs what the tests need and runs every test suite: Swift, then the browser modules
# (node --test), then the browser tests (Playwright on Debian's Chromium), which drive the real
# `peach` binary on real database files, then the same app in the two other engines users have
# (e2e/engines: WebKitGTK through WebKitWebDriver under Xvfb, Firefox ESR through Marionette,
# one browser session each, both playing into a PulseAudio null sink that the tests record);
# also the SoundFont parser against sf2utils.
#
# scripts/test.sh --fast: the tier to run while working, once the full command has installed
# everything — formatting, the wasm core's build, PeachCore's and PeachViews' tests and the
# browser modules' types and tests (under a minute after a build: docs/design.md).
# scripts/test.sh --server: the tier for a change to the server or the command line — the tests
# of PeachStore, PeachWeb and SoundFont, which run the real `peach` (a few minutes after a build:
# docs/design.md). The full command stays what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--server" ]; then
  echo "== Server tier: formatting, then PeachStore's, PeachWeb's and SoundFont's tests (the command line's among them)"
  swift format lint --strict --recursive Package.swift Sources Tests
  swift build --build-tests
  swift test --skip-build --filter 'PeachStoreTests|PeachWebTests|SoundFontTests'
  exit 0
fi
if [ "${1:-}" = "--fast" ]; then
  echo "== Fast tier: formatting, the wasm core, PeachCore's and PeachViews' tests, the browser modules"
  swift format lint --strict --recursive Package.swift Sources Tests Client
  scripts/build-wasm.sh
  swift test --filter 'PeachCoreTests|PeachViewsTests'
  swift build --product PeachCoreCheck
  tsc -p tsconfig.json
  # The differential test with one of its three seeds (40,000 operations, not 120,000): the
  # other two were a third of this tier's time; the full command runs them all.
  PEACH_TRACE_SEEDS=1 node --test Client/tests/
  exit 0
fi
scripts/install-deps.sh --test

echo "== Formatting (swift-format lint --strict with the committed .swift-format)"
swift format lint --strict --recursive Package.swift Sources Tests Client

echo "== The wasm core (Embedded Swift: PeachCore and PeachViews must also build for wasm32)"
scripts/build-wasm.sh

echo "== Swift tests (and no compiler warning in Peach's own targets)"
# A fresh clone compiles every file here, so every warning of Peach's own code shows in this log.
mkdir -p .build
swift build --build-tests 2>&1 | tee .build/build-tests.log
if grep -E "^($PWD/)?(Sources|Tests)/[^:]+:[0-9]+:[0-9]+: warning:|^macro expansion .*: warning:" .build/build-tests.log; then
  echo "Compiler warnings in Peach's own targets (above): fix them; the test command allows none." >&2
  exit 1
fi
swift test --skip-build

echo "== Browser modules: their JSDoc types (tsc --checkJs), then node --test with the wasm core against the native build"
swift build --product PeachCoreCheck
tsc -p tsconfig.json
node --test Client/tests/

echo "== Browser tests (Playwright on Debian's Chromium)"
swift build --product peach
PEACH_BINARY="$PWD/.build/debug/peach" python3 -m pytest -q e2e/browser

echo "== The other engines (WebKitGTK through WebKitWebDriver, Firefox ESR through Marionette)"
PEACH_BINARY="$PWD/.build/debug/peach" python3 -m pytest -q e2e/engines

echo "== The SoundFont parser against sf2utils on the real file (peach soundfont --json)"
PEACH_BINARY="$PWD/.build/debug/peach" python3 -m pytest -q e2e/soundfont

echo "== API fuzz run (schemathesis on docs/openapi.yaml against the real server)"
PEACH_BINARY="$PWD/.build/debug/peach" python3 -m pytest -q e2e/fuzz

echo "== LAN mode end to end (pairing, devices, revoke with the real binary)"
PEACH_BINARY="$PWD/.build/debug/peach" python3 -m pytest -q e2e/lan

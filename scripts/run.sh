#!/usr/bin/env bash
# Installs what Peach needs, builds it (release) and runs it. Without arguments it starts the server
# (`peach serve`, the default command), which prints the address to open; arguments go to `peach`,
# e.g. `scripts/run.sh --port 8081 --data /tmp/peach.sqlite` or `scripts/run.sh stats`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build-wasm.sh  # the wasm core, into .build/wasm, where the server reads it
swift build -c release --product peach
exec .build/release/peach "$@"

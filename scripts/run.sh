#!/usr/bin/env bash
# Installs what Peach needs, builds it (release) and starts it: `scripts/run.sh [serve options]`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --product peach
exec .build/release/peach "$@"

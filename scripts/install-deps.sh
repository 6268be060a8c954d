#!/usr/bin/env bash
# Installs what Peach needs on a fresh Debian/Ubuntu machine (run as root or with sudo).
#   scripts/install-deps.sh          — what building and running needs (SQLite headers for GRDB;
#                                      wasi-libc and binaryen for the wasm core, scripts/build-wasm.sh;
#                                      openssl, which creates Peach's certificate authority for --lan;
#                                      the Fluid (R3) Mono GM SoundFont and libvorbis, which decodes
#                                      its Ogg Vorbis samples, and libFLAC, which encodes the
#                                      prepared sounds the browser downloads, for the instrument
#                                      sounds; Brotli and zlib, which compress what the server
#                                      sends)
#   scripts/install-deps.sh --test   — also what the test suites need (Chromium, Playwright;
#                                      certutil from libnss3-tools, so that Chromium trusts that
#                                      authority in e2e/lan; for e2e/engines, WebKitGTK's
#                                      WebKitWebDriver with its MiniBrowser and the GStreamer
#                                      plugins that decode FLAC, Xvfb as its display, Firefox ESR,
#                                      and PulseAudio with parec as the sound card both play into)
# Swift itself must already be installed (swift.org toolchain 6.x).
set -euo pipefail
cd "$(dirname "$0")/.."
sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

packages=(libsqlite3-dev libqrencode-dev wasi-libc binaryen openssl libvorbis-dev libflac-dev fluidr3mono-gm-soundfont
  libbrotli-dev zlib1g-dev)
[ "${1:-}" = "--test" ] && packages+=(chromium fonts-dejavu-core zbar-tools libnss3-tools
  webkit2gtk-driver xvfb firefox-esr pulseaudio pulseaudio-utils)
# tsc --checkJs of the browser modules' JSDoc types (tsconfig.json).
[ "${1:-}" = "--test" ] && packages+=(node-typescript)
# node --test for the browser modules; keep a node that is already installed.
[ "${1:-}" = "--test" ] && ! command -v node >/dev/null && packages+=(nodejs)

missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_if_needed apt-get update -qq
  sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
if [ "${1:-}" = "--test" ]; then
  python3 -m pip install --quiet --disable-pip-version-check -r e2e/requirements.txt
fi

#!/usr/bin/env bash
# Draws the home-screen icons (Sources/PeachWeb/Assets/icons/peach-*.png) from the peach of the
# favicon (Assets.swift) on a full square, so that iOS (which rounds the corners itself) and
# Android's maskable icons (which cut a circle or squircle from the middle 80 %) both show the
# whole peach. Run once when the drawing changes; the PNGs are committed. Needs librsvg2-bin.
set -euo pipefail
cd "$(dirname "$0")/.."
out=Sources/PeachWeb/Assets/icons
svg=$(mktemp --suffix=.svg)
trap 'rm -f "$svg"' EXIT
cat >"$svg" <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" fill="#fff4e6"/>
  <g transform="translate(6.4 6.4) scale(0.6)">
    <path fill="#f4a261" d="M16 8c-7 0-12 5-12 11.5S9.5 30 16 30s12-4 12-10.5S23 8 16 8Z"/>
    <path fill="#e76f51" d="M16 8c-2.5 3-3 9 0 22-6.5 0-12-4-12-10.5S9 8 16 8Z" opacity=".35"/>
    <path fill="#2a9d8f" d="M16 8c1-4 4-6 9-6-1 4-4 6-9 6Z"/>
  </g>
</svg>
SVG
for size in 180 192 512; do
  rsvg-convert -w "$size" -h "$size" "$svg" -o "$out/peach-$size.png"
done

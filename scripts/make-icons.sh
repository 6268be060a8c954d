#!/usr/bin/env bash
# Draws Peach's icons (Client/icons/peach-*.png): a peach as the head of an
# eighth note, its stem the note's stem and its leaf the note's flag. Run once when the drawing
# changes; the PNGs are committed. The tab icon (`favicon` in Sources/PeachWeb/App/Assets.swift)
# is the same drawing without the square. Needs librsvg2-bin.
#
# - peach-180 (iOS's home-screen icon; iOS rounds the corners itself), peach-192 and peach-512
#   (the manifest's "any"): the drawing on a full square, a little in from the rounded corners.
# - peach-maskable-192 and -512 ("maskable"): the drawing at three quarters of the size, so that
#   it stays inside the middle 80 % circle that Android cuts its shapes from, on a square of
#   the background colour to the edges.
# - peach-monochrome-512 ("monochrome"): the same as one colour on transparent; the system
#   tints it (Android's themed icons) and only the alpha channel counts.
set -euo pipefail
cd "$(dirname "$0")/.."
out=Client/icons
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The drawing in a 32-unit square: the stem, the leaf, the peach with its blush and its cleft.
drawing='
  <defs><clipPath id="head"><ellipse cx="13.5" cy="21.5" rx="9.5" ry="7.8" transform="rotate(-22 13.5 21.5)"/></clipPath></defs>
  <path d="M21.6 20V4.2" stroke="#6b4226" stroke-width="2.2" stroke-linecap="round"/>
  <path d="M21.6 4.2c.6 3.4 7.6 4.6 6.6 11.2-1.1-3.4-3.9-4.9-6.6-5.3Z" fill="#2a9d8f"/>
  <ellipse cx="13.5" cy="21.5" rx="9.5" ry="7.8" transform="rotate(-22 13.5 21.5)" fill="#f4a261"/>
  <g clip-path="url(#head)">
    <circle cx="19" cy="27" r="9" fill="#e76f51" opacity=".45"/>
    <path d="M15.8 14.4c-3.4 2.4-4.6 8-2.4 15" stroke="#d9603f" stroke-width="1.1" fill="none" opacity=".6"/>
  </g>'
# The same shapes as one opaque colour, the cleft cut out so the peach still reads as a peach.
silhouette='
  <defs><mask id="cleft"><rect width="32" height="32" fill="#fff"/>
    <path d="M15.8 14.4c-3.4 2.4-4.6 8-2.4 15" stroke="#000" stroke-width="1.1" fill="none"/></mask></defs>
  <g mask="url(#cleft)" fill="#000">
    <path d="M21.6 20V4.2" stroke="#000" stroke-width="2.2" stroke-linecap="round"/>
    <path d="M21.6 4.2c.6 3.4 7.6 4.6 6.6 11.2-1.1-3.4-3.9-4.9-6.6-5.3Z"/>
    <ellipse cx="13.5" cy="21.5" rx="9.5" ry="7.8" transform="rotate(-22 13.5 21.5)"/>
  </g>'
background='<rect width="32" height="32" fill="#fff4e6"/>'
inset='transform="translate(1.92 1.92) scale(0.88)"'
safe='transform="translate(4 4) scale(0.75)"'

svg() { # file, then the content
  printf '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">%s</svg>\n' "$2" >"$work/$1.svg"
}
svg full "$background<g $inset>$drawing</g>"
svg maskable "$background<g $safe>$drawing</g>"
svg monochrome "<g $safe>$silhouette</g>"

for size in 180 192 512; do
  rsvg-convert -w "$size" -h "$size" "$work/full.svg" -o "$out/peach-$size.png"
done
for size in 192 512; do
  rsvg-convert -w "$size" -h "$size" "$work/maskable.svg" -o "$out/peach-maskable-$size.png"
done
rsvg-convert -w 512 -h 512 "$work/monochrome.svg" -o "$out/peach-monochrome-512.png"

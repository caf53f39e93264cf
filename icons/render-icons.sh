#!/usr/bin/env bash
# Renders the application icon (src/main/svg/app.svg) to the PNG sizes the console ships.
# Needs rsvg-convert (Debian: apt-get install librsvg2-bin). The PNGs are committed; run this
# only after changing the SVG.
set -euo pipefail
cd "$(dirname "$0")"
out=src/main/resources/org/csiconsole/icons
mkdir -p "$out"
cp src/main/svg/app.svg "$out/app.svg"
for size in 16 32 48 64 128 256; do
  rsvg-convert -w "$size" -h "$size" src/main/svg/app.svg -o "$out/app-$size.png"
done
ls -l "$out"

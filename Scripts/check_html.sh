#!/usr/bin/env bash
# Renders SampleArt (a few targets, to keep it quick), opens index.html in headless Chromium,
# takes a screenshot, and fails if the page does not load or logs a console error.
#   bash Scripts/check_html.sh [OUT_FOLDER]      (needs Debian's chromium)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-/tmp/artfit-html-check}"
command -v chromium >/dev/null || { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; }
(cd "$ROOT" && swift build -c release --product artfit >&2)
rm -rf "$OUT"
"$ROOT/.build/release/artfit" render "$ROOT/SampleArt" --out "$OUT" --quiet \
  --targets "iPhone 16 Pro,iPhone 8,iPad Pro 13\" (M4, M5),tv,video" --max-crop-loss 60% || [ $? -le 1 ]
LOG="$OUT/chromium.log"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --enable-logging=stderr --v=0 \
  --window-size=1400,2400 --virtual-time-budget=5000 --screenshot="$OUT/index-screenshot.png" \
  "file://$OUT/index.html" 2> "$LOG" >/dev/null
[ -s "$OUT/index-screenshot.png" ] || { echo "no screenshot: the page did not load" >&2; exit 1; }
if grep -E 'CONSOLE|Uncaught|SyntaxError|ReferenceError|Failed to load resource' "$LOG" >&2; then
  echo "the page logged errors (above)" >&2
  exit 1
fi
echo "index.html loaded without console errors; screenshot: $OUT/index-screenshot.png"

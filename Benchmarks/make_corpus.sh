#!/usr/bin/env bash
# Build the benchmark corpus from Debian's plasma-workspace-wallpapers (real KDE artwork and
# photographs): 5 JPEG + 5 PNG, 3-8 Mpx each, into $CORPUS (default /tmp/artfit-bench-corpus).
set -euo pipefail
CORPUS="${CORPUS:-/tmp/artfit-bench-corpus}"
W=/usr/share/wallpapers
if [ ! -d "$W/Canopee" ]; then
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q plasma-workspace-wallpapers
fi
mkdir -p "$CORPUS"
copy() { cp "$W/$1/contents/images/$2" "$CORPUS/$3"; }
copy EveningGlow 2560x1600.jpg eveningglow-2560x1600.jpg     # photograph, 4:2:0
copy Grey 2560x1600.jpg grey-2560x1600.jpg                   # greyscale JPEG
copy SafeLanding 1622x2880.jpg safelanding-1622x2880.jpg     # portrait illustration
copy PastelHills 3200x2000.jpg pastelhills-3200x2000.jpg     # photograph
copy Path 2560x1600.jpg path-2560x1600.jpg                   # photograph
copy Canopee 3840x2160.png canopee-3840x2160.png             # 4K illustration
copy Kokkini 3840x2160.png kokkini-3840x2160.png             # 4K illustration
copy Opal 3840x2160.png opal-3840x2160.png                   # 4K illustration
copy Cascade 3840x2160.png cascade-3840x2160.png             # 4K illustration
copy Elarun 2560x1600.png elarun-2560x1600.png               # illustration
# The single-image resize benchmark uses a 5K JPEG photograph-like wallpaper.
cp "$W/Volna/contents/images/5120x2880.jpg" "$(dirname "$CORPUS")/artfit-bench-volna-5120x2880.jpg"
ls -l "$CORPUS" >&2

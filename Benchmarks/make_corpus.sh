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
if [ "${1:-}" = batch ]; then
  # The batch benchmark's 13 wallpapers, none of them in the corpus below: 7 baseline and 3
  # progressive JPEGs (2560x1600 to 5120x2880) and 3 PNGs, about 23 MB.
  BATCH="${BATCH:-/tmp/artfit-bench-batch}"
  mkdir -p "$BATCH"
  for pick in Autumn/2560x1600.jpg BytheWater/2560x1600.jpg ColdRipple/2560x1600.jpg ColorfulCups/2560x1600.jpg \
    FallenLeaf/2560x1600.jpg Flow/5120x2880.jpg Honeywave/5120x2880.jpg Kite/2560x1600.jpg \
    OneStandsOut/2560x1600.jpg Shell/5120x2880.jpg Altai/5120x2880.png IceCold/5120x2880.png \
    Cluster/3840x2160.png; do
    name="${pick%%/*}"
    cp "$W/$name/contents/images/${pick#*/}" "$BATCH/$(echo "$name" | tr 'A-Z' 'a-z')-${pick#*/}"
  done
  ls -l "$BATCH" >&2
  exit 0
fi
if [ "${1:-}" = svg ]; then
  # The vector batch: Debian's desktop-base wallpapers and login screens, real SVG artwork
  # (Inkscape exports with gradients, filters and blurs), one of each of 10 themes at
  # 1920x1080 or the nearest, into $SVG_BATCH (default /tmp/artfit-bench-svg).
  SVG_BATCH="${SVG_BATCH:-/tmp/artfit-bench-svg}"
  D=/usr/share/desktop-base
  if [ ! -d "$D/joy-theme" ]; then
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends desktop-base
  fi
  mkdir -p "$SVG_BATCH"
  for theme in emerald futureprototype homeworld joy-inksplat joy lines moonlight softwaves spacefun; do
    images="$D/$theme-theme/wallpaper/contents/images"
    pick=$(ls "$images" | grep -m1 -E '^1920x1080' || ls "$images" | grep -m1 '\.svg$')
    cp "$images/$pick" "$SVG_BATCH/$theme-$pick"
  done
  cp "$D/homeworld-theme/login/background.svg" "$SVG_BATCH/homeworld-login.svg"
  ls -l "$SVG_BATCH" >&2
  exit 0
fi
if [ "${1:-}" = formats ]; then
  # The batch's 13 wallpapers as the other raster formats teams hand over, in turn: AVIF
  # (quality 80, libavif through Pillow), lossy WebP (quality 90), 8-bit RGB TIFF with LZW.
  # `heic` instead: all 13 as HEIC (quality 80, pillow-heif's libheif and x265), which the
  # peers' libvips does not read.
  FORMATS="${FORMATS:-/tmp/artfit-bench-formats}"
  BATCH="${BATCH:-/tmp/artfit-bench-batch}"
  [ -d "$BATCH" ] || BATCH="$BATCH" bash "$0" batch
  mkdir -p "$FORMATS"
  "${PY:-/tmp/artfit-bench-venv/bin/python}" - "$BATCH" "$FORMATS" "${2:-mixed}" <<'PYTHON'
import os, sys
from PIL import Image
source, out, mode = sys.argv[1], sys.argv[2], sys.argv[3]
if mode == "heic":
    import pillow_heif
    pillow_heif.register_heif_opener()
for i, name in enumerate(sorted(os.listdir(source))):
    image = Image.open(os.path.join(source, name)).convert("RGB")
    stem = os.path.join(out, os.path.splitext(name)[0])
    if mode == "heic":
        image.save(stem + ".heic", quality=80)
    elif i % 3 == 0:
        image.save(stem + ".avif", quality=80)
    elif i % 3 == 1:
        image.save(stem + ".webp", quality=90)
    else:
        image.save(stem + ".tif", compression="tiff_lzw")
PYTHON
  ls -l "$FORMATS" >&2
  exit 0
fi
if [ "${1:-}" = headers ]; then
  # `check` on 1,000 headers: one 1280x800 picture (Kokkini) as PNG, HEIC, AVIF, WebP and LZW
  # TIFF (Pillow and pillow-heif), copied 1,000 times each into $HEADERS/<extension>/.
  HEADERS="${HEADERS:-/tmp/artfit-bench-headers}"
  "${PY:-/tmp/artfit-bench-venv/bin/python}" - "$HEADERS" <<'PYTHON'
import os, shutil, sys
import pillow_heif
from PIL import Image
pillow_heif.register_heif_opener()
out = sys.argv[1]
picture = Image.open("/usr/share/wallpapers/Kokkini/contents/images/3840x2160.png").convert("RGB")
picture = picture.resize((1280, 800), Image.LANCZOS)
options = {"png": {}, "heic": {"quality": 80}, "avif": {"quality": 80}, "webp": {"quality": 90},
           "tif": {"compression": "tiff_lzw"}}
for ext, settings in options.items():
    folder = os.path.join(out, ext)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    one = os.path.join(out, "one." + ext)
    picture.save(one, **settings)
    for i in range(1000):
        shutil.copyfile(one, os.path.join(folder, f"art-{i:04d}.{ext}"))
    print(ext, os.path.getsize(one), "bytes each")
PYTHON
  exit 0
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

#!/usr/bin/env python3
"""Rebuild SampleArt/ from Debian's plasma-workspace-wallpapers (real KDE artwork).

Needs Pillow (pip install pillow) and `apt-get install plasma-workspace-wallpapers`.
Run from the repository root: python3 SampleArt/make_sampleart.py
The output is committed; this script documents exactly how each file was made.
"""
import math
import os

from PIL import Image, ImageDraw, ImageFilter

W = "/usr/share/wallpapers"
OUT = os.path.dirname(os.path.abspath(__file__))


def source(name, size):
    return Image.open(f"{W}/{name}/contents/images/{size}")


# 1. Full-screen portrait illustration (9:16), PNG.
source("Altai", "1080x1920.png").convert("RGB").save(
    f"{OUT}/altai-portrait.png", optimize=True)

# 2. Landscape photograph (16:9), JPEG.
source("EveningGlow", "1920x1080.jpg").save(
    f"{OUT}/evening-glow-landscape.jpg", quality=88)

# 3. Photograph stored on its side with EXIF orientation 6 ("turn 90 degrees clockwise"):
#    the file's pixels are 1080 wide x 1920 tall, and it displays as 1920x1080 upright.
kite = source("Kite", "1920x1080.jpg").convert("RGB")
sideways = kite.transpose(Image.Transpose.ROTATE_90)  # counter-clockwise; orientation 6 undoes it
exif = Image.Exif()
exif[0x0112] = 6
sideways.save(f"{OUT}/kite-exif-rotated.jpg", quality=88, exif=exif.tobytes())

# 4. Very wide video still (2.39:1 scope), JPEG: the centre band of a 16:9 photograph.
path = source("Path", "1920x1080.jpg").convert("RGB")
band = round(1920 / 2.39)
top = (1080 - band) // 2
path.crop((0, top, 1920, top + band)).save(f"{OUT}/forest-path-scope.jpg", quality=88)

# 5. Square 2732x2732 launch-style artwork: a centred emblem on a soft gradient, PNG.
S = 2732
launch = Image.new("RGB", (S, S))
pixels = launch.load()
for y in range(S):
    t = y / (S - 1)
    row = (round(24 + 40 * t), round(38 + 70 * t), round(92 + 90 * t))
    for x in range(S):
        pixels[x, y] = row
draw = ImageDraw.Draw(launch)
c = S // 2
for r, colour in ((520, (255, 196, 87)), (430, (255, 142, 71)), (330, (236, 84, 92))):
    draw.ellipse((c - r, c - r, c + r, c + r), fill=colour)
# a stylised mountain and sun inside the emblem
draw.polygon([(c - 300, c + 180), (c - 60, c - 170), (c + 60, c - 20), (c + 150, c - 120),
              (c + 300, c + 180)], fill=(40, 52, 110))
draw.ellipse((c + 60, c - 280, c + 180, c - 160), fill=(255, 240, 200))
launch = launch.filter(ImageFilter.SMOOTH)
launch.save(f"{OUT}/launch-square-2732.png", optimize=True)

# 6. Artwork with alpha: a round badge cut from a photograph, soft edge, transparent
#    outside (onboarding sticker), PNG RGBA.
cups = source("ColorfulCups", "2560x1600.jpg").convert("RGB")
side = 1200
cups = cups.crop((680, 200, 680 + side, 200 + side))
alpha = Image.new("L", (side, side), 0)
apixels = alpha.load()
for y in range(side):
    for x in range(side):
        d = math.hypot(x + 0.5 - side / 2, y + 0.5 - side / 2) / (side / 2)
        apixels[x, y] = max(0, min(255, round((1.0 - d) / 0.06 * 255)))
cups.putalpha(alpha)
cups.save(f"{OUT}/cups-badge-alpha.png", optimize=True)

# 7. Key art as a streaming team delivers it: WebP (lossy), 2560x1440.
source("PastelHills", "2560x1440.jpg").convert("RGB").save(f"{OUT}/pastel-hills-key-art.webp", quality=85)

# 8. A print master as TIFF: 16-bit RGB, Deflate, 2560x1440 (the 8-bit wallpaper widened, so the
#    file is what a 16-bit export looks like on disk; tifffile: pip install tifffile numpy).
import numpy as np
import tifffile

cascade = np.asarray(source("Cascade", "3840x2160.png").convert("RGB").resize((2560, 1440)), dtype=np.uint16) * 257
tifffile.imwrite(f"{OUT}/cascade-master-16bit.tif", cascade, compression="zlib", photometric="rgb")

# 9. Onboarding art as an iPhone hands it over: HEIC (x265 through pillow-heif's libheif,
#    quality 80), 1080x1920 portrait stored turned on its side with `irot` (pip install
#    pillow-heif), so it displays upright only when the rotation is applied.
import pillow_heif

pillow_heif.register_heif_opener()

honeywave = source("Honeywave", "1080x1920.jpg").convert("RGB")
exif = Image.Exif()
exif[0x0112] = 6  # pillow-heif writes the EXIF orientation as `irot` and clears the tag
honeywave.transpose(Image.Transpose.ROTATE_90).save(
    f"{OUT}/honeywave-onboarding.heic", quality=80, exif=exif.tobytes())

# 10. Key art as PDF: an SVG drawn for artfit, exported by cairo's PDF surface through
#     rsvg-convert (apt-get install librsvg2-bin), 960x540 px = 720x405 pt, with the DejaVu
#     Sans subset it uses embedded. (kite-onboarding.svg, the SVG sample, is its own source.)
import subprocess
import tempfile

HARBOUR_LIGHT = """<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="960" height="540" viewBox="0 0 960 540">
  <defs>
    <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0b3954"/><stop offset="1" stop-color="#087e8b"/>
    </linearGradient>
    <linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ff5a5f"/><stop offset="1" stop-color="#ffc15e"/>
    </linearGradient>
    <radialGradient id="beam" cx="0" cy="0.5" r="1">
      <stop offset="0" stop-color="#fff6cc" stop-opacity="0.9"/><stop offset="1" stop-color="#fff6cc" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="960" height="330" fill="url(#dusk)"/>
  <rect y="330" width="960" height="210" fill="url(#sea)"/>
  <path d="M505 150 L960 60 L960 250 Z" fill="url(#beam)"/>
  <path d="M440 330 L458 150 L492 150 L510 330 Z" fill="#f4f1de"/>
  <path d="M447 262 L503 262 L506 292 L444 292 Z M453 200 L497 200 L499 222 L451 222 Z" fill="#e07a5f"/>
  <rect x="452" y="118" width="46" height="32" fill="#3d405b"/>
  <circle cx="475" cy="134" r="10" fill="#fff6cc"/>
  <path d="M440 118 L475 92 L510 118 Z" fill="#e07a5f"/>
  <path d="M360 330 C 400 300 560 300 600 330 Z" fill="#3d405b"/>
  <g stroke="#f4f1de" stroke-width="3" stroke-linecap="round" opacity="0.6" fill="none">
    <path d="M80 400 q 30 -12 60 0 t 60 0"/><path d="M640 380 q 30 -12 60 0 t 60 0"/><path d="M300 470 q 30 -12 60 0 t 60 0"/>
  </g>
  <text x="64" y="96" font-family="DejaVu Sans" font-weight="bold" font-size="56" fill="#3d405b">Harbour Light</text>
  <text x="66" y="132" font-family="DejaVu Sans" font-size="22" fill="#3d405b">key art · 16:9 · 960 × 540 pt</text>
</svg>
"""
with tempfile.NamedTemporaryFile("w", suffix=".svg") as svg:
    svg.write(HARBOUR_LIGHT)
    svg.flush()
    subprocess.run(["rsvg-convert", "-f", "pdf", "-o", f"{OUT}/harbour-light-key-art.pdf", svg.name], check=True)

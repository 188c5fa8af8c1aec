#!/usr/bin/env python3
"""Make the small committed decoder fixtures (run from this folder; the outputs are committed).

Needs pypng and Pillow (pip install pypng pillow). Every pixel follows a formula that the
Swift tests recompute (Tests/ArtworkTests/Support/FixturePattern.swift), so the tests check
decoded pixels, not only sizes.

PNG: every colour type and bit depth, each plain and Adam7-interlaced, 13x11 pixels.
JPEG: baseline, progressive, grayscale and CMYK with four flat quadrants; the eight EXIF
orientations; an ICC profile (sRGB from littlecms) in a PNG and a JPEG.
"""
import io

import png
from PIL import Image, ImageCms

W, H = 13, 11


def value8(x, y, c):
    return (x * 37 + y * 59 + c * 101) % 256


def value16(x, y, c):
    return (x * 9973 + y * 7919 + c * 30011) % 65536


def low(x, y, bits):
    return (x + 2 * y) % (1 << bits)


def palette_index(x, y, n):
    return (x + 3 * y) % n


def palette_entry(i):
    return ((i * 40) % 256, (i * 90) % 256, (i * 150) % 256)


def palette_alpha(i):
    return (i * 60) % 256


def write(name, rows, interlace, **info):
    for lace in (False, True):
        suffix = "-interlaced" if lace else ""
        with open(f"png-{name}{suffix}.png", "wb") as f:
            png.Writer(W, H, interlace=lace, **info).write(f, rows)


for bits in (1, 2, 4):
    write(f"gray{bits}", [[low(x, y, bits) for x in range(W)] for y in range(H)], True,
          greyscale=True, bitdepth=bits)
for bits, value in ((8, value8), (16, value16)):
    write(f"gray{bits}", [[value(x, y, 0) for x in range(W)] for y in range(H)], True,
          greyscale=True, bitdepth=bits)
    write(f"grayalpha{bits}",
          [[v for x in range(W) for v in (value(x, y, 0), value(x, y, 1))] for y in range(H)],
          True, greyscale=True, alpha=True, bitdepth=bits)
    write(f"rgb{bits}",
          [[v for x in range(W) for v in (value(x, y, 0), value(x, y, 1), value(x, y, 2))]
           for y in range(H)], True, greyscale=False, bitdepth=bits)
    write(f"rgba{bits}",
          [[v for x in range(W) for c in range(4) for v in (value(x, y, c),)] for y in range(H)],
          True, greyscale=False, alpha=True, bitdepth=bits)
for bits in (1, 2, 4, 8):
    n = min(1 << bits, 12)
    rows = [[palette_index(x, y, n) for x in range(W)] for y in range(H)]
    write(f"palette{bits}", rows, True, bitdepth=bits,
          palette=[palette_entry(i) for i in range(n)])
    write(f"palette{bits}-trns", rows, True, bitdepth=bits,
          palette=[palette_entry(i) + (palette_alpha(i),) for i in range(n // 2)] +
          [palette_entry(i) for i in range(n // 2, n)])
# colour-key transparency (tRNS on gray and RGB)
write("gray8-trns", [[value8(x, y, 0) for x in range(W)] for y in range(H)], True,
      greyscale=True, bitdepth=8, transparent=value8(3, 2, 0))
write("rgb8-trns",
      [[v for x in range(W) for v in (value8(x, y, 0), value8(x, y, 1), value8(x, y, 2))]
       for y in range(H)], True, greyscale=False, bitdepth=8,
      transparent=(value8(3, 2, 0), value8(3, 2, 1), value8(3, 2, 2)))

# JPEG: 32x32, quadrants red, green, blue, white (top-left, top-right, bottom-left,
# bottom-right).
QUADRANTS = [(220, 30, 30), (30, 200, 40), (40, 50, 210), (250, 250, 250)]


def quadrant_image(width=32, height=32):
    im = Image.new("RGB", (width, height))
    for y in range(height):
        for x in range(width):
            im.putpixel((x, y), QUADRANTS[(y >= height // 2) * 2 + (x >= width // 2)])
    return im


quad = quadrant_image()
quad.save("jpeg-baseline.jpg", quality=95, subsampling=0)
quad.save("jpeg-progressive.jpg", quality=95, subsampling=0, progressive=True)
quad.convert("L").save("jpeg-gray.jpg", quality=95)
quad.convert("CMYK").save("jpeg-cmyk.jpg", quality=95)

# Orientation n: store the pixels so that applying n shows `quad48` upright.
quad48 = quadrant_image(48, 32)  # not square, so turning shows in the size
undo = {
    1: None, 2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM, 5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_90, 7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_270,
}
for n, op in undo.items():
    stored = quad48 if op is None else quad48.transpose(op)
    exif = Image.Exif()
    exif[0x0112] = n
    stored.save(f"jpeg-orientation-{n}.jpg", quality=95, subsampling=0, exif=exif.tobytes())
    stored.save(f"png-orientation-{n}.png", exif=exif.tobytes())

srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
with open("srgb.icc", "wb") as f:
    f.write(srgb)
quad.save("png-icc.png", icc_profile=srgb)
quad.save("jpeg-icc.jpg", quality=95, icc_profile=srgb)

# WebP: lossy and lossless quadrants; a lossless RGBA pattern whose every pixel the tests
# recompute (alpha never 0, so lossless keeps the colour under it); EXIF orientation 6; an
# ICC profile; an animation of two frames (the first is read).
quad.save("webp-lossy.webp", quality=95)
quad.save("webp-lossless.webp", lossless=True)
pattern = Image.new("RGBA", (W, H))
for y in range(H):
    for x in range(W):
        pattern.putpixel((x, y), (value8(x, y, 0), value8(x, y, 1), value8(x, y, 2), 1 + value8(x, y, 3) % 255))
pattern.save("webp-alpha.webp", lossless=True, exact=True)
exif = Image.Exif()
exif[0x0112] = 6
quad48.transpose(undo[6]).save("webp-orientation-6.webp", lossless=True, exif=exif.tobytes())
quad.save("webp-icc.webp", lossless=True, icc_profile=srgb)
quad.save("webp-animated.webp", lossless=True, save_all=True,
          append_images=[Image.new("RGB", (32, 32), (9, 9, 9))], duration=100, loop=0)

# TIFF (Pillow's libtiff and tifffile; pip install tifffile numpy): 8-bit RGB pattern with
# LZW, RGBA with Deflate (unassociated alpha), 8-bit gray with PackBits, 16-bit gray and
# 16-bit RGB in 16x16 tiles (tifffile, zlib), premultiplied (associated) alpha, a palette,
# bilevel, CMYK with a CMYK profile, JPEG-in-TIFF, orientation 6, and two pages.
import numpy as np
import tifffile

rgb8 = np.array([[[value8(x, y, c) for c in range(3)] for x in range(W)] for y in range(H)], dtype=np.uint8)
Image.fromarray(rgb8).save("tiff-rgb8-lzw.tif", compression="tiff_lzw")
rgba8 = np.array([[[value8(x, y, c) for c in range(3)] + [1 + value8(x, y, 3) % 255] for x in range(W)]
                  for y in range(H)], dtype=np.uint8)
Image.fromarray(rgba8, "RGBA").save("tiff-rgba8-deflate.tif", compression="tiff_adobe_deflate")
Image.fromarray(rgb8[:, :, 0]).save("tiff-gray8-packbits.tif", compression="packbits")
gray16 = np.array([[value16(x, y, 0) for x in range(W)] for y in range(H)], dtype=np.uint16)
tifffile.imwrite("tiff-gray16.tif", gray16, compression="zlib")
TW, TH = 40, 30  # three by two tiles of 16x16, the last ones partly outside the image
rgb16 = np.array([[[value16(x, y, c) for c in range(3)] for x in range(TW)] for y in range(TH)], dtype=np.uint16)
tifffile.imwrite("tiff-rgb16-tiled.tif", rgb16, tile=(16, 16), compression="zlib", photometric="rgb")
straight = np.array([[[200, 100, 50, (x * 20) % 256] for x in range(W)] for y in range(H)], dtype=np.uint16)
premultiplied = (straight[:, :, :3] * straight[:, :, 3:4] + 127) // 255
tifffile.imwrite("tiff-assoc-alpha.tif", np.dstack([premultiplied, straight[:, :, 3:4]]).astype(np.uint8),
                 photometric="rgb", extrasamples=[1])
palette = Image.fromarray(np.array([[palette_index(x, y, 16) for x in range(W)] for y in range(H)], dtype=np.uint8), "P")
palette.putpalette([v for i in range(256) for v in palette_entry(i)])
palette.save("tiff-palette8.tif")
Image.fromarray(np.array([[(x + y) % 2 * 255 for x in range(W)] for y in range(H)], dtype=np.uint8)).convert("1").save(
    "tiff-bilevel.tif")
with open("../../../Fuzz/corpus/profile/cmyk-lab-clut.icc", "rb") as f:
    cmyk_profile = f.read()
quad.convert("CMYK").save("tiff-cmyk-icc.tif", icc_profile=cmyk_profile)
quad.save("tiff-jpeg.tif", compression="jpeg", quality=95)
tifffile.imwrite("tiff-orientation-6.tif", np.asarray(quad48.transpose(undo[6])), photometric="rgb",
                 extratags=[(274, "H", 1, 6, True)])
quad.save("tiff-two-pages.tif", save_all=True, append_images=[Image.new("RGB", (32, 32), (9, 9, 9))])

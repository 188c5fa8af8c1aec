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

# HEIF and AVIF (pip install pillow-heif; Pillow reads and writes AVIF through libavif):
# quadrants as HEIC (4:4:4) and AVIF; RGBA; orientations 6 (irot) and 2 (imir); 10-bit; an
# ICC profile; colour descriptions (nclx) for Display P3 and for BT.2020 PQ; a collection of
# two images; and, by editing a HEIC's boxes, an ISO 21496-1 `tmap` item and an Apple
# gain-map auxiliary image (neither writer makes them).
import os
import struct

import pillow_heif

pillow_heif.register_heif_opener()
quad.save("heif-quad.heic", quality=95, chroma=444)
quad.save("heif-quad.avif", quality=95, subsampling="4:4:4")
quad_alpha = quad.convert("RGBA")
quad_alpha.putalpha(Image.new("L", (32, 32), 128))
quad_alpha.save("heif-alpha.heic", quality=95, chroma=444)
for n in (6, 2):
    exif = Image.Exif()
    exif[0x0112] = n
    quad48.transpose(undo[n]).save(f"heif-orientation-{n}.heic", quality=95, chroma=444, exif=exif.tobytes())
deep = np.array([[[v * 257 for v in QUADRANTS[(y >= 16) * 2 + (x >= 16)]] for x in range(32)] for y in range(32)],
                dtype=np.uint16)
pillow_heif.from_bytes("RGB;16", (32, 32), deep.tobytes()).save("heif-10bit.heic", quality=95, chroma=444)
quad.save("heif-icc.heic", quality=95, chroma=444, icc_profile=srgb)
quad.save("heif-nclx-p3.heic", quality=95, chroma=444, color_primaries=12, transfer_characteristics=13,
          matrix_coefficients=6, full_range_flag=1)
pillow_heif.from_bytes("RGB;16", (32, 32), deep.tobytes()).save(
    "heif-pq.heic", quality=95, chroma=444, color_primaries=9, transfer_characteristics=16, matrix_coefficients=9,
    full_range_flag=1)
quad.save("heif-collection.heic", quality=95, chroma=444, save_all=True,
          append_images=[Image.new("RGB", (32, 32), (9, 9, 9))])


def boxes(data, start, end):
    """(type, start, end, header length) of each box in data[start:end]."""
    out = []
    while start + 8 <= end:
        size, kind = struct.unpack(">I4s", data[start:start + 8])
        header = 8
        if size == 1:
            size, header = struct.unpack(">Q", data[start + 8:start + 16])[0], 16
        elif size == 0:
            size = end - start
        out.append((kind.decode("latin-1"), start, start + size, header))
        start += size
    return out


def box(kind, payload):
    return struct.pack(">I4s", 8 + len(payload), kind.encode()) + payload


def full_box(kind, version, flags, payload):
    return box(kind, struct.pack(">I", version << 24 | flags) + payload)


def edit_heic(source, target, edit, append=b""):
    """Rewrites the meta box of `source` through `edit(children: dict of type -> bytes)`,
    moving every iloc offset by the change in the meta box's size (it lies before mdat);
    `append` goes at the end of the last box, the media data, at the source's length."""
    data = open(source, "rb").read()
    if append:
        kind, start, end, header = boxes(data, 0, len(data))[-1]
        assert kind == "mdat" and end == len(data) and header == 8
        data = data[:start] + struct.pack(">I", end - start + len(append)) + data[start + 4:] + append
    top = boxes(data, 0, len(data))
    kind, ms, me, mh = next(b for b in top if b[0] == "meta")
    children = {k: data[s:e] for k, s, e, _ in boxes(data, ms + mh + 4, me)}
    order = [k for k, _, _, _ in boxes(data, ms + mh + 4, me)]
    children = edit(children, order)
    meta_payload = data[ms + mh:ms + mh + 4] + b"".join(children[k] for k in order)
    delta = 8 + len(meta_payload) - (me - ms)
    iloc = bytearray(children["iloc"])
    version = iloc[8]
    offset_size, length_size = iloc[12] >> 4, iloc[12] & 15
    base_size, index_size = iloc[13] >> 4, (iloc[13] & 15 if version in (1, 2) else 0)
    at = 14
    count_size = 4 if version == 2 else 2
    count = int.from_bytes(iloc[at:at + count_size], "big")
    at += count_size
    for _ in range(count):
        at += count_size + (2 if version in (1, 2) else 0) + 2  # item ID, construction method, data reference
        base = int.from_bytes(iloc[at:at + base_size], "big") if base_size else 0
        if base_size:
            iloc[at:at + base_size] = (base + delta).to_bytes(base_size, "big")
        at += base_size
        extents = int.from_bytes(iloc[at:at + 2], "big")
        at += 2
        for _ in range(extents):
            at += index_size
            if not base_size:
                offset = int.from_bytes(iloc[at:at + offset_size], "big")
                iloc[at:at + offset_size] = (offset + delta).to_bytes(offset_size, "big")
            at += offset_size + length_size
    children["iloc"] = bytes(iloc)
    meta = box("meta", data[ms + mh:ms + mh + 4] + b"".join(children[k] for k in order))
    assert len(meta) - (me - ms) == delta
    with open(target, "wb") as f:
        f.write(data[:ms] + meta + data[me:])


def add_infe(children, item_id, item_type, name=b""):
    iinf = children["iinf"]
    version = iinf[8]
    count_size = 2 if version == 0 else 4
    count = int.from_bytes(iinf[12:12 + count_size], "big")
    infe = full_box("infe", 2, 0, struct.pack(">HH4s", item_id, 0, item_type.encode()) + name + b"\0")
    children["iinf"] = box("iinf", iinf[8:12] + (count + 1).to_bytes(count_size, "big") + iinf[12 + count_size:] + infe)


def add_iloc_entry(children, item_id, offset, length):
    """Adds an item whose data is `length` bytes at `offset` of the source file (iloc version 0
    or 1 with 4-byte offsets and lengths and a 4-byte base offset or none, as libheif writes)."""
    iloc = children["iloc"]
    version = iloc[8]
    assert iloc[12] == 0x44 and iloc[13] >> 4 in (0, 4) and version in (0, 1)
    count = int.from_bytes(iloc[14:16], "big")
    base = struct.pack(">I", 0) if iloc[13] >> 4 == 4 else b""
    entry = (struct.pack(">H", item_id) + (b"\0\0" if version == 1 else b"") + b"\0\0" + base
             + struct.pack(">HII", 1, offset, length))
    children["iloc"] = box("iloc", iloc[8:14] + struct.pack(">H", count + 1) + iloc[16:] + entry)


def mdat_start(path):
    data = open(path, "rb").read()
    kind, start, end, header = next(b for b in boxes(data, 0, len(data)) if b[0] == "mdat")
    return start + header


def add_tone_map(children, order):
    # The tmap item's data is ISO 21496-1's metadata; its content does not matter here, only
    # that the item has some (libheif refuses an item without data).
    add_infe(children, 100, "tmap")
    add_iloc_entry(children, 100, mdat_start("heif-quad.heic"), 8)
    return children


edit_heic("heif-quad.heic", "heif-gainmap-iso.heic", add_tone_map)


def primary_extent(children):
    """(offset, length) of item 1's only extent, from an iloc as add_iloc_entry accepts."""
    iloc = children["iloc"]
    version, has_base = iloc[8], iloc[13] >> 4 == 4
    at = 16
    item, at = int.from_bytes(iloc[at:at + 2], "big"), at + 2 + (2 if version == 1 else 0) + 2
    base = int.from_bytes(iloc[at:at + 4], "big") if has_base else 0
    at += 4 if has_base else 0
    assert item == 1 and int.from_bytes(iloc[at:at + 2], "big") == 1
    offset, length = struct.unpack(">II", iloc[at + 2:at + 10])
    return base + offset, length


def add_apple_gain_map(children, order):
    # An auxiliary image of Apple's gain-map type: an hvc1 item sharing the primary's coded
    # data and properties, with an auxC property naming the type and an auxl reference to
    # the primary.
    offset, length = primary_extent(children)
    add_infe(children, 101, "hvc1")
    add_iloc_entry(children, 101, offset, length)
    iprp = children["iprp"]
    parts = {k: iprp[s_:e] for k, s_, e, _ in boxes(iprp, 8, len(iprp))}
    ipco, ipma = parts["ipco"], bytearray(parts["ipma"])
    aux_index = len(boxes(ipco, 8, len(ipco))) + 1
    ipco = box("ipco", ipco[8:] + full_box("auxC", 0, 0, b"urn:com:apple:photo:2020:aux:hdrgainmap\0"))
    version, flags = ipma[8], int.from_bytes(ipma[9:12], "big")
    assert version == 0 and flags & 1 == 0
    count = int.from_bytes(ipma[12:16], "big")
    at = 16
    primary = None
    for _ in range(count):
        item, n = int.from_bytes(ipma[at:at + 2], "big"), ipma[at + 2]
        if item == 1:
            primary = bytes(ipma[at + 3:at + 3 + n])
        at += 3 + n
    entry = struct.pack(">HB", 101, len(primary) + 1) + primary + bytes([0x80 | aux_index])
    ipma = full_box("ipma", 0, 0, struct.pack(">I", count + 1) + bytes(ipma[16:]) + entry)
    children["iprp"] = box("iprp", ipco + ipma)
    auxl = box("auxl", struct.pack(">HHH", 101, 1, 1))
    if "iref" in children:
        children["iref"] = box("iref", children["iref"][8:] + auxl)
    else:
        children["iref"] = full_box("iref", 0, 0, auxl)
        order.insert(order.index("iprp"), "iref")
    return children


edit_heic("heif-quad.heic", "heif-gainmap-apple.heic", add_apple_gain_map)


def make_grid(size, rows, columns, ispe=None):
    """A grid image of `rows` x `columns` copies of the primary 32x32 tile, declaring an
    output of `size` x `size` (and an `ispe` of that, or of `ispe`), made the primary item;
    the tile item is hidden."""
    grid = struct.pack(">BBBBII", 0, 1, rows - 1, columns - 1, size, size)  # flags 1: 32-bit sizes

    def edit(children, order):
        add_infe(children, 200, "grid")
        iinf = bytearray(children["iinf"])
        first = iinf.index(b"infe")
        iinf[first + 7] |= 1  # the tile's infe flags: hidden
        children["iinf"] = bytes(iinf)
        add_iloc_entry(children, 200, len(open("heif-quad.heic", "rb").read()), len(grid))
        children["pitm"] = full_box("pitm", 0, 0, struct.pack(">H", 200))
        iprp = children["iprp"]
        parts = {k: iprp[s_:e] for k, s_, e, _ in boxes(iprp, 8, len(iprp))}
        ipco, ipma = parts["ipco"], parts["ipma"]
        ispe_index = len(boxes(ipco, 8, len(ipco))) + 1
        ipco = box("ipco", ipco[8:] + full_box("ispe", 0, 0, struct.pack(">II", ispe or size, ispe or size)))
        count = int.from_bytes(ipma[12:16], "big")
        ipma = full_box("ipma", 0, 0, struct.pack(">I", count + 1) + ipma[16:] + struct.pack(">HBB", 200, 1, ispe_index))
        children["iprp"] = box("iprp", ipco + ipma)
        dimg = box("dimg", struct.pack(">HH", 200, rows * columns) + struct.pack(">H", 1) * (rows * columns))
        children["iref"] = full_box("iref", 0, 0, dimg)
        order.insert(order.index("iprp"), "iref")
        return children

    return edit, grid


edit, grid = make_grid(64, 2, 2)
edit_heic("heif-quad.heic", "heif-grid.heic", edit, append=grid)
edit, grid = make_grid(100000, 2, 2)
edit_heic("heif-quad.heic", "heif-grid-bomb.heic", edit, append=grid)
edit, grid = make_grid(100000, 2, 2, ispe=64)  # the canvas is not what the ispe says
edit_heic("heif-quad.heic", "heif-grid-canvas-bomb.heic", edit, append=grid)


# AVIF's own YCbCr conversion (libavif-bin's avifenc from a PNG): 4:2:0, 10-bit, monochrome
# (4:0:0) and limited range.
import subprocess

quad.save("quad-tmp.png")
with open("quad16-tmp.png", "wb") as f:
    png.Writer(32, 32, bitdepth=16, greyscale=False).write(f, deep.reshape(32, -1).tolist())
for name, source, options in (("heif-420.avif", "quad-tmp.png", ["--yuv", "420"]),
                              ("heif-10bit.avif", "quad16-tmp.png", ["-d", "10", "--yuv", "444"]),
                              ("heif-gray.avif", "quad-tmp.png", ["--yuv", "400"]),
                              ("heif-limited.avif", "quad-tmp.png", ["--yuv", "444", "--range", "limited"])):
    subprocess.run(["avifenc", "--min", "0", "--max", "4", *options, source, name], check=True, capture_output=True)
os.remove("quad-tmp.png")
os.remove("quad16-tmp.png")

# An AVIF image sequence of three flat frames (red, green, blue), its first the still image.
frames = []
for i, colour in enumerate(QUADRANTS[:3]):
    frames.append(f"frame{i}-tmp.png")
    Image.new("RGB", (32, 32), colour).save(frames[-1])
subprocess.run(["avifenc", "--min", "0", "--max", "4", *frames, "heif-sequence.avif"], check=True, capture_output=True)
for frame in frames:
    os.remove(frame)


# JPEG gain maps: a primary with a Multi-Picture Format segment listing a second JPEG (the
# gain map), as Ultra HDR writes it (hdrgm: in the primary's XMP) and as Apple does (the
# second image's XMP names Apple's auxiliary type); and a camera-style MPF whose second
# image is a plain preview (no gain map).
import io


def jpeg_bytes(image, xmp=None):
    out = io.BytesIO()
    image.save(out, "JPEG", quality=90, **({"xmp": xmp} if xmp else {}))
    return out.getvalue()


def with_mpf(primary, second):
    """`primary` with an MPF APP2 segment after its APP segments, then `second` appended."""
    at = 2
    while primary[at + 1] in (0xE0, 0xE1):
        at += 2 + struct.unpack(">H", primary[at + 2:at + 4])[0]
    entries_at = 8 + 2 + 3 * 12 + 4  # TIFF header, tag count, three tags, next-IFD offset
    ifd = struct.pack(">H", 3) + struct.pack(">HHI4s", 0xB000, 7, 4, b"0100") + struct.pack(
        ">HHII", 0xB001, 4, 1, 2) + struct.pack(">HHII", 0xB002, 7, 32, entries_at) + struct.pack(">I", 0)
    segment_length = 2 + 4 + 8 + len(ifd) + 32
    total = len(primary) + 2 + segment_length
    tiff_at = at + 8  # FF E2, length, "MPF\0"
    entries = struct.pack(">IIIHH", 0x030000, total, 0, 0, 0) + struct.pack(
        ">IIIHH", 0x000000, len(second), total - tiff_at, 0, 0)
    segment = b"\xff\xe2" + struct.pack(">H", segment_length) + b"MPF\0" + b"MM\0*" + struct.pack(">I", 8) + ifd + entries
    return primary[:at] + segment + primary[at:] + second


gain = Image.new("L", (16, 16), 128)
ultra_xmp = (b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
             b'<rdf:Description xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/" hdrgm:Version="1.0"/>'
             b'</rdf:RDF></x:xmpmeta>')
apple_xmp = (b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
             b'<rdf:Description xmlns:apdi="http://ns.apple.com/pixeldatainfo/1.0/" '
             b'apdi:AuxiliaryImageType="urn:com:apple:photo:2020:aux:hdrgainmap"/></rdf:RDF></x:xmpmeta>')
with open("jpeg-gainmap-ultrahdr.jpg", "wb") as f:
    f.write(with_mpf(jpeg_bytes(quad, ultra_xmp), jpeg_bytes(gain, ultra_xmp)))
with open("jpeg-gainmap-apple.jpg", "wb") as f:
    f.write(with_mpf(jpeg_bytes(quad), jpeg_bytes(gain, apple_xmp)))
with open("jpeg-mpf-preview.jpg", "wb") as f:
    f.write(with_mpf(jpeg_bytes(quad), jpeg_bytes(quad.resize((16, 16)))))


# Limited-range alpha under a matrix artfit leaves to libheif's own RGB conversion: link-u's
# plum blossom (limited alpha, as cavif wrote it) given an nclx colour box with matrix 8
# (YCgCo), associated with the primary item in the ipma box that lists it.
def add_ycgco_matrix(children, order):
    primary = int.from_bytes(children["pitm"][12:14], "big")
    iprp = children["iprp"]
    parts = [(k, iprp[s_:e]) for k, s_, e, _ in boxes(iprp, 8, len(iprp))]
    ipco = next(b for k, b in parts if k == "ipco")
    index = len(boxes(ipco, 8, len(ipco))) + 1
    rebuilt, added = [], False
    for kind, body in parts:
        if kind == "ipco":
            body = box("ipco", body[8:] + box("colr", b"nclx" + struct.pack(">HHHB", 1, 13, 8, 0)))
        elif kind == "ipma" and not added:
            version, flags = body[8], int.from_bytes(body[9:12], "big")
            assert version == 0 and flags & 1 == 0
            at, entries = 16, bytearray(body[16:])
            at = 0
            for _ in range(int.from_bytes(body[12:16], "big")):
                item, n = int.from_bytes(entries[at:at + 2], "big"), entries[at + 2]
                if item == primary:
                    entries[at + 2] = n + 1
                    entries[at + 3 + n:at + 3 + n] = bytes([index])
                    added = True
                    break
                at += 3 + n
            body = full_box("ipma", 0, 0, body[12:16] + bytes(entries))
        rebuilt.append(body)
    assert added
    children["iprp"] = box("iprp", b"".join(rebuilt))
    return children


edit_heic("RealWorld/plum-blossom-small.profile1.8bpc.yuv444.alpha-limited.avif", "heif-limited-alpha-ycgco.avif",
          add_ycgco_matrix)


import json

# Gain map figures in each carrier, from the HDR corpus's Ultra HDR file (libultrahdr's ISO
# 21496-1 segment): the same figures as Ultra HDR 1.0's XMP (`hdrgm:` attributes on the map,
# the version on the primary, as Android 14 writes them), and as a HEIF `tmap` item's data.
def jpeg_segments(data):
    """(marker, start, end) of each segment before the scan, and where the scan begins."""
    at, out = 2, []
    while data[at] == 0xFF and data[at + 1] not in (0xDA, 0xD9):
        end = at + 2 + struct.unpack(">H", data[at + 2:at + 4])[0]
        out.append((data[at + 1], at, end))
        at = end
    return out, at


def without_segments(data, drop):
    """The JPEG without the segments `drop(marker, payload)` picks, and with `xmp` first."""
    segments, scan = jpeg_segments(data)
    kept = b"".join(data[s:e] for m, s, e in segments if not drop(m, data[s + 4:e]))
    return data[:2] + kept + data[scan:]


def with_xmp(data, xmp):
    payload = b"http://ns.adobe.com/xap/1.0/\0" + xmp
    return data[:2] + b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload + data[2:]


def iso_payload(data):
    """The ISO 21496-1 metadata of the Ultra HDR file's gain map image (after the URN)."""
    urn = b"urn:iso:std:iso:ts:21496:-1\0"
    second = data.index(b"\xff\xd8", 2)
    segments, _ = jpeg_segments(data[second:])
    return next(data[second + s + 4 + len(urn):second + e] for m, s, e in segments
                if m == 0xE2 and data[second + s + 4:second + s + 4 + len(urn)] == urn)


ultra = open("HDR/ultrahdr-landscape.jpg", "rb").read()
second_at = ultra.index(b"\xff\xd8", 2)
drop_iso_mpf = lambda m, p: m == 0xE2 and (p.startswith(b"urn:iso:std:iso:ts:21496:-1") or p.startswith(b"MPF\0"))
truth = json.load(open("HDR/truths.json"))["ultrahdr-landscape.jpg"]
hdrgm = (f'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
         f'<rdf:Description xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/" hdrgm:Version="1.0" '
         f'hdrgm:GainMapMin="{truth["gain_min"][0]}" hdrgm:GainMapMax="{truth["gain_max"][0]}" '
         f'hdrgm:Gamma="{truth["gamma"][0]}" hdrgm:OffsetSDR="{truth["base_offset"][0]}" '
         f'hdrgm:OffsetHDR="{truth["alternate_offset"][0]}" hdrgm:HDRCapacityMin="0" '
         f'hdrgm:HDRCapacityMax="{truth["headroom_stops"]}" hdrgm:BaseRenditionIsHDR="False"/>'
         f'</rdf:RDF></x:xmpmeta>').encode()
primary = with_xmp(without_segments(ultra[:second_at], drop_iso_mpf), ultra_xmp)
gain_map_image = with_xmp(without_segments(ultra[second_at:], drop_iso_mpf), hdrgm)
with open("jpeg-gainmap-hdrgm.jpg", "wb") as f:
    f.write(with_mpf(primary, gain_map_image))


def add_tone_map_figures(children, order):
    add_infe(children, 100, "tmap")
    add_iloc_entry(children, 100, len(open("heif-quad.heic", "rb").read()), 1 + len(iso_payload(ultra)))
    return children


edit_heic("heif-quad.heic", "heif-gainmap-iso-figures.heic", add_tone_map_figures, append=b"\0" + iso_payload(ultra))

# Apple's headroom, as iOS writes it in its gain map's XMP (HDRGainMap:HDRGainMapHeadroom).
apple_headroom_xmp = apple_xmp.replace(
    b'apdi:AuxiliaryImageType="urn:com:apple:photo:2020:aux:hdrgainmap"/>',
    b'apdi:AuxiliaryImageType="urn:com:apple:photo:2020:aux:hdrgainmap" '
    b'xmlns:HDRGainMap="http://ns.apple.com/HDRGainMap/1.0/" HDRGainMap:HDRGainMapHeadroom="3.5"/>')
with open("jpeg-gainmap-apple-headroom.jpg", "wb") as f:
    f.write(with_mpf(jpeg_bytes(quad), jpeg_bytes(gain, apple_headroom_xmp)))

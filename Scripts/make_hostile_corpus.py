#!/usr/bin/env python3
"""Writes a folder of malformed and hostile image files, mixed with a few good ones.

    python3 Scripts/make_hostile_corpus.py OUT_DIR

Standard library only. JPEG cases start from the committed test fixtures. Beside the images it
writes `expected.tsv`: one line per file, `name<TAB>ok` for files artfit must render, or
`name<TAB>error<TAB>words the error must contain`. `render` over the folder must exit 3, name
every `error` file with its cause and render every `ok` file (the test in
Tests/ArtworkTests/Render/HostileCorpusTests.swift does exactly that).
"""
import os
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "Tests", "ArtworkTests", "Fixtures")
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def ihdr(width, height, depth=8, colour=2, interlace=0):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, interlace))


def rgb_rows(width, height):
    rows = b""
    for y in range(height):
        rows += b"\x00" + bytes(((x * 5) % 256, (y * 7) % 256, ((x + y) * 3) % 256)[c]
                                for x in range(width) for c in range(3))
    return rows


def png(width=64, height=48, extra=b"", rows=None, colour=2, depth=8, plte=b""):
    data = rows if rows is not None else rgb_rows(width, height)
    return (SIGNATURE + ihdr(width, height, depth, colour) + plte + extra
            + chunk(b"IDAT", zlib.compress(data, 9)) + chunk(b"IEND", b""))


def fixture(name):
    with open(os.path.join(FIXTURES, name), "rb") as f:
        return f.read()


def segments(jpeg):
    """(offset, marker, length) of each header segment up to and including SOS."""
    found, i = [], 2
    while i < len(jpeg):
        marker = jpeg[i + 1]
        length = (jpeg[i + 2] << 8) | jpeg[i + 3]
        found.append((i, marker, length))
        if marker == 0xDA:
            break
        i += 2 + length
    return found


def segment(jpeg, marker):
    return next(s for s in segments(jpeg) if s[1] == marker)


def with_bytes(data, offset, new):
    return data[:offset] + new + data[offset + len(new):]


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    good_png = png()
    baseline = fixture("jpeg-baseline.jpg")
    progressive = fixture("jpeg-progressive.jpg")
    cmyk = fixture("jpeg-cmyk.jpg")
    cases = []

    def add(name, data, expect, *words):
        path = os.path.join(out, name)
        if data is not None:
            with open(path, "wb") as f:
                f.write(data)
        cases.append((name, expect, " ".join(words)))

    # Good files, which must render whatever surrounds them.
    add("good.png", good_png, "ok")
    add("good.jpg", baseline, "ok")
    add("good-progressive.jpeg", progressive, "ok")
    add("good-trailing-garbage.png", good_png + b"garbage after IEND", "ok")
    add("jpeg-named-png.png", baseline, "ok")
    # CMYK without Adobe's APP14: read as plain (non-inverted) CMYK, as libjpeg does.
    offset, _, length = segment(cmyk, 0xEE)
    add("cmyk-without-adobe.jpg", cmyk[:offset] + cmyk[offset + 2 + length:], "ok")
    # An EXIF orientation of 9 does not exist: the image is used as stored.
    exif = b"Exif\x00\x00MM\x00\x2a\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01\x00\x09\x00\x00\x00\x00\x00\x00"
    add("exif-orientation-9.jpg", baseline[:2] + b"\xff\xe1" + struct.pack(">H", len(exif) + 2) + exif + baseline[2:], "ok")
    # An EXIF block whose IFD offset points past its end is ignored.
    broken_exif = b"Exif\x00\x00II\x2a\x00\xff\xff\x00\x00"
    add("exif-bad-offset.jpg", baseline[:2] + b"\xff\xe1" + struct.pack(">H", len(broken_exif) + 2) + broken_exif + baseline[2:], "ok")

    # Empty, not images, wrong magic.
    add("empty.png", b"", "error", "empty")
    add("empty.jpg", b"", "error", "empty")
    add("text.png", b"just some text, not pixels\n", "error", "not an image")
    add("gif-magic.png", b"GIF89a" + good_png[6:], "error", "not an image")
    add("png-bad-signature.png", b"\x89PNX" + good_png[4:], "error", "not an image")
    add("jpeg-bad-soi.jpg", b"\xff\xd9" + baseline[2:], "error", "not an image")
    # A folder is a folder whatever its name: the artwork inside it is rendered.
    os.makedirs(os.path.join(out, "folder.png"), exist_ok=True)
    add("folder.png/inside.png", good_png, "ok")
    link = os.path.join(out, "loop.png")
    if not os.path.lexists(link):
        os.symlink("loop.png", link)
    add("loop.png", None, "error", "symbolic link")
    # A folder link back to its parent: searched once, not forever.
    os.makedirs(os.path.join(out, "sub"), exist_ok=True)
    if not os.path.lexists(os.path.join(out, "sub", "up")):
        os.symlink("..", os.path.join(out, "sub", "up"))

    # Truncations of a PNG at many offsets: in the signature, the IHDR, each chunk, the IDAT.
    for cut in (4, 12, 20, 33, 41, 60, len(good_png) // 2, len(good_png) - 13, len(good_png) - 1):
        add("png-truncated-%05d.png" % cut, good_png[:cut], "error", "" if cut < 33 else "PNG")
    # Truncations of JPEGs: headers, mid-scan, progressive between scans.
    for cut in (3, 20, 200, len(baseline) // 2, len(baseline) - 2):
        add("jpeg-truncated-%05d.jpg" % cut, baseline[:cut], "error", "" if cut < 200 else "JPEG")
    add("progressive-truncated.jpg", progressive[:len(progressive) * 2 // 3], "error", "JPEG")

    # Bad CRCs and flipped bytes.
    crc_ihdr = with_bytes(good_png, 29, b"\x00\x00\x00\x00")
    add("png-bad-crc-ihdr.png", crc_ihdr, "error", "CRC")
    idat = good_png.index(b"IDAT")
    length = struct.unpack(">I", good_png[idat - 4:idat])[0]
    add("png-bad-crc-idat.png", with_bytes(good_png, idat + 4 + length, b"\xde\xad\xbe\xef"), "error", "CRC")
    flipped = bytearray(zlib.compress(rgb_rows(64, 48), 9))
    for i in range(2, len(flipped), 7):
        flipped[i] ^= 0x5A
    add("png-flipped-idat.png", SIGNATURE + ihdr(64, 48) + chunk(b"IDAT", bytes(flipped)) + chunk(b"IEND", b""),
        "error", "PNG")
    offset, _, length = segment(baseline, 0xC4)
    add("jpeg-bogus-huffman.jpg", with_bytes(baseline, offset + 5, b"\xff" * 16), "error", "JPEG")

    # Zero, huge and absurd dimensions.
    add("png-zero-width.png", SIGNATURE + ihdr(0, 48) + good_png[33:], "error", "PNG")
    add("png-zero-height.png", good_png[:8] + ihdr(64, 0) + good_png[33:], "error", "PNG")
    add("png-huge.png", SIGNATURE + ihdr(200000, 200000) + chunk(b"IDAT", zlib.compress(b"\x00" * 100)) + chunk(b"IEND", b""),
        "error", "200000x200000", "over the limit")
    add("png-width-2^31.png", SIGNATURE + ihdr(0x7FFFFFFF, 1) + chunk(b"IEND", b""), "error", "over the limit")
    add("png-sides-2^32-1.png", SIGNATURE + ihdr(0xFFFFFFFF, 0xFFFFFFFF) + chunk(b"IEND", b""), "error", "over the limit")
    offset, _, _ = segment(baseline, 0xC0)
    add("jpeg-zero-width.jpg", with_bytes(baseline, offset + 7, b"\x00\x00"), "error", "JPEG")
    add("jpeg-huge.jpg", with_bytes(baseline, offset + 5, b"\xfd\xe8\xfd\xe8"), "error", "65000x65000", "over the limit")
    add("jpeg-12-bit.jpg", with_bytes(baseline, offset + 4, b"\x0c"), "error", "JPEG")
    add("jpeg-no-components.jpg", with_bytes(baseline, offset + 9, b"\x00"), "error", "JPEG")

    # Structure: palette index overflow, missing palette, bad depth, no IDAT, unknown critical chunk.
    palette_rows = b"".join(b"\x00" + bytes((x * 7) % 256 for x in range(64)) for _ in range(48))
    add("png-palette-overflow.png", png(rows=palette_rows, colour=3, plte=chunk(b"PLTE", b"\x00\x00\x00\xff\xff\xff")),
        "error", "PNG")
    add("png-palette-missing.png", png(rows=palette_rows, colour=3), "error", "PNG")
    add("png-bad-depth.png", good_png[:8] + ihdr(64, 48, depth=3) + good_png[33:], "error", "PNG")
    add("png-no-idat.png", SIGNATURE + ihdr(64, 48) + chunk(b"IEND", b""), "error", "PNG")
    add("png-unknown-critical-chunk.png", png(extra=chunk(b"ABCD", b"\x01\x02")), "error", "PNG")
    add("png-two-ihdr.png", good_png[:33] + ihdr(64, 48) + good_png[33:], "error", "PNG")
    add("jpeg-no-scan.jpg", baseline[:segment(baseline, 0xDA)[0]] + b"\xff\xd9", "error", "JPEG")

    # Memory: a chunk that declares 2 GiB, a text chunk over the 8 MiB chunk limit, and an
    # ICC profile that inflates to 64 MB (a zip bomb in iCCP).
    add("png-chunk-declares-2gib.png", good_png[:33] + struct.pack(">I", 0x7FFFFFF0) + b"tEXt" + b"x" * 64, "error", "PNG")
    # The two ancillary chunks are dropped (libpng's chunk limit) and the pixels render.
    add("png-big-text-chunk.png", png(extra=chunk(b"tEXt", b"Comment\x00" + b"a" * (9 << 20))), "ok")
    bomb = zlib.compress(b"\x00" * (64 << 20), 9)
    add("png-iccp-bomb.png", png(extra=chunk(b"iCCP", b"bomb\x00\x00" + bomb)), "ok")

    # Progressive JPEG with thousands of scans: the last scan repeated.
    sos = segments(progressive)[-1][0]
    eoi = progressive.rindex(b"\xff\xd9")
    last_scan = progressive[progressive.rindex(b"\xff\xda"):eoi]
    add("jpeg-many-scans.jpg", progressive[:eoi] + last_scan * 3000 + b"\xff\xd9", "error", "JPEG")
    assert sos > 0

    # WebP: good files (one animated, which renders its first frame with a warning), then
    # an empty container, truncations, a scrambled bitstream, a RIFF size that lies, and a
    # VP8X canvas of 40000x40000 over a 32x32 bitstream (refused by the pixel limit before
    # anything is allocated).
    lossy = fixture("webp-lossy.webp")
    lossless = fixture("webp-lossless.webp")
    add("webp-good.webp", lossless, "ok")
    add("webp-animated.webp", fixture("webp-animated.webp"), "ok")
    add("webp-empty-container.webp", b"RIFF" + struct.pack("<I", 4) + b"WEBP", "error", "WebP")
    add("webp-header-only.webp", lossy[:20], "error", "WebP")
    add("webp-cut.webp", lossy[:len(lossy) // 2], "error", "WebP")
    add("webp-scrambled.webp", lossy[:30] + bytes((b * 151 + 7) % 256 for b in lossy[30:]), "error", "WebP")
    add("webp-riff-size-lies.webp", b"RIFF" + struct.pack("<I", 1 << 30) + lossy[8:], "error", "WebP")
    # An animation's canvas is declared apart from its frames: 40000x40000 around one 32x32 frame.
    side = (40000 - 1).to_bytes(3, "little")
    vp8x = b"VP8X" + struct.pack("<I", 10) + b"\x02\x00\x00\x00" + side + side
    anim = b"ANIM" + struct.pack("<I", 6) + b"\x00" * 6
    frame = b"\x00" * 6 + (31).to_bytes(3, "little") * 2 + (100).to_bytes(3, "little") + b"\x00" + lossless[12:]
    anmf = b"ANMF" + struct.pack("<I", len(frame)) + frame + (b"\x00" if len(frame) % 2 else b"")
    body = b"WEBP" + vp8x + anim + anmf
    add("webp-canvas-bomb.webp", b"RIFF" + struct.pack("<I", len(body)) + body, "error", "pixels")

    # TIFF: a good strip file, then an empty header, truncations, an IFD that points at
    # itself (a loop), a header bomb of 100000x100000, strip offsets past the end, and a
    # scrambled file.
    tiff = fixture("tiff-rgb8-lzw.tif")
    add("tiff-good.tif", tiff, "ok")
    add("tiff-two-pages.tif", fixture("tiff-two-pages.tif"), "ok")
    add("tiff-header-only.tif", tiff[:8], "error", "TIFF")
    add("tiff-cut.tif", tiff[:len(tiff) // 3], "error", "TIFF")
    add("tiff-scrambled.tif", tiff[:8] + bytes(b ^ 0x5A for b in tiff[8:]), "error", "TIFF")
    little = tiff[:2] == b"II"
    fmt = "<" if little else ">"
    ifd = struct.unpack(fmt + "I", tiff[4:8])[0]
    count = struct.unpack(fmt + "H", tiff[ifd:ifd + 2])[0]

    def with_tag(data, tag, value):
        """The file with the entry of `tag` in IFD0 made one LONG holding `value`."""
        out = bytearray(data)
        for i in range(count):
            at = ifd + 2 + 12 * i
            if struct.unpack(fmt + "H", data[at:at + 2])[0] == tag:
                out[at + 2:at + 12] = struct.pack(fmt + "HII", 4, 1, value)
        return bytes(out)

    loop = bytearray(tiff)
    loop[ifd + 2 + 12 * count:ifd + 6 + 12 * count] = struct.pack(fmt + "I", ifd)
    add("tiff-ifd-loop.tif", bytes(loop), "ok")  # libtiff stops at the repeated directory: one page
    add("tiff-header-bomb.tif", with_tag(with_tag(tiff, 256, 100000), 257, 100000), "error", "pixels")
    add("tiff-strips-past-end.tif", with_tag(tiff, 273, len(tiff) + 4096), "error", "TIFF")

    # HEIF and AVIF: good files and a collection, then empty files, the file type box alone,
    # truncations, scrambled boxes, a box whose size is smaller than its own header, an image
    # sequence with no still image, and a header bomb (a grid that declares 100000x100000 of
    # four 32x32 tiles).
    heic, avif = fixture("heif-quad.heic"), fixture("heif-quad.avif")
    add("heif-good.heic", heic, "ok")
    add("avif-good.avif", avif, "ok")
    add("heif-collection.heic", fixture("heif-collection.heic"), "ok")
    add("heif-empty.heic", b"", "error", "empty")
    add("avif-empty.avif", b"", "error", "empty")
    add("heif-ftyp-only.heic", heic[:struct.unpack(">I", heic[:4])[0]], "error", "HEIF")
    add("heif-cut.heic", heic[:len(heic) // 2], "error", "HEIF")
    add("avif-cut.avif", avif[:len(avif) // 2], "error", "AVIF")
    ftyp = struct.unpack(">I", heic[:4])[0]
    add("heif-scrambled-boxes.heic", heic[:ftyp] + bytes(b ^ 0x5A for b in heic[ftyp:]), "error", "HEIF")
    add("heif-box-too-small.heic", heic[:ftyp] + struct.pack(">I", 4) + heic[ftyp + 4:], "error", "HEIF")
    moov = struct.pack(">I4s", 16, b"moov") + struct.pack(">I4s", 8, b"free")
    add("avif-sequence-only.avif", struct.pack(">I4s4sI4s4s", 24, b"ftyp", b"avis", 0, b"avis", b"msf1") + moov,
        "error", "AVIF")
    add("heif-grid-bomb.heic", fixture("heif-grid-bomb.heic"), "error", "pixels")
    add("heif-grid-canvas-bomb.heic", fixture("heif-grid-canvas-bomb.heic"), "error", "pixels")
    # libheif takes a coded image's size from its bitstream, not from a lying `ispe` box.
    ispe = heic.index(b"ispe")
    add("heif-ispe-lies.heic", heic[:ispe + 8] + struct.pack(">II", 100000, 100000) + heic[ispe + 16:], "ok")

    # Unreadable permissions (root reads it anyway; the expectation says so).
    unreadable = os.path.join(out, "unreadable.png")
    with open(unreadable, "wb") as f:
        f.write(good_png)
    os.chmod(unreadable, 0)
    add("unreadable.png", None, "ok" if os.geteuid() == 0 else "error", "" if os.geteuid() == 0 else "ermission")

    with open(os.path.join(out, "expected.tsv"), "w") as f:
        for name, expect, words in cases:
            f.write("%s\t%s\t%s\n" % (name, expect, words) if words else "%s\t%s\n" % (name, expect))
    print("%d files (%d that must render) in %s" % (len(cases), sum(c[1] == "ok" for c in cases), out))


if __name__ == "__main__":
    main()

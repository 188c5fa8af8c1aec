#!/usr/bin/env python3
"""Writes a conformance corpus into DIR: files of every format artfit reads, each made by
another project's own tool (netpbm, libjpeg-turbo, exiftool, libwebp, libtiff, libheif,
librsvg's rsvg-convert, cairo), with the format's reference decode beside it as a PAM file.

    python3 Scripts/make_conformance_corpus.py DIR

DIR/corpus/ holds the files artfit reads; DIR/reference/NAME.pam the reference decoder's
pixels, upright as the file's author shows it (a JPEG's EXIF orientation applied: the
reference is the upright original the rotated file was made from). DIR/expected.tsv lists
NAME, the reference's path, and the tool chain that made it; DIR/skipped.tsv names what
could not be made here and why (a tool missing). Used by Tests/ArtworkTests/Codec/
ConformanceTests.swift, which decodes each file with artfit and compares.
"""

import os
import shutil
import subprocess
import sys

WIDTH, HEIGHT = 96, 64  # whole JPEG MCUs at 4:2:0, so jpegtran turns them losslessly


def picture(alpha):
    """An asymmetric test picture: gradients, a bright corner mark, a diagonal and, with alpha,
    a transparent band, so a wrong rotation, mirror or channel order shows in block means."""
    rows = []
    for y in range(HEIGHT):
        row = []
        for x in range(WIDTH):
            r = x * 255 // (WIDTH - 1)
            g = y * 255 // (HEIGHT - 1)
            b = (x + 2 * y) * 3 % 256
            if x < 20 and y < 12:
                r, g, b = 250, 240, 20
            if abs(x - 2 * y) < 2:
                r, g, b = 10, 10, 10
            a = 255
            if alpha:
                a = 0 if 40 <= x < 52 else (255 if y < 40 else 128)
            row.append((r, g, b, a))
        rows.append(row)
    return rows


def write_pam(path, rows, channels, maxval=255):
    tuple_type = {1: "GRAYSCALE", 2: "GRAYSCALE_ALPHA", 3: "RGB", 4: "RGB_ALPHA"}[channels]
    header = (
        f"P7\nWIDTH {len(rows[0])}\nHEIGHT {len(rows)}\nDEPTH {channels}\nMAXVAL {maxval}\n"
        f"TUPLTYPE {tuple_type}\nENDHDR\n"
    )
    data = bytearray()
    for row in rows:
        for pixel in row:
            for value in pixel[:channels]:
                if maxval > 255:
                    data += (value * 257).to_bytes(2, "big")
                else:
                    data.append(value)
    with open(path, "wb") as f:
        f.write(header.encode() + bytes(data))


def run(command, stdout=subprocess.DEVNULL):
    subprocess.run(command, check=True, stdout=stdout, stderr=subprocess.DEVNULL)


def to_file(command, path):
    with open(path, "wb") as out:
        run(command, stdout=out)


class Corpus:
    def __init__(self, root):
        self.root = root
        self.corpus = os.path.join(root, "corpus")
        self.reference = os.path.join(root, "reference")
        self.work = os.path.join(root, "work")
        for folder in (self.corpus, self.reference, self.work):
            os.makedirs(folder, exist_ok=True)
        self.expected = []
        self.skipped = []

    def path(self, name):
        return os.path.join(self.corpus, name)

    def ref(self, name):
        return os.path.join(self.reference, name + ".pam")

    def tmp(self, name):
        return os.path.join(self.work, name)

    def make(self, name, tools, build):
        """Runs `build(out, ref)`; a missing tool is a listed skip, a failing one an error."""
        missing = [tool for tool in tools if shutil.which(tool) is None]
        if missing:
            self.skipped.append((name, "missing " + ", ".join(missing)))
            return
        build(self.path(name), self.ref(name))
        self.expected.append((name, os.path.relpath(self.ref(name), self.root), " ".join(tools)))

    def finish(self):
        with open(os.path.join(self.root, "expected.tsv"), "w") as f:
            for row in self.expected:
                f.write("\t".join(row) + "\n")
        with open(os.path.join(self.root, "skipped.tsv"), "w") as f:
            for row in self.skipped:
                f.write("\t".join(row) + "\n")
        shutil.rmtree(self.work)


def png_files(c, rgb, rgba):
    def pamtopng(options, source, reference_options=("-alphapam",)):
        def build(out, ref):
            to_file(["pamtopng", *options, source], out)
            to_file(["pngtopam", *reference_options, out], ref)

        return build

    gray = c.tmp("gray.pam")
    to_file(["ppmtopgm", rgb], gray)
    gray16 = c.tmp("gray16.pam")
    to_file(["pamdepth", "65535", gray], gray16)
    rgb16 = c.tmp("rgb16.pam")
    to_file(["pamdepth", "65535", rgb], rgb16)
    rgba16 = c.tmp("rgba16.pam")
    to_file(["pamdepth", "65535", rgba], rgba16)
    palette = c.tmp("palette.ppm")
    to_file(["pnmquant", "64", rgb], palette)
    c.make("png-rgb8.png", ["pamtopng", "pngtopam"], pamtopng([], rgb))
    c.make("png-rgba8.png", ["pamtopng", "pngtopam"], pamtopng([], rgba))
    c.make("png-gray8.png", ["pamtopng", "pngtopam", "ppmtopgm"], pamtopng([], gray))
    c.make("png-gray16.png", ["pamtopng", "pngtopam", "pamdepth"], pamtopng([], gray16))
    c.make("png-rgb16.png", ["pamtopng", "pngtopam", "pamdepth"], pamtopng([], rgb16))
    c.make("png-rgba16.png", ["pamtopng", "pngtopam", "pamdepth"], pamtopng([], rgba16))
    c.make("png-palette.png", ["pamtopng", "pngtopam", "pnmquant"], pamtopng([], palette))
    c.make(
        "png-palette-transparent.png",
        ["pnmtopng", "pngtopam", "pnmquant"],
        lambda out, ref: (
            to_file(["pnmtopng", "-transparent", "=rgb:0a/0a/0a", palette], out),
            to_file(["pngtopam", "-alphapam", out], ref),
        ),
    )
    c.make(
        "png-interlaced.png",
        ["pnmtopng", "pngtopam"],
        lambda out, ref: (to_file(["pnmtopng", "-interlace", rgb], out), to_file(["pngtopam", out], ref)),
    )


def jpeg_files(c, rgb):
    ppm = c.tmp("rgb.ppm")
    to_file(["pamtopnm", rgb], ppm)

    def cjpeg(options):
        def build(out, ref):
            to_file(["cjpeg", "-quality", "92", *options, ppm], out)
            to_file(["djpeg", "-pnm", out], ref)

        return build

    for name, options in [
        ("420", []),
        ("444", ["-sample", "1x1"]),
        ("422", ["-sample", "2x1"]),
        ("progressive", ["-progressive"]),
        ("arithmetic", ["-arithmetic"]),
        ("restart", ["-restart", "1"]),
        ("gray", ["-grayscale"]),
        ("optimized", ["-optimize", "-dct", "float"]),
    ]:
        c.make(f"jpeg-{name}.jpg", ["cjpeg", "djpeg", "pamtopnm"], cjpeg(options))

    # EXIF orientations 2...8: the pixels stored turned by jpegtran (losslessly: whole MCUs),
    # the tag saying how to turn them back; the reference is the upright original's decode.
    upright = c.tmp("upright.jpg")
    if shutil.which("cjpeg"):
        to_file(["cjpeg", "-quality", "92", "-sample", "1x1", ppm], upright)
    stored = {
        2: ["-flip", "horizontal"],
        3: ["-rotate", "180"],
        4: ["-flip", "vertical"],
        5: ["-transpose"],
        6: ["-rotate", "270"],
        7: ["-transverse"],
        8: ["-rotate", "90"],
    }
    for orientation, turn in stored.items():

        def build(out, ref, turn=turn, orientation=orientation):
            to_file(["jpegtran", "-perfect", "-copy", "none", *turn, upright], out)
            run(["exiftool", "-q", "-overwrite_original", "-n", f"-Orientation={orientation}", out])
            to_file(["djpeg", "-pnm", upright], ref)

        c.make(f"jpeg-exif-orientation-{orientation}.jpg", ["cjpeg", "djpeg", "jpegtran", "exiftool"], build)


def webp_files(c, rgb, rgba):
    png_rgb, png_rgba = c.tmp("rgb.png"), c.tmp("rgba.png")
    if shutil.which("pamtopng"):
        to_file(["pamtopng", rgb], png_rgb)
        to_file(["pamtopng", rgba], png_rgba)

    def cwebp(source, options):
        def build(out, ref):
            run(["cwebp", "-quiet", *options, source, "-o", out])
            run(["dwebp", "-quiet", "-pam", out, "-o", ref])

        return build

    c.make("webp-lossy.webp", ["cwebp", "dwebp", "pamtopng"], cwebp(png_rgb, ["-q", "90"]))
    c.make("webp-lossy-sharp-yuv.webp", ["cwebp", "dwebp", "pamtopng"], cwebp(png_rgb, ["-q", "90", "-sharp_yuv"]))
    c.make("webp-lossless.webp", ["cwebp", "dwebp", "pamtopng"], cwebp(png_rgb, ["-lossless"]))
    c.make("webp-alpha-lossy.webp", ["cwebp", "dwebp", "pamtopng"], cwebp(png_rgba, ["-q", "90"]))
    c.make("webp-alpha-lossless.webp", ["cwebp", "dwebp", "pamtopng"], cwebp(png_rgba, ["-lossless", "-exact"]))


def tiff_files(c, rgb):
    ppm = c.tmp("rgb.ppm")
    base = c.tmp("base.tif")
    if shutil.which("pamtotiff"):
        to_file(["pamtotiff", "-truecolor", ppm], base)
    gray = c.tmp("gray.pgm")
    to_file(["ppmtopgm", rgb], gray)
    rgb16 = c.tmp("rgb16.ppm")
    to_file(["pamdepth", "65535", ppm], rgb16)

    def tiffcp(options, source=base):
        # libtiff's own RGBA interface decodes every variant (tifftopnm stops at YCbCr).
        def build(out, ref):
            run(["tiffcp", *options, source, out])
            rgba = c.tmp(os.path.basename(out) + ".rgba.tif")
            run(["tiff2rgba", "-c", "none", out, rgba])
            to_file(["tifftopnm", rgba], ref)

        return build

    tools = ["pamtotiff", "tiffcp", "tiff2rgba", "tifftopnm"]
    for name, options in [
        ("none", ["-c", "none"]),
        ("lzw", ["-c", "lzw:2"]),
        ("deflate", ["-c", "zip"]),
        ("packbits", ["-c", "packbits"]),
        ("jpeg", ["-c", "jpeg:90", "-r", "16"]),
        ("planar", ["-p", "separate"]),
        ("tiled", ["-t", "-w", "32", "-l", "32"]),
        ("strips", ["-r", "3"]),
    ]:
        c.make(f"tiff-{name}.tif", tools, tiffcp(options))

    def pamtotiff(source, options):
        def build(out, ref):
            to_file(["pamtotiff", *options, source], out)
            to_file(["tifftopnm", out], ref)

        return build

    c.make("tiff-gray.tif", ["pamtotiff", "tifftopnm", "ppmtopgm"], pamtotiff(gray, ["-lzw"]))
    c.make("tiff-rgb16.tif", ["pamtotiff", "tifftopnm", "pamdepth"], pamtotiff(rgb16, ["-flate"]))


def heif_files(c, rgb, rgba):
    png_rgb, png_rgba = c.tmp("rgb.png"), c.tmp("rgba.png")
    if shutil.which("pamtopng"):
        to_file(["pamtopng", rgb], png_rgb)
        to_file(["pamtopng", rgba], png_rgba)
    encoders = subprocess.run(["heif-enc", "--list-encoders"], capture_output=True, text=True).stdout if shutil.which(
        "heif-enc") else ""

    # The reference decoder of each: libheif's heif-convert for HEIC, libavif's avifdec for
    # AVIF (the decode browsers show).
    def heif(source, options, decoder):
        def build(out, ref):
            run(["heif-enc", *options, "-o", out, source])
            decoded = c.tmp(os.path.basename(out) + ".png")
            run([decoder, out, decoded])
            to_file(["pngtopam", "-alphapam", decoded], ref)

        return build

    tools = ["heif-enc", "heif-convert", "pngtopam", "pamtopng"]
    if "x265" in encoders:
        c.make("heif-hevc.heic", tools, heif(png_rgb, ["-q", "92"], "heif-convert"))
        c.make("heif-hevc-alpha.heic", tools, heif(png_rgba, ["-q", "92"], "heif-convert"))
    else:
        c.skipped.append(("heif-hevc.heic", "libheif has no HEVC encoder here"))
    tools = ["heif-enc", "avifdec", "pngtopam", "pamtopng"]
    if "aom" in encoders:
        c.make("heif-av1.avif", tools, heif(png_rgb, ["-A", "-q", "92"], "avifdec"))
        c.make("heif-av1-alpha.avif", tools, heif(png_rgba, ["-A", "-q", "92"], "avifdec"))
    else:
        c.skipped.append(("heif-av1.avif", "libheif has no AV1 encoder here"))


SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="96" height="64" viewBox="0 0 48 32">
<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#1040c0"/>
<stop offset="1" stop-color="#f0a020"/></linearGradient></defs>
<rect width="48" height="32" fill="url(#g)"/><circle cx="12" cy="10" r="7" fill="#e8e020"/>
<path d="M2 30 L46 4" stroke="#101010" stroke-width="1.5"/>
<rect x="30" y="18" width="12" height="10" fill="#20a040" fill-opacity="0.5"/></svg>
"""


def vector_files(c):
    source = c.tmp("art.svg")
    with open(source, "w") as f:
        f.write(SVG)

    def svg(out, ref):
        shutil.copy(source, out)
        png = c.tmp("svg.png")
        run(["rsvg-convert", "-w", str(WIDTH), "-h", str(HEIGHT), "-o", png, out])
        to_file(["pngtopam", "-alphapam", png], ref)

    def pdf(out, ref):
        # cairo's PDF surface, as rsvg-convert writes it: 96 CSS px are 72 pt. Poppler's own
        # tool draws it through cairo, as artfit does (pdftoppm's Splash anti-aliases edges
        # its own way).
        run(["rsvg-convert", "-f", "pdf", "-o", out, source])
        run(["pdftocairo", "-r", "96", "-png", "-singlefile", out, c.tmp("pdf")])
        to_file(["pngtopam", "-alphapam", c.tmp("pdf.png")], ref)

    c.make("svg-rsvg.svg", ["rsvg-convert", "pngtopam"], svg)
    c.make("pdf-cairo.pdf", ["rsvg-convert", "pdftocairo", "pngtopam"], pdf)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_conformance_corpus.py DIR")
    c = Corpus(sys.argv[1])
    rgb, rgba = c.tmp("rgb.pam"), c.tmp("rgba.pam")
    write_pam(rgb, picture(False), 3)
    write_pam(rgba, picture(True), 4)
    png_files(c, rgb, rgba)
    jpeg_files(c, rgb)
    webp_files(c, rgb, rgba)
    tiff_files(c, rgb)
    heif_files(c, rgb, rgba)
    vector_files(c)
    c.finish()


if __name__ == "__main__":
    main()

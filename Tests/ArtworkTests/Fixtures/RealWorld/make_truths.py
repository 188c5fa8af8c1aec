#!/usr/bin/env python3
"""Writes truths.json: what each file of this corpus shows, from its publishers' own references.

Run with the two suites checked out: `python3 make_truths.py LINK_U LIBTIFF`, where LINK_U is
https://github.com/link-u/avif-sample-images and LIBTIFF is libtiff's source (test/images). Needs
numpy, Pillow and tifffile. Each truth is the picture's size and an 8 x 8 grid of cell means of
red, green, blue (over black: premultiplied by alpha) and alpha, on a 0-255 scale, read by a
decoder other than artfit's from the reference the suite publishes beside the file:

- link-u's AVIFs: the PNG its authors publish as the result (kimono.png for the transforms that
  give back the original, kimono.crop.png for both crops, plum-blossom-small.png for the alpha
  files), so lossy coding is within the tolerance and a wrong crop, turn or mirror is not;
- libtiff's TIFFs: the netpbm twin libtiff publishes (rgb-3c-8b.ppm for rgb-3c-8b.tiff, ...),
  for its fax tests the decoded page in test/refs its test compares against,
  else tifffile's reading of the stored samples (the palette, and the associated alpha, whose
  samples are premultiplied: over black they are the stored values);
- the netpbm files themselves: Pillow, or (16 bits a sample) the samples read here.
"""
import json
import pathlib
import sys

import numpy as np
import tifffile
from PIL import Image

HERE = pathlib.Path(__file__).resolve().parent
LINK_U, LIBTIFF = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]) / "test" / "images"


def grid(rgba):
    """8 x 8 cell means of premultiplied R, G, B and of A, from a float H x W x 4 array in 0...255."""
    h, w, _ = rgba.shape
    over_black = rgba.copy()
    over_black[..., :3] *= rgba[..., 3:4] / 255
    cells = []
    for j in range(8):
        for i in range(8):
            cell = over_black[j * h // 8:(j + 1) * h // 8, i * w // 8:(i + 1) * w // 8]
            # A picture under 8 pixels a side has empty cells: 0, as the test counts them.
            means = cell.reshape(-1, 4).mean(axis=0) if cell.size else np.zeros(4)
            cells.append([round(float(v), 2) for v in means])
    return {"width": w, "height": h, "grid": cells}


def as_rgba(samples, full):
    """Gray, gray+alpha, RGB or RGBA samples (H x W or H x W x C) as float RGBA in 0...255."""
    a = np.asarray(samples, dtype=np.float64) * 255 / full
    if a.ndim == 2:
        a = a[..., None]
    c = a.shape[2]
    colour = a[..., :1].repeat(3, axis=2) if c <= 2 else a[..., :3]
    alpha = a[..., c - 1:c] if c in (2, 4) else np.full(a.shape[:2] + (1,), 255.0)
    return np.concatenate([colour, alpha], axis=2)


def pillow(path):
    image = Image.open(path)
    if image.mode in ("1", "L", "P"):
        image = image.convert("RGBA")
    return as_rgba(np.asarray(image.convert("RGBA")), 255)


def netpbm16(path):
    """A raw PPM or PGM of maxval above 255, read here (Pillow narrows it)."""
    data = path.read_bytes()
    fields, at = [], 2
    while len(fields) < 3:
        while data[at:at + 1].isspace() or data[at:at + 1] == b"#":
            if data[at:at + 1] == b"#":
                at = data.index(b"\n", at)
            at += 1
        start = at
        while not data[at:at + 1].isspace():
            at += 1
        fields.append(int(data[start:at]))
    width, height, maxval = fields
    depth = 3 if data[:2] == b"P6" else 1
    samples = np.frombuffer(data[at + 1:at + 1 + width * height * depth * 2], dtype=">u2")
    return as_rgba(samples.reshape(height, width, depth), maxval)


def tiff_stored(path):
    """tifffile's samples, a palette applied, channels last."""
    with tifffile.TiffFile(path) as tif:
        page = tif.pages[0]
        samples = page.asarray()
        if samples.dtype == bool:
            # Bilevel: True is a set bit, black when the page is min-is-white.
            black = samples if page.photometric == tifffile.PHOTOMETRIC.MINISWHITE else ~samples
            return as_rgba(np.where(black, 0, 255), 255)
        if page.photometric == tifffile.PHOTOMETRIC.PALETTE:
            return as_rgba(page.colormap.T[samples], 65535)
        if page.planarconfig == tifffile.PLANARCONFIG.SEPARATE:
            samples = np.moveaxis(samples, 0, -1)
        straight = samples.astype(np.float64)
        if page.extrasamples and page.extrasamples[0] == tifffile.EXTRASAMPLE.ASSOCALPHA:
            # Premultiplied: over black the stored colour is what shows; `grid` multiplies by
            # alpha again, so the straight colour is handed to it.
            alpha = straight[..., -1:]
            straight[..., :-1] = np.where(alpha > 0, straight[..., :-1] * np.iinfo(samples.dtype).max / np.maximum(alpha, 1), 0)
        return as_rgba(straight, np.iinfo(samples.dtype).max)


AVIF_TOLERANCE = 6  # levels: lossy AV1 against its source, in a cell mean
references = {}
for file in sorted(HERE.glob("*.avif")):
    name = file.name
    if name.startswith("plum-blossom-small"):
        truth, reference = pillow(LINK_U / "plum-blossom-small.png"), "link-u plum-blossom-small.png"
        if ".monochrome." in name:
            # Encoded as luma alone: the reference's BT.709 luma (the matrix cavif writes).
            luma = truth[..., :3] @ np.array([0.2126, 0.7152, 0.0722])
            truth = np.concatenate([np.repeat(luma[..., None], 3, axis=2), truth[..., 3:]], axis=2)
            reference += ", its BT.709 luma"
    elif name.endswith(".crop.avif"):
        truth, reference = pillow(LINK_U / "kimono.crop.png"), "link-u kimono.crop.png"
    else:
        truth, reference = pillow(LINK_U / "kimono.png"), "link-u kimono.png"
    references[name] = dict(grid(truth), reference=reference, tolerance=AVIF_TOLERANCE)
twins = {"rgb-3c-8b.tiff": "rgb-3c-8b.ppm", "rgb-3c-16b.tiff": "rgb-3c-16b.ppm",
         "minisblack-1c-8b.tiff": "minisblack-1c-8b.pgm", "miniswhite-1c-1b.tiff": "miniswhite-1c-1b.pbm"}
for file in sorted(HERE.glob("*.tif*")):
    twin = twins.get(file.name)
    if file.name.startswith("testfax3"):
        # The decoded page libtiff's own test compares against (test/refs, read from 4.5.1 and 4.7.1).
        ref = LIBTIFF.parent / "refs" / ("o-" + file.stem + ".tiff")
        truth, reference = tiff_stored(ref), f"libtiff refs/{ref.name} (tifffile)"
    elif twin is None:
        truth, reference = tiff_stored(LIBTIFF / file.name), "tifffile's reading of the stored samples"
    elif "16b" in twin:
        truth, reference = netpbm16(LIBTIFF / twin), f"libtiff {twin}"
    else:
        truth, reference = pillow(LIBTIFF / twin), f"libtiff {twin} (Pillow)"
    references[file.name] = dict(grid(truth), reference=reference, tolerance=0.6)
for file in sorted(list(HERE.glob("*.p[bgp]m"))):
    truth = netpbm16(file) if "16b" in file.name else pillow(file)
    references[file.name] = dict(grid(truth), reference="read here" if "16b" in file.name else "Pillow", tolerance=0.6)

(HERE / "truths.json").write_text(json.dumps(references, indent=1, sort_keys=True) + "\n")
print(f"{len(references)} truths")

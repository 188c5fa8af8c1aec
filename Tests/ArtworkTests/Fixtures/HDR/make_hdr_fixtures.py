#!/usr/bin/env python3
"""Writes the HDR corpus: Ultra HDR JPEGs made by libvips 8.18's uhdrsave (libultrahdr 1.4, as
pyvips-binary bundles it) from linear scRGB scenes, and truths.json, what libvips reads back
from each (its gain map metadata, and the headroom in stops as log2 of its HDR capacity);
an Apple HEIC (roundtrip.py's make-apple-heic: HEVC by heif-enc, the map an auxiliary
image) with its map as libheif's heif-convert decodes it (apple-heic-map.png); and an ISO
21496-1 HEIC (make-iso-heic: a `tmap` item) with the Ultra HDR JPEG it was made from.

Run with pyvips and pyvips-binary 8.18 installed (pip install pyvips pyvips-binary numpy):
`python3 make_hdr_fixtures.py`. The scenes are small on purpose (the corpus stays in git).
"""
import json
import math
import os
import pathlib
import subprocess
import tempfile

import numpy as np
import pyvips

import roundtrip

HERE = pathlib.Path(__file__).resolve().parent


def scene(width, height, peak, spot):
    """A linear-light gradient (red across, green down) with a bright patch `peak` times SDR
    white at `spot` (x0, y0, x1, y1 as fractions)."""
    x = np.linspace(0, 1, width)[None, :].repeat(height, 0)
    y = np.linspace(0, 1, height)[:, None].repeat(width, 1)
    rgb = np.stack([0.1 + 0.7 * x, 0.1 + 0.7 * y, 0.3 * np.ones_like(x)], -1)
    x0, y0, x1, y1 = spot
    rgb[int(y0 * height):int(y1 * height), int(x0 * width):int(x1 * width)] = peak
    return pyvips.Image.new_from_array(rgb.astype(np.float32), interpretation="scrgb")


SCENES = {
    "ultrahdr-landscape.jpg": (96, 64, 12.0, (0.6, 0.3, 0.85, 0.6)),
    "ultrahdr-portrait.jpg": (48, 80, 2.5, (0.1, 0.1, 0.5, 0.3)),
}
for name, (width, height, peak, spot) in SCENES.items():
    scene(width, height, peak, spot).uhdrsave(str(HERE / name), Q=92)
# An ISO 21496-1 HEIC (roundtrip.py's make-iso-heic) and the Ultra HDR JPEG it was made from,
# whose truth is then the HEIC's figures too.
roundtrip.make_iso_heic(str(HERE / "iso-heic.heic"), 384, 256, 4)
# The same scene with its gain applied in the alternate rendition's colour space, Display P3
# (the tmap item's nclx); its reference JPEG is not kept (it says the base's space).
roundtrip.make_iso_heic(str(HERE / "iso-heic-p3.heic"), 384, 256, 4, 12)
os.remove(roundtrip.reference_of(str(HERE / "iso-heic-p3.heic")))
truths = {}
for name in [*SCENES, "iso-heic-reference.jpg"]:
    image = pyvips.Image.new_from_file(str(HERE / name))
    figure = lambda field: [float(v) for v in image.get(field)]
    truths[name] = {
        "width": image.width, "height": image.height, "gain_map": "iso",
        "headroom_stops": math.log2(image.get("gainmap-hdr-capacity-max")),
        "gain_min": [math.log2(v) for v in figure("gainmap-min-content-boost")],
        "gain_max": [math.log2(v) for v in figure("gainmap-max-content-boost")],
        "gamma": figure("gainmap-gamma"),
        "base_offset": figure("gainmap-offset-sdr"), "alternate_offset": figure("gainmap-offset-hdr"),
        "reference": f"libvips {pyvips.version(0)}.{pyvips.version(1)}.{pyvips.version(2)} uhdrload",
    }
# The same with an irot of a quarter turn on the primary, the picture and map stored turned
# back: its map's truth is heif-convert's (the map as stored) turned as the primary is.
for name, turns in [("apple-heic", 0), ("apple-heic-turned", 1)]:
    roundtrip.make_apple_heic(str(HERE / (name + ".heic")), 384, 256, 3, 4.0, "xmp", turns)
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(["heif-convert", "--with-aux", "--no-colons", "--quiet", str(HERE / (name + ".heic")),
                        os.path.join(folder, "primary.png")], check=True)
        aux = next(name for name in os.listdir(folder) if "hdrgainmap" in name)
        stored = roundtrip.array(pyvips.Image.new_from_file(os.path.join(folder, aux)))[..., 0]
        upright = np.ascontiguousarray(np.rot90(stored, turns))
        pyvips.Image.new_from_array(upright).pngsave(str(HERE / (name + "-map.png")))
(HERE / "truths.json").write_text(json.dumps(truths, indent=1, sort_keys=True) + "\n")
print(f"{len(truths)} files")

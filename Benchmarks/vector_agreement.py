#!/usr/bin/env python3
"""Are artfit's previews of SVG and PDF art what librsvg and poppler draw at that placement?

  vector_agreement.py WORK [--artfit PATH] [--svgs DIR]   (Debian's python3 with python3-gi,
      python3-gi-cairo, gir1.2-rsvg-2.0, gir1.2-poppler-0.18, python3-numpy, python3-pil; librsvg2-bin)

Held-out art: the SVG wallpapers of make_corpus.sh svg (Debian's desktop-base, no test or
sample uses them), the same exported to PDF by cairo (rsvg-convert -f pdf), and two PDF
manuals Debian ships (text with embedded fonts). `artfit render` draws them at two canvases,
fit and fill, with no overlays, on white. Each preview is drawn again by librsvg or poppler
itself, through their GObject bindings onto a cairo surface, at artfit's placement (the
crop's fractional offset exactly; rsvg-convert and pdftocairo place only on whole pixels);
composited on white. Compared by 8x8-pixel block means; prints one line per file and the largest
difference; exits 1 when one is over 3 levels.
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys

import cairo
import gi
import numpy as np
from PIL import Image

gi.require_version("Rsvg", "2.0")
gi.require_version("Poppler", "0.18")
from gi.repository import Poppler, Rsvg  # noqa: E402


TOLERANCE = 3.0
MANUALS = ["/usr/share/doc/libtasn1-doc/libtasn1.pdf", "/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf"]


def on_white(image):
    pixels = np.asarray(image.convert("RGBA"), dtype=np.float64)
    return pixels[..., :3] * pixels[..., 3:4] / 255 + 255 * (1 - pixels[..., 3:4] / 255)


def block_means(pixels):
    h, w = pixels.shape[0] // 8 * 8, pixels.shape[1] // 8 * 8
    return pixels[:h, :w].reshape(h // 8, 8, w // 8, 8, 3).mean(axis=(1, 3))


def exact_crop(reported, width, height, W, H):
    """A centred fill's crop to full precision (report.json rounds it to 0.1 px, which at a
    3x fill moves an edge by a third of a pixel); the reported one if it is not centred."""
    scale = max(W / width, H / height)
    w, h = W / scale, H / scale
    crop = {"x": (width - w) / 2, "y": (height - h) / 2, "w": w, "h": h}
    return crop if all(abs(crop[k] - reported[k]) <= 0.051 for k in crop) else reported


def reference(kind, source, width, height, result):
    """librsvg's or poppler's own drawing (through their GObject bindings, onto a cairo
    surface of the canvas's size) of the document at `result`'s placement, on white: a fill's
    crop scaled onto the canvas, a fit's whole document onto its placed rect (clipped to it, as
    a picture of the document is); the document
    stretched from its intrinsic size onto the geometry's whole pixels, as artfit sizes it."""
    W, H = result["canvas"]["w"], result["canvas"]["h"]
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, W, H)
    cr = cairo.Context(surface)
    if result["mode"] == "fill":
        crop = exact_crop(result["crop"], width, height, W, H)
        cr.scale(W / crop["w"], H / crop["h"])
        cr.translate(-crop["x"], -crop["y"])
    else:
        p = result["placement_px"]
        # The picture is the document's rect: what it draws beyond its viewport is not in it.
        cr.rectangle(p["x"], p["y"], p["w"], p["h"])
        cr.clip()
        cr.translate(p["x"], p["y"])
        cr.scale(p["w"] / width, p["h"] / height)
    if kind == "svg":
        handle = Rsvg.Handle.new_from_file(source)
        handle.set_dpi(96)
        absolute, iw, ih = handle.get_intrinsic_size_in_pixels()
        if not absolute:  # no absolute width and height: the viewBox, as artfit takes it
            viewbox = handle.get_intrinsic_dimensions()[5]
            iw, ih = viewbox.width, viewbox.height
        cr.scale(width / iw, height / ih)
        viewport = Rsvg.Rectangle()
        viewport.x, viewport.y, viewport.width, viewport.height = 0, 0, iw, ih
        handle.render_document(cr, viewport)
    else:
        page = Poppler.Document.new_from_file("file://" + os.path.abspath(source), None).get_page(0)
        iw, ih = page.get_size()
        cr.scale(width / iw, height / ih)
        page.render(cr)
    surface.flush()
    bgra = np.ndarray((H, surface.get_stride() // 4, 4), np.uint8, surface.get_data())[:, :W].astype(np.float64)
    return bgra[..., 2::-1] + 255 * (1 - bgra[..., 3:4] / 255)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("work")
    parser.add_argument("--artfit", default=os.path.join(os.path.dirname(__file__), "../.build/release/artfit"))
    parser.add_argument("--svgs", default="/tmp/artfit-bench-svg")
    args = parser.parse_args()
    art = os.path.join(args.work, "art")
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(art)
    for svg in sorted(glob.glob(os.path.join(args.svgs, "*.svg"))):
        shutil.copy(svg, art)
    for svg in sorted(glob.glob(os.path.join(args.svgs, "*.svg")))[:4]:
        name = os.path.basename(svg)[:-4]
        subprocess.run(["rsvg-convert", "-f", "pdf", "-o", os.path.join(art, name + "-cairo.pdf"), svg], check=True)
    for manual in MANUALS:
        shutil.copy(manual, art)
    out = os.path.join(args.work, "out")
    run = subprocess.run([args.artfit, "render", art, "--out", out, "--targets", "1170x2532,1920x1080",
                          "--modes", "fill,fit", "--overlays", "none", "--background", "white", "--no-cache",
                          "--json"],
                         check=True, capture_output=True, text=True)
    report = json.loads(run.stdout)
    worst = 0.0
    for artwork in report["artworks"]:
        kind = artwork["format"]
        differences = []
        for result in artwork["results"]:
            mine = on_white(Image.open(os.path.join(out, result["preview"])))
            theirs = reference(kind, artwork["source"], artwork["width"], artwork["height"], result)
            differences.append(float(np.abs(block_means(mine) - block_means(theirs)).max()))
        worst = max(worst, max(differences))
        print(f"{os.path.basename(artwork['source'])}: {kind}, {artwork['width']}x{artwork['height']}, "
              f"max block-mean difference {max(differences):.3f} over {len(differences)} previews "
              f"({', '.join(f'{d:.2f}' for d in differences)})")
    print(f"largest: {worst:.3f} levels (tolerance {TOLERANCE})")
    sys.exit(0 if worst <= TOLERANCE else 1)


if __name__ == "__main__":
    main()

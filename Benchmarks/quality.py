#!/usr/bin/env python3
"""PSNR of resized outputs against a float64 Lanczos3 reference with the same geometry.

  quality.py --image IMG --targets T.json DIR [DIR ...] [--linear]

The reference: separable Lanczos3 (a = 3), pixel centres at +0.5, the kernel widened by
1/scale when shrinking, edge pixels repeated, computed in float64 on the sRGB-encoded
values (or in linear light with --linear), alpha premultiplied; outputs are compared on the
picture area (fit bars excluded). Peak 255 (8-bit outputs; 16-bit ones are scaled).
Prints one JSON line per folder: mean and minimum PSNR over its outputs.
"""
import argparse
import json
import math
import os

import numpy as np
from PIL import Image

from peers import geometry


def load(path):
    im = Image.open(path)
    if im.mode in ("I;16", "I;16B", "I"):
        a = np.asarray(im, dtype=np.float64)[:, :, None] / 65535.0
        return a
    if im.mode not in ("L", "LA", "RGB", "RGBA"):
        im = im.convert("RGBA" if "A" in im.mode else "RGB")
    return np.asarray(im, dtype=np.float64) / 255.0 if im.mode not in ("L",) else np.asarray(im, dtype=np.float64)[:, :, None] / 255.0


def load_source(path):
    """The source as 0..1 floats (h, w, c), EXIF orientation applied; 16-bit kept."""
    from PIL import ImageOps
    im = ImageOps.exif_transpose(Image.open(path))
    if im.mode.startswith("I;16"):
        return np.asarray(im, dtype=np.float64)[:, :, None] / 65535.0
    a = np.asarray(im)
    peak = 65535.0 if a.dtype == np.uint16 else 255.0
    a = a.astype(np.float64) / peak
    return a[:, :, None] if a.ndim == 2 else a


def srgb_to_linear(v):
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)


def linear_to_srgb(v):
    v = np.clip(v, 0.0, 1.0)
    return np.where(v <= 0.0031308, v * 12.92, 1.055 * v ** (1 / 2.4) - 0.055)


def lanczos3(x):
    return np.where(np.abs(x) < 3, np.sinc(x) * np.sinc(x / 3), 0.0)


def taps(n_in, n_scaled, first, count):
    """Per output pixel: source indices (clamped) and normalised weights."""
    scale = n_scaled / n_in
    stretch = max(1.0, 1.0 / scale)
    support = 3.0 * stretch
    centre = (np.arange(first, first + count) + 0.5) / scale
    width = int(math.ceil(2 * support)) + 2
    j = np.floor(centre - support).astype(int)[:, None] + np.arange(width)[None, :]
    w = lanczos3((j + 0.5 - centre[:, None]) / stretch)
    w /= w.sum(axis=1, keepdims=True)
    return np.clip(j, 0, n_in - 1), w


def resample(img, sw, sh, x0, y0, cw, ch):
    jy, wy = taps(img.shape[0], sh, y0, ch)
    rows = np.einsum("yk,ykxc->yxc", wy, img[jy])
    jx, wx = taps(img.shape[1], sw, x0, cw)
    return np.einsum("xk,yxkc->yxc", wx, rows[:, jx])


def reference(src, W, H, mode, linear):
    img = srgb_to_linear(src) if linear else src
    alpha = src.shape[2] in (2, 4)
    if alpha:
        a = src[:, :, -1:]
        img = np.concatenate([img[:, :, :-1] * a, a], axis=2)
    h, w = src.shape[:2]
    sw, sh, dx, dy = geometry(w, h, W, H, mode)
    r = resample(img, sw, sh, dx, dy, W, H) if mode == "fill" else resample(img, sw, sh, 0, 0, sw, sh)
    if alpha:
        a = np.clip(r[:, :, -1:], 0, 1)
        col = np.divide(r[:, :, :-1], a, out=np.zeros_like(r[:, :, :-1]), where=a > 1e-12)
        r = np.concatenate([linear_to_srgb(col) if linear else np.clip(col, 0, 1), a], axis=2)
    else:
        r = linear_to_srgb(r) if linear else np.clip(r, 0, 1)
    return r, (0 if mode == "fill" else dx), (0 if mode == "fill" else dy)


def psnr(a, b):
    mse = np.mean((a * 255.0 - b * 255.0) ** 2)
    return 99.0 if mse == 0 else 10 * math.log10(255.0 ** 2 / mse)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--image", required=True)
    parser.add_argument("--targets", required=True)
    parser.add_argument("--linear", action="store_true")
    parser.add_argument("dirs", nargs="+")
    args = parser.parse_args()
    src = load_source(args.image)
    stem = os.path.splitext(os.path.basename(args.image))[0]
    targets = json.load(open(args.targets))
    refs = {}
    for t in targets:
        for mode in ("fill", "fit"):
            refs[(t["name"], mode)] = reference(src, t["width_px"], t["height_px"], mode, args.linear)
    for d in args.dirs:
        scores = []
        for (name, mode), (ref, dx, dy) in refs.items():
            path = os.path.join(d, f"{stem}__{name}__{mode}.png")
            if not os.path.exists(path):
                continue
            out = load(path)
            out = out[dy:dy + ref.shape[0], dx:dx + ref.shape[1]]
            c = min(out.shape[2], ref.shape[2])
            if out.shape[:2] != ref.shape[:2]:
                continue
            scores.append(psnr(out[:, :, :c], ref[:, :, :c]))
        print(json.dumps({"dir": d, "outputs": len(scores), "psnr_mean": round(float(np.mean(scores)), 2) if scores else None,
                          "psnr_min": round(float(np.min(scores)), 2) if scores else None}))


if __name__ == "__main__":
    main()

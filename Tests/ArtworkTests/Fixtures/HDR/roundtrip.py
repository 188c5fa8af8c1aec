"""Ultra HDR round trips through libvips 8.18 (libultrahdr), for GainMapCarryTests.

  python roundtrip.py make OUT.jpg WIDTH HEIGHT SEED
      an HDR scene (gradients, a sky, bright highlights, up to 16x SDR white) saved by
      libvips' uhdrsave: a gain map made by libultrahdr, not by artfit.
  python roundtrip.py compare SOURCE PREVIEW X Y W H PX PY PW PH
      the HDR reconstruction (uhdr2scRGB) of PREVIEW against the same crop of SOURCE's:
      SOURCE's rect (X, Y, W, H) resized to PW x PH, against PREVIEW's picture at (PX, PY);
      prints JSON: the picture's luminance difference in stops (mean and 99th percentile,
      both reduced to the source's resolution, at least 4x, so the two resampling filters'
      detail does not count), and the
      largest difference between PREVIEW's HDR and SDR renditions outside the picture (its
      bars and overlays), with the gain map codes found there.
  python roundtrip.py overlaid WITH WITHOUT
      the gain map codes of WITH (a preview with overlays) under every pixel its SDR image
      differs from WITHOUT's (the same preview without them) by more than JPEG's noise.
"""
import json
import sys

import numpy as np
import pyvips


def array(image):
    return np.ndarray(
        buffer=image.write_to_memory(), dtype=np.float32 if image.format == "float" else np.uint8,
        shape=[image.height, image.width, image.bands])


def make(out, width, height, seed):
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    sky = 0.2 + 0.6 * (1 - y / height)[..., None] * np.array([0.5, 0.7, 1.0], np.float32)
    ground = 0.05 + 0.3 * (x / width)[..., None] * np.array([1.0, 0.8, 0.5], np.float32)
    scene = np.where((y > height * 0.6)[..., None], ground, sky)
    for _ in range(6):  # suns and lamps, far above SDR white
        cx, cy, r = rng.uniform(0, width), rng.uniform(0, height * 0.7), rng.uniform(0.03, 0.1) * width
        peak = rng.uniform(2, 16)
        glow = peak * np.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (2 * r * r))
        scene = scene + glow[..., None]
    scrgb = pyvips.Image.new_from_array(scene.astype(np.float32)).copy(interpretation="scrgb")
    scrgb.uhdrsave(out, Q=95)


def luminance(rgb):
    return np.log2(np.maximum(0.2126 * rgb[..., 0] + 0.7152 * rgb[..., 1] + 0.0722 * rgb[..., 2], 1 / 1024))


def compare(source, preview, x, y, w, h, px, py, pw, ph):
    hdr = pyvips.Image.uhdrload(source).uhdr2scRGB()
    sx, sy = pw / w, ph / h
    # The rect resampled as artfit maps pixels: output centre (X + 0.5) / sx + x, libvips'
    # affine taking integer coordinates as input centres.
    reference = hdr.affine(
        [sx, 0, 0, sy], oarea=[0, 0, pw, ph], odx=sx * (0.5 - x) - 0.5, ody=sy * (0.5 - y) - 0.5,
        interpolate=pyvips.Interpolate.new("bilinear"), extend="copy")
    shown = pyvips.Image.uhdrload(preview)
    out_hdr = shown.uhdr2scRGB()
    picture = out_hdr.crop(px, py, reference.width, reference.height)
    # Compared at no finer than the source's own pixels (and at least 4x reduced): an
    # enlargement's detail is the filters', not the data's.
    factor = max(4, int(pw / w), int(ph / h))
    a = array(reference.shrink(factor, factor))[..., :3]
    b = array(picture.shrink(factor, factor))[..., :3]
    difference = np.abs(luminance(a) - luminance(b))
    # Outside the picture: the HDR rendition against the SDR one, and the map's codes.
    whole_hdr = array(out_hdr)[..., :3]
    whole_sdr = array(pyvips.Image.new_from_file(preview).colourspace("scrgb"))[..., :3]
    outside = np.ones(whole_hdr.shape[:2], bool)
    outside[py:py + ph, px:px + pw] = False
    gain_map = array(pyvips.Image.new_from_buffer(shown.get("gainmap-data"), ""))
    map_outside = gain_map[outside] if gain_map.shape[:2] == outside.shape else None
    print(json.dumps({
        "picture_mean_stops": float(difference.mean()),
        "picture_p99_stops": float(np.percentile(difference, 99)),
        "picture_peak": float(b.max()),
        "reference_peak": float(a.max()),
        "outside_pixels": int(outside.sum()),
        "outside_max_difference": float(np.abs(whole_hdr - whole_sdr)[outside].max()) if outside.any() else 0.0,
        "outside_map_codes": sorted(set(map_outside.reshape(-1).tolist())) if map_outside is not None else None,
        "map_size": [gain_map.shape[1], gain_map.shape[0]],
    }))


def overlaid(with_overlays, without):
    a = array(pyvips.Image.new_from_file(with_overlays).cast("float")).astype(np.float32)
    b = array(pyvips.Image.new_from_file(without).cast("float")).astype(np.float32)
    drawn = np.abs(a - b).max(axis=2) > 40
    gain_map = array(pyvips.Image.new_from_buffer(pyvips.Image.uhdrload(with_overlays).get("gainmap-data"), ""))
    print(json.dumps({
        "overlay_pixels": int(drawn.sum()),
        "overlay_map_codes": sorted(set(gain_map[drawn].reshape(-1).tolist())),
    }))


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
    elif sys.argv[1] == "overlaid":
        overlaid(sys.argv[2], sys.argv[3])
    else:
        compare(sys.argv[2], sys.argv[3], *map(float, sys.argv[4:8]), *map(int, sys.argv[8:12]))

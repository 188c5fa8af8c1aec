"""Ultra HDR round trips through libvips 8.18 (libultrahdr), for GainMapCarryTests.

  python roundtrip.py make OUT.jpg WIDTH HEIGHT SEED
      an HDR scene (gradients, a sky, bright highlights, up to 16x SDR white) saved by
      libvips' uhdrsave: a gain map made by libultrahdr, not by artfit.
  python roundtrip.py make-apple OUT.jpg WIDTH HEIGHT SEED HEADROOM
      the same kind of scene as Apple writes it: an sRGB JPEG of the scene clipped to SDR, and
      in its MPF list a quarter-size gray JPEG of Apple's auxiliary type whose XMP states the
      headroom (a linear ratio), coded as Apple's "Applying Apple HDR effect to your photos"
      reads it: HDR = SDR x (1 + (HEADROOM - 1) x g), g a Rec. 709-encoded code.
  python roundtrip.py compare SOURCE PREVIEW X Y W H PX PY PW PH
      the HDR reconstruction (uhdr2scRGB) of PREVIEW against the same crop of SOURCE's (an
      Apple source's by Apple's published method, its map taken out by exiftool):
      SOURCE's rect (X, Y, W, H) resized to PW x PH, against PREVIEW's picture at (PX, PY);
      prints JSON: the picture's luminance difference in stops (mean and 99th percentile,
      both reduced to the source's resolution, at least 4x, so the two resampling filters'
      detail does not count; and the 99th percentile of its interior, 16 preview pixels in
      from each edge, where no JPEG block is shared with a bar), and the
      largest difference between PREVIEW's HDR and SDR renditions outside the picture (its
      bars and overlays), with the gain map codes found there.
  python roundtrip.py overlaid WITH WITHOUT
      the gain map codes of WITH (a preview with overlays) under every pixel its SDR image
      differs from WITHOUT's (the same preview without them) by more than JPEG's noise.
"""
import json
import re
import struct
import subprocess
import sys

import numpy as np
import pyvips


def array(image):
    return np.ndarray(
        buffer=image.write_to_memory(), dtype=np.float32 if image.format == "float" else np.uint8,
        shape=[image.height, image.width, image.bands])


def scene_array(width, height, seed):
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
    return scene.astype(np.float32)


def make(out, width, height, seed):
    scrgb = pyvips.Image.new_from_array(scene_array(width, height, seed)).copy(interpretation="scrgb")
    scrgb.uhdrsave(out, Q=95)


APPLE_TYPE = b"urn:com:apple:photo:2020:aux:hdrgainmap"


def with_segment(jpeg, marker, payload):
    """`jpeg` with an APPn segment of `payload` right after its SOI."""
    return jpeg[:2] + bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload + jpeg[2:]


def with_second_image(primary, second):
    """`primary` listing `second` (appended) in an MPF segment (CIPA DC-007), as iPhones write."""
    ifd_count, entries_size = 3, 32
    tiff = lambda entries_at: b"MM\0*" + struct.pack(">I", 8) + struct.pack(">H", ifd_count) + (
        struct.pack(">HHI4s", 0xB000, 7, 4, b"0100") + struct.pack(">HHII", 0xB001, 4, 1, 2)
        + struct.pack(">HHII", 0xB002, 7, entries_size, entries_at) + struct.pack(">I", 0))
    entries_at = len(tiff(0))
    payload_size = 4 + entries_at + entries_size
    total = len(primary) + 4 + payload_size
    tiff_at = 2 + 4 + 4  # after SOI: FF E2, length, "MPF\0"
    entries = struct.pack(">IIIHH", 0x030000, total, 0, 0, 0) + struct.pack(
        ">IIIHH", 0, len(second), total - tiff_at, 0, 0)
    return with_segment(primary, 0xE2, b"MPF\0" + tiff(entries_at) + entries) + second


def rec709_encode(linear):
    return np.where(linear < 0.018, 4.5 * linear, 1.099 * np.power(linear, 0.45) - 0.099)


def rec709_decode(value):
    return np.where(value < 0.081, value / 4.5, np.power((value + 0.099) / 1.099, 1 / 0.45))


def make_apple(out, width, height, seed, headroom):
    scene = scene_array(width, height, seed)
    sdr = np.clip(scene, 0, 1)
    ratio = luminance_linear(scene) / np.maximum(luminance_linear(sdr), 1 / 1024)
    gain = np.clip((ratio - 1) / (headroom - 1), 0, 1)
    quarter = gain[: height // 4 * 4, : width // 4 * 4].reshape(height // 4, 4, width // 4, 4).mean(axis=(1, 3))
    codes = np.round(rec709_encode(quarter) * 255).astype(np.uint8)
    primary = pyvips.Image.new_from_array(sdr).copy(interpretation="scrgb").colourspace("srgb").jpegsave_buffer(Q=95)
    xmp = (b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
           b'<rdf:Description xmlns:apdi="http://ns.apple.com/pixeldatainfo/1.0/" '
           b'xmlns:HDRGainMap="http://ns.apple.com/HDRGainMap/1.0/" apdi:AuxiliaryImageType="' + APPLE_TYPE
           + b'" HDRGainMap:HDRGainMapVersion="65536" HDRGainMap:HDRGainMapHeadroom="%.6f"/>'
           b"</rdf:RDF></x:xmpmeta>" % headroom)
    gain_jpeg = pyvips.Image.new_from_array(codes).jpegsave_buffer(Q=95)
    gain_jpeg = with_segment(gain_jpeg, 0xE1, b"http://ns.adobe.com/xap/1.0/\0" + xmp)
    with open(out, "wb") as f:
        f.write(with_second_image(primary, gain_jpeg))


def apple_hdr(source):
    """SOURCE's HDR rendition in linear scRGB by Apple's published method."""
    sdr = pyvips.Image.new_from_file(source).colourspace("scrgb")
    map_bytes = subprocess.run(["exiftool", "-b", "-MPImage2", source], check=True, capture_output=True).stdout
    headroom = float(re.search(rb'HDRGainMapHeadroom="([0-9.]+)"', map_bytes).group(1))
    codes = pyvips.Image.new_from_buffer(map_bytes, "")
    codes = codes.resize(sdr.width / codes.width, vscale=sdr.height / codes.height, kernel="linear")
    gain = rec709_decode(array(codes.cast("float"))[..., :1] / 255)
    return pyvips.Image.new_from_array(array(sdr)[..., :3] * (1 + (headroom - 1) * gain)).copy(interpretation="scrgb")


def luminance_linear(rgb):
    return 0.2126 * rgb[..., 0] + 0.7152 * rgb[..., 1] + 0.0722 * rgb[..., 2]


def luminance(rgb):
    return np.log2(np.maximum(0.2126 * rgb[..., 0] + 0.7152 * rgb[..., 1] + 0.0722 * rgb[..., 2], 1 / 1024))


def compare(source, preview, x, y, w, h, px, py, pw, ph):
    with open(source, "rb") as f:
        apple = APPLE_TYPE in f.read()
    hdr = apple_hdr(source) if apple else pyvips.Image.uhdrload(source).uhdr2scRGB()
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
    # The picture's edges lie in JPEG blocks they may share with bars, which carry no gain so
    # that the bars are exactly SDR (up to 15 preview pixels): the interior is the rest.
    band = -(-16 // factor)
    interior = difference[band:-band, band:-band] if min(difference.shape) > 2 * band else difference
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
        "interior_p99_stops": float(np.percentile(interior, 99)),
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
    if sys.argv[1] == "make-apple":
        make_apple(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), float(sys.argv[6]))
    elif sys.argv[1] == "make":
        make(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
    elif sys.argv[1] == "overlaid":
        overlaid(sys.argv[2], sys.argv[3])
    else:
        compare(sys.argv[2], sys.argv[3], *map(float, sys.argv[4:8]), *map(int, sys.argv[8:12]))

#!/usr/bin/env python3
"""Do artfit's previews of HEIC and AVIF files equal those of an independent decoder's PNG?

  agreement.py WORK [--artfit PATH]   (the peers' venv: pillow, pillow-heif, numpy, pypng;
                                      Debian's libheif-examples and libavif-bin)

Makes held-out files from Debian's wallpapers that no test, fixture or sample uses: HEIC
(4:2:0 and 10-bit), AVIF (8- and 10-bit), a HEIC with alpha, a HEIC turned by `irot`, a HEIC
with an ICC profile and a HEIC described only as Display P3 (nclx). Each is decoded by a
decoder artfit does not use (pillow-heif's own libheif 1.2x and libde265 for HEIC, libavif's
avifdec for AVIF) into a PNG (16-bit for the 10-bit files), tagged with the file's ICC profile, or for the nclx file with a
Display P3 profile this script writes itself. `artfit render` then draws both folders at two
canvases, fit and fill, and every pair of previews is compared by 8x8-pixel block means.
Prints one line per file and the largest difference; exits 1 when one is over 1.5 levels.
"""
import argparse
import json
import os
import struct
import subprocess
import sys

import numpy as np
import pillow_heif
from PIL import Image

pillow_heif.register_heif_opener()
W = "/usr/share/wallpapers"
TOLERANCE = 1.5


def wallpaper(name, size, width=None):
    image = Image.open(f"{W}/{name}/contents/images/{size}").convert("RGB")
    if width:
        image = image.resize((width, round(image.height * width / image.width)), Image.LANCZOS)
    return image


def s15(value):
    return struct.pack(">i", round(value * 65536))


def tag(kind, payload):
    return kind.encode() + b"\0\0\0\0" + payload


def display_p3_icc():
    """An ICC v4 display profile for Display P3 (P3 primaries, D65, the sRGB curve), written
    from the published primaries with numpy: not LittleCMS, so it checks artfit's own."""
    xy = {"r": (0.680, 0.320), "g": (0.265, 0.690), "b": (0.150, 0.060)}
    white = np.array([0.3127 / 0.3290, 1.0, (1 - 0.3127 - 0.3290) / 0.3290])
    d50 = np.array([0.9642, 1.0, 0.8249])
    columns = np.array([[x / y, 1.0, (1 - x - y) / y] for x, y in xy.values()]).T
    rgb_to_xyz = columns * np.linalg.solve(columns, white)
    bradford = np.array([[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]])
    adapt = np.linalg.inv(bradford) @ np.diag((bradford @ d50) / (bradford @ white)) @ bradford
    adapted = adapt @ rgb_to_xyz
    description = "Display P3 (agreement.py)".encode("utf-16-be")
    curve = tag("para", struct.pack(">HH", 3, 0) + b"".join(
        s15(v) for v in (2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045)))
    tags = [
        ("desc", tag("mluc", struct.pack(">II", 1, 12) + b"enUS" + struct.pack(">II", len(description), 28)
                     + description)),
        ("wtpt", tag("XYZ ", b"".join(s15(v) for v in d50))),
        ("chad", tag("sf32", b"".join(s15(v) for v in adapt.flatten()))),
        ("rXYZ", tag("XYZ ", b"".join(s15(v) for v in adapted[:, 0]))),
        ("gXYZ", tag("XYZ ", b"".join(s15(v) for v in adapted[:, 1]))),
        ("bXYZ", tag("XYZ ", b"".join(s15(v) for v in adapted[:, 2]))),
        ("rTRC", curve), ("gTRC", curve), ("bTRC", curve),
    ]
    offset = 128 + 4 + 12 * len(tags)
    table, data = b"", b""
    for signature, payload in tags:
        payload += b"\0" * (-len(payload) % 4)
        table += signature.encode() + struct.pack(">II", offset + len(data), len(payload))
        data += payload
    size = offset + len(data)
    header = (struct.pack(">I", size) + b"none" + bytes([4, 0x30, 0, 0]) + b"mntrRGB XYZ " + bytes(12) + b"acsp"
              + bytes(24) + struct.pack(">I", 0) + b"".join(s15(v) for v in d50) + bytes(48))
    assert len(header) == 128
    return header + struct.pack(">I", len(tags)) + table + data


def make_held_out(folder):
    os.makedirs(folder, exist_ok=True)
    kokkini = wallpaper("Kokkini", "3840x2160.png", 2560)
    kokkini.save(f"{folder}/kokkini.heic", quality=85)
    wallpaper("Opal", "3840x2160.png", 2560).save(f"{folder}/opal.avif", quality=85)
    milky = wallpaper("MilkyWay", "1080x1920.png").convert("RGBA")
    ramp = np.linspace(255, 60, milky.height, dtype=np.float64)[:, None].repeat(milky.width, 1)
    milky.putalpha(Image.fromarray(ramp.round().astype(np.uint8)))
    milky.save(f"{folder}/milkyway-alpha.heic", quality=90)
    exif = Image.Exif()
    exif[0x0112] = 8
    wallpaper("Kay", "1080x1920.png").transpose(Image.Transpose.ROTATE_270).save(
        f"{folder}/kay-irot.heic", quality=85, exif=exif.tobytes())
    p3 = display_p3_icc()
    wallpaper("DarkestHour", "2560x1600.jpg").save(f"{folder}/darkesthour-icc.heic", quality=85, icc_profile=p3)
    wallpaper("FlyingKonqui", "2560x1600.png").save(
        f"{folder}/flyingkonqui-nclx-p3.heic", quality=85, color_primaries=12, transfer_characteristics=13,
        matrix_coefficients=6, full_range_flag=1)
    # 10-bit: a 16-bit PNG through Debian's heif-enc (x265) and avifenc (libavif and aom;
    # heif-enc's aom path aborts on 10-bit input in Debian 12).
    patak = np.asarray(wallpaper("Patak", "1080x1920.png"), dtype=np.uint16) * 257
    import png

    for name, avif in (("patak-10bit.heic", False), ("patak-10bit.avif", True)):
        source = f"{folder}/patak-16.png"
        with open(source, "wb") as f:
            png.Writer(patak.shape[1], patak.shape[0], bitdepth=16, greyscale=False).write(
                f, patak.reshape(patak.shape[0], -1).tolist())
        command = (["avifenc", "-d", "10", "--min", "10", "--max", "20", source, f"{folder}/{name}"] if avif
                   else ["heif-enc", "-q", "85", "-b", "10", "-o", f"{folder}/{name}", source])
        subprocess.run(command, check=True, capture_output=True)
        os.remove(source)
    return p3


def write_png16(path, rgb16, icc=None):
    import png

    writer = png.Writer(rgb16.shape[1], rgb16.shape[0], bitdepth=16, greyscale=False)
    with open(path, "wb") as f:
        writer.write(f, rgb16.reshape(rgb16.shape[0], -1).tolist())
    assert icc is None


def reference(source, target, p3):
    if source.endswith(".avif"):
        # libavif's own decoder (Debian's avifdec), 16-bit for deep files, bilinear chroma.
        deep = "10bit" in source
        subprocess.run(["avifdec", "-d", "16" if deep else "8", source, target], check=True, capture_output=True)
        return
    heif = pillow_heif.open_heif(source, convert_hdr_to_8bit=False)
    if heif.info.get("bit_depth", 8) > 8:
        # pillow-heif shifts 10-bit codes left by 6; widened to the full 16-bit range instead.
        codes = np.asarray(heif, dtype=np.uint32) >> (16 - heif.info["bit_depth"])
        top = (1 << heif.info["bit_depth"]) - 1
        write_png16(target, ((codes * 65535 + top // 2) // top).astype(np.uint16))
        return
    image = heif.to_pillow()
    icc = heif.info.get("icc_profile")
    if not icc and heif.info.get("nclx_profile", {}).get("color_primaries") == 12:
        icc = p3
    image.save(target, icc_profile=icc) if icc else image.save(target)


def block_means(path):
    a = np.asarray(Image.open(path).convert("RGBA"), dtype=np.float64)
    h, w = a.shape[0] // 8 * 8, a.shape[1] // 8 * 8
    return a[:h, :w].reshape(h // 8, 8, w // 8, 8, 4).mean(axis=(1, 3))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("work")
    parser.add_argument("--artfit", default=os.path.join(os.path.dirname(__file__), "../.build/release/artfit"))
    args = parser.parse_args()
    held, refs = f"{args.work}/held-out", f"{args.work}/reference"
    p3 = make_held_out(held)
    os.makedirs(refs, exist_ok=True)
    for name in sorted(os.listdir(held)):
        reference(f"{held}/{name}", f"{refs}/{name.replace('.', '-')}.png", p3)
    for folder, out in ((held, "a"), (refs, "b")):
        subprocess.run([args.artfit, "render", folder, "--targets", "iPhone 16 Pro,Apple TV 4K", "--no-cache",
                        "--quiet", "--out", f"{args.work}/{out}"], check=True)
    def stems(out):
        with open(f"{args.work}/{out}/report.json") as f:
            return {os.path.basename(a["source"]): a["stem"] for a in json.load(f)["artworks"]}

    stems_a, stems_b = stems("a"), stems("b")
    worst_all = 0.0
    for name in sorted(os.listdir(held)):
        stem_a, stem_b = stems_a[name], stems_b[name.replace(".", "-") + ".png"]
        worst = 0.0
        previews = sorted(p for p in os.listdir(f"{args.work}/a/{stem_a}") if "@" in p)
        for preview in previews:
            a = block_means(f"{args.work}/a/{stem_a}/{preview}")
            b = block_means(f"{args.work}/b/{stem_b}/{preview}")
            worst = max(worst, float(np.abs(a - b).max()))
        worst_all = max(worst_all, worst)
        print(f"{name:32} {len(previews)} previews, largest 8x8 block-mean difference {worst:.3f}")
    print(f"largest over all: {worst_all:.3f} (tolerance {TOLERANCE})")
    sys.exit(0 if worst_all <= TOLERANCE else 1)


if __name__ == "__main__":
    main()

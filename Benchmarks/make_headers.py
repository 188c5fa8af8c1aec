#!/usr/bin/env python3
"""Write N small but valid PNG files with large declared sizes (1-bit gray, all zero, level 9),
for timing `artfit check` on a big folder: it reads headers only.

  python3 Benchmarks/make_headers.py /tmp/artfit-headers 1000
"""
import os
import random
import struct
import sys
import zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def main():
    folder, count = sys.argv[1], int(sys.argv[2])
    os.makedirs(folder, exist_ok=True)
    rng = random.Random(1)
    for i in range(count):
        w, h = rng.randint(800, 6000), rng.randint(800, 6000)
        raw = (b"\x00" + b"\x00" * ((w + 7) // 8)) * h
        png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 1, 0, 0, 0, 0))
               + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
        with open(os.path.join(folder, f"art-{i:04d}.png"), "wb") as f:
            f.write(png)


if __name__ == "__main__":
    main()

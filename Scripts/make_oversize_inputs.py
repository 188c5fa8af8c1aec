#!/usr/bin/env python3
"""Writes the two files whose headers promise far more than their data, for the benchmark in
Benchmarks/README.md ("Files that promise more than they hold").

    python3 Scripts/make_oversize_inputs.py OUT_DIR

- `map-16000.jpg`: the 96x64 Ultra HDR fixture (Tests/ArtworkTests/Fixtures/HDR/
  ultrahdr-landscape.jpg) with its gain map replaced by a 16000x16000 gray JPEG (about 3 MB,
  written by libjpeg-turbo's cjpeg) that keeps the old map's segments, its figures among them,
  and the Multi-Picture list's entry sized to match.
- `fax-16000.tif`: a 16000x16000 Group 3 one-dimensional fax page whose one strip holds 64
  bytes.

Standard library and cjpeg only.
"""
import os
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "..", "Tests", "ArtworkTests", "Fixtures", "HDR", "ultrahdr-landscape.jpg")
SIDE = 16000


def mpf_map_entry(jpeg):
    """(offset in the file of the map's MP entry, where the MPF offsets count from)."""
    at = 2
    while jpeg[at] == 0xFF and jpeg[at + 1] != 0xDA:
        length = struct.unpack(">H", jpeg[at + 2:at + 4])[0]
        if jpeg[at + 1] == 0xE2 and jpeg[at + 4:at + 8] == b"MPF\0":
            tiff = at + 8
            assert jpeg[tiff:tiff + 2] == b"MM", "libultrahdr writes a big-endian MPF table"
            ifd = tiff + struct.unpack(">I", jpeg[tiff + 4:tiff + 8])[0]
            for index in range(struct.unpack(">H", jpeg[ifd:ifd + 2])[0]):
                entry = ifd + 2 + 12 * index
                if struct.unpack(">H", jpeg[entry:entry + 2])[0] == 0xB002:
                    entries = tiff + struct.unpack(">I", jpeg[entry + 8:entry + 12])[0]
                    return entries + 16, tiff
        at += 2 + length
    raise SystemExit("no MPF table in the fixture")


def app_segments(jpeg):
    """The APPn segments right after a JPEG's SOI."""
    at = 2
    while jpeg[at] == 0xFF and 0xE0 <= jpeg[at + 1] <= 0xEF:
        at += 2 + struct.unpack(">H", jpeg[at + 2:at + 4])[0]
    return jpeg[2:at]


def gray_jpeg(side):
    """A side x side mid-gray JPEG, the PGM streamed to cjpeg a band of rows at a time."""
    with tempfile.TemporaryFile() as output:
        process = subprocess.Popen(["cjpeg", "-quality", "90", "-grayscale"], stdin=subprocess.PIPE, stdout=output)
        process.stdin.write(b"P5\n%d %d\n255\n" % (side, side))
        band = b"\x80" * side * 250
        for _ in range(side // 250):
            process.stdin.write(band)
        process.stdin.close()
        assert process.wait() == 0, "cjpeg failed"
        output.seek(0)
        return output.read()


def huge_map_jpeg():
    jpeg = bytearray(open(FIXTURE, "rb").read())
    entry, tiff = mpf_map_entry(jpeg)
    size, offset = struct.unpack(">II", jpeg[entry + 4:entry + 12])
    start = tiff + offset
    assert start + size == len(jpeg), "the map is the fixture's last image"
    old_map = bytes(jpeg[start:])
    new_map = b"\xFF\xD8" + app_segments(old_map) + gray_jpeg(SIDE)[2:]
    jpeg[entry + 4:entry + 8] = struct.pack(">I", len(new_map))
    return bytes(jpeg[:start]) + new_map


def fax_page():
    """A little-endian TIFF: header, 64 bytes of strip data, then its directory."""
    data = bytes(range(64))
    ifd_offset = 8 + len(data)
    entries = [  # tag, type (3 SHORT, 4 LONG), value
        (256, 4, SIDE), (257, 4, SIDE), (258, 3, 1), (259, 3, 3), (262, 3, 0), (273, 4, 8),
        (277, 3, 1), (278, 4, SIDE), (279, 4, len(data)), (292, 4, 0),
    ]
    ifd = struct.pack("<H", len(entries))
    for tag, kind, value in entries:
        ifd += struct.pack("<HHI", tag, kind, 1) + (struct.pack("<HH", value, 0) if kind == 3 else struct.pack("<I", value))
    ifd += struct.pack("<I", 0)
    return b"II*\0" + struct.pack("<I", ifd_offset) + data + ifd


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, data in [("map-16000.jpg", huge_map_jpeg()), ("fax-16000.tif", fax_page())]:
        with open(os.path.join(out, name), "wb") as file:
            file.write(data)
        print(f"{name}: {len(data):,} bytes")


if __name__ == "__main__":
    main()

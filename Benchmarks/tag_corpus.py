#!/usr/bin/env python3
"""Copies a folder of PNG and JPEG files with an ICC profile embedded and their pixel data
untouched (PNG: an iCCP chunk after IHDR; JPEG: APP2 ICC_PROFILE segments after JFIF's
APP0; any profile they had is dropped), so a benchmark compares tagged against untagged input of the very same pixels.

    python3 Benchmarks/tag_corpus.py SOURCE_FOLDER TARGET_FOLDER PROFILE.icc
"""
import os
import struct
import sys
import zlib


def tag_png(data, profile):
    chunks, at = [], 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        chunks.append((kind, data[at:at + 12 + length]))
        at += 12 + length
    body = b"ICC profile\0\0" + zlib.compress(profile, 9)
    iccp = struct.pack(">I", len(body)) + b"iCCP" + body + struct.pack(">I", zlib.crc32(b"iCCP" + body))
    out = [data[:8]]
    for kind, chunk in chunks:
        if kind in (b"iCCP", b"sRGB"):
            continue
        out.append(chunk)
        if kind == b"IHDR":
            out.append(iccp)
    return b"".join(out)


def tag_jpeg(data, profile):
    segments, at = [], 2
    while data[at] == 0xFF and data[at + 1] != 0xDA:  # the marker segments before the scan
        end = at + 2 + struct.unpack(">H", data[at + 2:at + 4])[0]
        if not (data[at + 1] == 0xE2 and data[at + 4:at + 16] == b"ICC_PROFILE\0"):  # the old profile goes
            segments.append(data[at:end])
        at = end
    pieces = [profile[i:i + 65519] for i in range(0, len(profile), 65519)]
    icc = [
        b"\xff\xe2" + struct.pack(">H", 2 + 14 + len(piece)) + b"ICC_PROFILE\0" + bytes([n + 1, len(pieces)]) + piece
        for n, piece in enumerate(pieces)]
    first = 1 if segments and segments[0][1] == 0xE0 else 0  # after JFIF's APP0
    return data[:2] + b"".join(segments[:first] + icc + segments[first:]) + data[at:]


def main():
    source, target, profile_path = sys.argv[1:4]
    profile = open(profile_path, "rb").read()
    os.makedirs(target, exist_ok=True)
    for name in sorted(os.listdir(source)):
        data = open(os.path.join(source, name), "rb").read()
        if data[:8] == b"\x89PNG\r\n\x1a\n":
            data = tag_png(data, profile)
        elif data[:3] == b"\xff\xd8\xff":
            data = tag_jpeg(data, profile)
        else:
            continue
        open(os.path.join(target, name), "wb").write(data)


if __name__ == "__main__":
    main()

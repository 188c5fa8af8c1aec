"""Ultra HDR round trips through libvips 8.18 (libultrahdr), for GainMapCarryTests.

  python roundtrip.py make OUT.jpg WIDTH HEIGHT SEED
      an HDR scene (gradients, a sky, bright highlights, up to 16x SDR white) saved by
      libvips' uhdrsave: a gain map made by libultrahdr, not by artfit.
  python roundtrip.py make-apple OUT.jpg WIDTH HEIGHT SEED HEADROOM [xmp|maker-note]
      the same kind of scene as Apple writes it: an sRGB JPEG of the scene clipped to SDR, and
      in its MPF list a quarter-size gray JPEG of Apple's auxiliary type whose XMP states the
      headroom (a linear ratio), coded as Apple's "Applying Apple HDR effect to your photos"
      reads it: HDR = SDR x (1 + (HEADROOM - 1) x g), g a Rec. 709-encoded code. With
      maker-note, the XMP gives only the map's version, and the headroom is in the primary's
      EXIF as Apple's maker note tags 33 and 48 (as iPhones wrote it before iOS 18).
  python roundtrip.py make-apple-heic OUT.heic WIDTH HEIGHT SEED HEADROOM [xmp|maker-note [TURNS]]
      the same scene and map in a HEIC, as iPhones hold them there: the map an auxiliary image
      of Apple's type (its own HEVC item, coded monochrome by heif-enc, an `auxl` reference to
      the primary) with the XMP headroom as a `mime` item describing it (`cdsc`); with TURNS,
      the primary has an `irot` and the picture and map are stored turned back.
  python roundtrip.py make-iso-heic OUT.heic|OUT.avif WIDTH HEIGHT SEED [ALTERNATE_PRIMARIES]
      the scene as an Ultra HDR JPEG by uhdrsave (kept as OUT-reference.jpg, sides cut to
      multiples of 8), then its SDR image and gain map as HEVC items of a HEIC, or AV1 items of
      an AVIF (heif-enc), with
      its ISO 21496-1 metadata as a `tmap` item derived from the two (`dimg`), the map item
      hidden, as ISO 21496-1 carries a gain map in HEIF; compared against the JPEG's HDR.
  python roundtrip.py alternate-as-icc SOURCE.avif|SOURCE.heic OUT
      SOURCE, whose `tmap` item's colour is an nclx box, with that colour given instead as an
      ICC profile of the same primaries and white (sRGB's curve) that LittleCMS builds (a v4
      profile, its colorants adapted to D50 and the adaptation in its `chad` tag): the same
      gain map, its alternate's colour space described the way an ICC workflow writes it.
  python roundtrip.py maker-note-stops SOURCE
      the headroom in stops that SOURCE's Apple maker note tags 33 and 48, as exiftool reads
      them, mean under Apple's published mapping; JSON.
  python roundtrip.py compare SOURCE PREVIEW X Y W H PX PY PW PH
      the HDR reconstruction (uhdr2scRGB) of PREVIEW against the same crop of SOURCE's (an
      Apple source's by Apple's published method, its map taken out by exiftool from a JPEG,
      by libheif's heif-convert from a HEIC):
      SOURCE's rect (X, Y, W, H) resized to PW x PH, against PREVIEW's picture at (PX, PY);
      prints JSON: the picture's luminance difference in stops (mean and 99th percentile,
      both reduced to the source's resolution, at least 4x, so the two resampling filters'
      detail does not count; and the 99th percentile of its interior, 16 preview pixels in
      from each edge, where no JPEG block is shared with a bar), and the
      largest difference between PREVIEW's HDR and SDR renditions outside the picture (its
      bars and overlays), with the gain map codes found there.
  python roundtrip.py compare-many JOBS.json
      `compare` for each argument list (SOURCE PREVIEW X Y W H PX PY PW PH) in JOBS.json, in
      one process; prints {"results": [...]} in the jobs' order.
  python roundtrip.py overlaid WITH WITHOUT
      the gain map codes of WITH (a preview with overlays) under every pixel its SDR image
      differs from WITHOUT's (the same preview without them) by more than JPEG's noise.
"""
import functools
import json
import re
import os
import struct
import subprocess
import sys
import tempfile

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


def apple_scene(width, height, seed, headroom):
    """The scene clipped to SDR (linear), and its gain as Apple codes it at quarter size."""
    scene = scene_array(width, height, seed)
    sdr = np.clip(scene, 0, 1)
    ratio = luminance_linear(scene) / np.maximum(luminance_linear(sdr), 1 / 1024)
    gain = np.clip((ratio - 1) / (headroom - 1), 0, 1)
    quarter = gain[: height // 4 * 4, : width // 4 * 4].reshape(height // 4, 4, width // 4, 4).mean(axis=(1, 3))
    return sdr, np.round(rec709_encode(quarter) * 255).astype(np.uint8)


def apple_xmp(headroom):
    """The map's XMP: its type, version and (HEADROOM not None) headroom."""
    stated = b' HDRGainMap:HDRGainMapHeadroom="%.6f"' % headroom if headroom is not None else b""
    return (b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
            b'<rdf:Description xmlns:apdi="http://ns.apple.com/pixeldatainfo/1.0/" '
            b'xmlns:HDRGainMap="http://ns.apple.com/HDRGainMap/1.0/" apdi:AuxiliaryImageType="' + APPLE_TYPE
            + b'" HDRGainMap:HDRGainMapVersion="65536"' + stated + b"/></rdf:RDF></x:xmpmeta>")


def maker_note_tags(headroom):
    """Tags 33 and 48 of Apple's maker note that mean HEADROOM under Apple's mapping (tag 33
    at 1: 3 - 70 x tag 48 stops for tag 48 up to 0.01, else 2.303 - 0.303 x tag 48)."""
    stops = np.log2(headroom)
    return 1.0, (3 - stops) / 70 if stops >= 2.3 else (2.303 - stops) / 0.303


def apple_exif(headroom):
    """A big-endian EXIF block (TIFF structure) whose Exif IFD holds Apple's maker note with
    tags 33 and 48 (signed rationals, as iPhones write them) for HEADROOM."""
    tag33, tag48 = maker_note_tags(headroom)
    rational = lambda value: struct.pack(">ii", round(value * 1_000_000), 1_000_000)
    # The maker note: "Apple iOS", NUL, version 1, "MM", its IFD at 14 (offsets from its start).
    ifd_at, values_at = 14, 14 + 2 + 2 * 12 + 4
    note = b"Apple iOS\0\0\x01MM" + struct.pack(">H", 2)
    note += struct.pack(">HHII", 0x0021, 10, 1, values_at) + struct.pack(">HHII", 0x0030, 10, 1, values_at + 8)
    note += struct.pack(">I", 0) + rational(tag33) + rational(tag48)
    assert len(note) == values_at + 16 and ifd_at == 14
    # TIFF header, IFD0 (the Exif IFD's pointer), the Exif IFD (the maker note), the note.
    exif_ifd = 8 + 2 + 12 + 4
    note_at = exif_ifd + 2 + 12 + 4
    return (b"MM\0*" + struct.pack(">I", 8) + struct.pack(">H", 1) + struct.pack(">HHII", 0x8769, 4, 1, exif_ifd)
            + struct.pack(">I", 0) + struct.pack(">H", 1) + struct.pack(">HHII", 0x927C, 7, len(note), note_at)
            + struct.pack(">I", 0) + note)


def srgb(linear):
    return pyvips.Image.new_from_array(linear).copy(interpretation="scrgb").colourspace("srgb")


def make_apple(out, width, height, seed, headroom, carrier="xmp"):
    sdr, codes = apple_scene(width, height, seed, headroom)
    primary = srgb(sdr).jpegsave_buffer(Q=95)
    if carrier == "maker-note":
        primary = with_segment(primary, 0xE1, b"Exif\0\0" + apple_exif(headroom))
    gain_jpeg = pyvips.Image.new_from_array(codes).jpegsave_buffer(Q=95)
    stated = headroom if carrier == "xmp" else None
    gain_jpeg = with_segment(gain_jpeg, 0xE1, b"http://ns.adobe.com/xap/1.0/\0" + apple_xmp(stated))
    with open(out, "wb") as f:
        f.write(with_second_image(primary, gain_jpeg))


def heif_boxes(data, start, end):
    """(type, start, end) of each box in data[start:end]."""
    found = []
    while start + 8 <= end:
        size, kind = struct.unpack(">I4s", data[start:start + 8])
        found.append((kind.decode("latin-1"), start, start + size))
        start += size
    return found


def heif_box(kind, payload):
    return struct.pack(">I4s", 8 + len(payload), kind.encode()) + payload


def heif_full_box(kind, version, flags, payload):
    return heif_box(kind, struct.pack(">I", version << 24 | flags) + payload)


def meta_children(data):
    """The meta box's (start, end) and its children by type (their bytes), in order."""
    meta = next((s, e) for kind, s, e in heif_boxes(data, 0, len(data)) if kind == "meta")
    return meta, {kind: data[s:e] for kind, s, e in heif_boxes(data, meta[0] + 12, meta[1])}


def iloc_layout(iloc):
    version = iloc[8]
    sizes = iloc[12] >> 4, iloc[12] & 15, iloc[13] >> 4, iloc[13] & 15 if version else 0
    return version, sizes  # offset, length, base offset, index sizes


def read_sized(data, at, size):
    return int.from_bytes(data[at:at + size], "big"), at + size


def iloc_extents(iloc):
    """{item: (construction method, [(offset, length)])}, offsets made absolute."""
    version, (offset_size, length_size, base_size, index_size) = iloc_layout(iloc)
    count, at = read_sized(iloc, 14, 2 if version < 2 else 4)
    items = {}
    for _ in range(count):
        item, at = read_sized(iloc, at, 2 if version < 2 else 4)
        method = 0
        if version >= 1:
            method, at = read_sized(iloc, at, 2)
            method &= 15
        at += 2  # data reference index
        base, at = read_sized(iloc, at, base_size)
        extents_count, at = read_sized(iloc, at, 2)
        extents = []
        for _ in range(extents_count):
            at += index_size if version >= 1 else 0
            offset, at = read_sized(iloc, at, offset_size)
            length, at = read_sized(iloc, at, length_size)
            extents.append((base + offset, length))
        items[item] = (method, extents)
    return items


def with_iloc_entry(iloc, item, offset, length):
    version, (offset_size, length_size, base_size, index_size) = iloc_layout(iloc)
    assert version < 2 and offset_size >= 4 and length_size >= 4
    entry = struct.pack(">H", item) + (struct.pack(">H", 0) if version >= 1 else b"") + struct.pack(">H", 0)
    entry += bytes(base_size) + struct.pack(">H", 1) + (bytes(index_size) if version >= 1 else b"")
    entry += offset.to_bytes(offset_size, "big") + length.to_bytes(length_size, "big")
    count = int.from_bytes(iloc[14:16], "big")
    return heif_box("iloc", iloc[8:14] + struct.pack(">H", count + 1) + iloc[16:] + entry)


def ipma_entries(ipma):
    """[(item, [(essential, property index)])] and the box's version and flags."""
    version, flags = ipma[8], int.from_bytes(ipma[9:12], "big")
    count, at = read_sized(ipma, 12, 4)
    entries = []
    for _ in range(count):
        item, at = read_sized(ipma, at, 2 if version < 1 else 4)
        n, at = ipma[at], at + 1
        associations = []
        for _ in range(n):
            value, at = read_sized(ipma, at, 2 if flags & 1 else 1)
            top = 0x8000 if flags & 1 else 0x80
            associations.append((bool(value & top), value & (top - 1)))
        entries.append((item, associations))
    return entries, version, flags


def ipma_box(entries, version, flags):
    payload = struct.pack(">I", len(entries))
    for item, associations in entries:
        payload += item.to_bytes(2 if version < 1 else 4, "big") + bytes([len(associations)])
        for essential, index in associations:
            top = 0x8000 if flags & 1 else 0x80
            payload += ((top if essential else 0) | index).to_bytes(2 if flags & 1 else 1, "big")
    return heif_full_box("ipma", version, flags, payload)


def heif_enc(linear_or_codes, path, avif=False):
    with tempfile.TemporaryDirectory() as folder:
        png = os.path.join(folder, "in.png")
        image = linear_or_codes if isinstance(linear_or_codes, pyvips.Image) else pyvips.Image.new_from_array(linear_or_codes)
        image.pngsave(png)
        subprocess.run(["heif-enc", "-q", "95"] + (["-A"] if avif else []) + [png, "-o", path], check=True,
                       capture_output=True)
    with open(path, "rb") as f:
        return f.read()


def primary_item(data):
    """The primary item's coded bytes and property boxes (a one-item file, as heif-enc writes one)."""
    _, children = meta_children(data)
    primary = int.from_bytes(children["pitm"][12:14], "big")
    method, extents = iloc_extents(children["iloc"])[primary]
    assert method == 0, "heif-enc wrote a grid (a side under 64 pixels, or odd): not one item"
    iprp = children["iprp"]
    parts = {kind: iprp[s:e] for kind, s, e in heif_boxes(iprp, 8, len(iprp))}
    properties = [parts["ipco"][s:e] for _, s, e in heif_boxes(parts["ipco"], 8, len(parts["ipco"]))]
    entries, _, _ = ipma_entries(parts["ipma"])
    used = next(associations for item, associations in entries if item == primary)
    return b"".join(data[offset:offset + length] for offset, length in extents), [(essential, properties[index - 1]) for essential, index in used]


def heif_with_items(base, items, references, primary_properties=()):
    """BASE (a HEIC heif-enc wrote) with more ITEMS, each (id, type, hidden, data, [(essential,
    property box)], content type or None), REFERENCES, each (type, from, [to, ...]), and more
    properties of its primary item ((essential, box) each). The items' bytes go in a second
    mdat and the meta box is rewritten after it; the first one is left as a `free` box of its
    size, so every offset in it stays right."""
    (meta_start, meta_end), children = meta_children(base)
    iinf = children["iinf"]
    assert iinf[8] == 0  # version 0: a 16-bit count
    infes = b"".join(
        heif_full_box("infe", 2, 1 if hidden else 0, struct.pack(">HH4s", item, 0, kind.encode()) + b"\0"
                      + (content.encode() + b"\0" if content else b""))
        for item, kind, hidden, _, _, content in items)
    count = int.from_bytes(iinf[12:14], "big")
    children["iinf"] = heif_box("iinf", iinf[8:12] + struct.pack(">H", count + len(items)) + iinf[14:] + infes)
    iprp = children["iprp"]
    parts = {kind: iprp[s:e] for kind, s, e in heif_boxes(iprp, 8, len(iprp))}
    ipco = parts["ipco"]
    entries, version, flags = ipma_entries(parts["ipma"])
    added, at = b"", len(base) + 8
    next_index = len(heif_boxes(ipco, 8, len(ipco))) + 1
    for item, _, _, data, properties, _ in items:
        children["iloc"] = with_iloc_entry(children["iloc"], item, at, len(data))
        at += len(data)
        if properties:
            entries.append((item, [(essential, next_index + i) for i, (essential, _) in enumerate(properties)]))
            added += b"".join(box for _, box in properties)
            next_index += len(properties)
    primary = heif_primary_id(base)
    for essential, box in primary_properties:
        entries = [(item, associations + [(essential, next_index)] if item == primary else associations)
                   for item, associations in entries]
        added += box
        next_index += 1
    children["iprp"] = heif_box("iprp", heif_box("ipco", ipco[8:] + added) + ipma_box(entries, version, flags))
    refs = b"".join(heif_box(kind, struct.pack(">HH", source, len(to)) + b"".join(struct.pack(">H", t) for t in to))
                    for kind, source, to in references)
    children["iref"] = heif_box("iref", children["iref"][8:] + refs) if "iref" in children else heif_full_box("iref", 0, 0, refs)
    meta = heif_box("meta", base[meta_start + 8:meta_start + 12] + b"".join(children.values()))
    free = heif_box("free", bytes(meta_end - meta_start - 8))
    mdat = heif_box("mdat", b"".join(data for _, _, _, data, _, _ in items))
    return base[:meta_start] + free + base[meta_end:] + mdat + meta


def heif_primary_id(data):
    return int.from_bytes(meta_children(data)[1]["pitm"][12:14], "big")


def even_map_item(codes, folder, avif=False):
    """CODES (a map image's samples) as heif-enc codes them, one item: its bytes and properties."""
    # heif-enc writes an odd-sized image as a grid: the map is cut to even sides.
    even = np.ascontiguousarray(codes[: codes.shape[0] // 2 * 2, : codes.shape[1] // 2 * 2])
    return primary_item(heif_enc(even, os.path.join(folder, "map.heif"), avif))


def make_apple_heic(out, width, height, seed, headroom, carrier="xmp", turns=0):
    """With TURNS, the primary has an `irot` of that many quarter turns anticlockwise, and the
    picture and map are stored turned back (the map item, with no `irot` of its own, stored as
    the primary is)."""
    sdr, codes = apple_scene(width, height, seed, headroom)
    sdr, codes = np.ascontiguousarray(np.rot90(sdr, -turns)), np.ascontiguousarray(np.rot90(codes, -turns))
    with tempfile.TemporaryDirectory() as folder:
        base = heif_enc(srgb(sdr), os.path.join(folder, "primary.heic"))
        coded, properties = even_map_item(codes, folder)
    auxiliary = properties + [(True, heif_full_box("auxC", 0, 0, APPLE_TYPE + b"\0"))]
    stated = headroom if carrier == "xmp" else None
    items = [(100, "hvc1", True, coded, auxiliary, None), (101, "mime", False, apple_xmp(stated), [],
                                                          "application/rdf+xml")]
    primary = heif_primary_id(base)
    references = [("auxl", 100, [primary]), ("cdsc", 101, [100])]
    if carrier == "maker-note":
        # A second Exif item describing the primary (heif-enc wrote one without a maker note):
        # a 4-byte offset to the TIFF header, then the block.
        items.append((102, "Exif", False, struct.pack(">I", 0) + apple_exif(headroom), [], None))
        references.append(("cdsc", 102, [primary]))
    rotation = [(True, heif_box("irot", bytes([turns])))] if turns else []
    with open(out, "wb") as f:
        f.write(heif_with_items(base, items, references, rotation))


ISO_URN = b"urn:iso:std:iso:ts:21496:-1\0"


def app2_payload(jpeg, urn):
    """The payload after URN of JPEG's first APP2 segment that starts with it."""
    at = 2
    while at + 4 <= len(jpeg) and jpeg[at] == 0xFF and jpeg[at + 1] != 0xDA:
        length = int.from_bytes(jpeg[at + 2:at + 4], "big")
        payload = jpeg[at + 4:at + 2 + length]
        if jpeg[at + 1] == 0xE2 and payload.startswith(urn):
            return payload[len(urn):]
        at += 2 + length
    raise ValueError("no APP2 segment of " + urn.decode())


def reference_of(heic):
    """The Ultra HDR JPEG a `make-iso-heic` HEIC was made from."""
    return os.path.splitext(heic)[0] + "-reference.jpg"


def make_iso_heic(out, width, height, seed, alternate=None):
    """An Ultra HDR JPEG of the scene by libultrahdr (kept beside OUT as its reference), its SDR
    image and gain map re-coded as HEVC items of a HEIC (AV1 items of an AVIF when OUT ends in
    .avif), and its ISO 21496-1 metadata as the data of a `tmap` item derived from the two, as
    ISO 21496-1 puts a gain map in HEIF. With ALTERNATE (an H.273 primaries code), the
    metadata says the gain applies in the alternate rendition's colour space, and the tmap
    item's `colr` (nclx, PQ) gives those primaries."""
    avif = out.endswith(".avif")
    reference = reference_of(out)
    make(reference, width // 8 * 8, height // 8 * 8, seed)
    map_jpeg = subprocess.run(["exiftool", "-b", "-MPImage2", reference], check=True, capture_output=True).stdout
    metadata = app2_payload(map_jpeg, ISO_URN)
    codes = array(pyvips.Image.new_from_buffer(map_jpeg, ""))
    with tempfile.TemporaryDirectory() as folder:
        base = heif_enc(pyvips.Image.new_from_file(reference), os.path.join(folder, "primary.heif"), avif)
        coded, properties = even_map_item(codes[..., 0] if codes.shape[2] == 1 else codes, folder, avif)
    coding = "av01" if avif else "hvc1"
    tone_map_properties = []
    if alternate is not None:
        metadata = metadata[:4] + bytes([metadata[4] & ~0x40]) + metadata[5:]  # use_base_colour_space off
        nclx = b"nclx" + struct.pack(">HHHB", alternate, 16, 0, 0x80)
        tone_map_properties = [(False, heif_box("colr", nclx))]
    items = [(100, coding, True, coded, properties, None),
             (101, "tmap", False, b"\0" + metadata, tone_map_properties, None)]
    references = [("dimg", 101, [heif_primary_id(base), 100])]
    with open(out, "wb") as f:
        f.write(heif_with_items(base, items, references))


# ITU-T H.273 table 2: red, green, blue and white as CIE xy, for the codes the fixtures use.
H273_PRIMARIES = {1: (0.640, 0.330, 0.300, 0.600, 0.150, 0.060, 0.3127, 0.3290),
                  9: (0.708, 0.292, 0.170, 0.797, 0.131, 0.046, 0.3127, 0.3290),
                  12: (0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.3127, 0.3290)}


def lcms_profile(xy, description):
    """An RGB ICC profile of primaries and white XY with sRGB's curve, built by LittleCMS."""
    import ctypes
    lcms = ctypes.CDLL("liblcms2.so.2")

    class XYY(ctypes.Structure):
        _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double), ("Y", ctypes.c_double)]

    for name in ("cmsBuildParametricToneCurve", "cmsCreateRGBProfile", "cmsMLUalloc"):
        getattr(lcms, name).restype = ctypes.c_void_p
    srgb = (ctypes.c_double * 5)(2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045)
    curve = lcms.cmsBuildParametricToneCurve(None, 4, srgb)
    white = XYY(xy[6], xy[7], 1.0)
    rgb = (XYY * 3)(XYY(xy[0], xy[1], 1.0), XYY(xy[2], xy[3], 1.0), XYY(xy[4], xy[5], 1.0))
    profile = ctypes.c_void_p(lcms.cmsCreateRGBProfile(ctypes.byref(white), rgb, (ctypes.c_void_p * 3)(curve, curve, curve)))
    mlu = ctypes.c_void_p(lcms.cmsMLUalloc(None, 1))
    lcms.cmsMLUsetASCII(mlu, b"en", b"US", description.encode())
    lcms.cmsWriteTag(profile, 0x64657363, mlu)  # 'desc'
    size = ctypes.c_uint32(0)
    lcms.cmsSaveProfileToMem(profile, None, ctypes.byref(size))
    buffer = ctypes.create_string_buffer(size.value)
    lcms.cmsSaveProfileToMem(profile, buffer, ctypes.byref(size))
    icc = bytearray(buffer.raw)
    icc[24:36] = bytes([0x07, 0xEA, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0])  # a fixed creation date: the same bytes each time
    return bytes(icc)


def alternate_as_icc(source, out):
    """SOURCE with its tmap item's nclx colour given as an ICC profile of the same primaries."""
    with open(source, "rb") as f:
        data = f.read()
    (meta_start, meta_end), children = meta_children(data)
    iinf = children["iinf"]
    infes = heif_boxes(iinf, 14 if iinf[8] == 0 else 16, len(iinf))
    tmap = next(int.from_bytes(iinf[s + 12:s + 14], "big") for kind, s, _ in infes if iinf[s + 16:s + 20] == b"tmap")
    iprp = children["iprp"]
    parts = {kind: iprp[s:e] for kind, s, e in heif_boxes(iprp, 8, len(iprp))}
    ipco = parts["ipco"]
    properties = [ipco[s:e] for _, s, e in heif_boxes(ipco, 8, len(ipco))]
    entries, version, flags = ipma_entries(parts["ipma"])
    associations = next(a for item, a in entries if item == tmap)
    colour = next(index for _, index in associations if properties[index - 1][4:12] == b"colrnclx")
    code = int.from_bytes(properties[colour - 1][12:14], "big")
    icc = lcms_profile(H273_PRIMARIES[code], "Display P3" if code == 12 else f"H.273 primaries {code}")
    index = len(properties) + 1
    entries = [(item, [(e, index if item == tmap and i == colour else i) for e, i in a]) for item, a in entries]
    children["iprp"] = heif_box("iprp", heif_box("ipco", ipco[8:] + heif_box("colr", b"prof" + icc))
                                + ipma_box(entries, version, flags))
    # The old meta box becomes a free box of its size (every offset into the file stays right);
    # the new one follows the file.
    meta = heif_box("meta", data[meta_start + 8:meta_start + 12] + b"".join(children.values()))
    with open(out, "wb") as f:
        f.write(data[:meta_start] + heif_box("free", bytes(meta_end - meta_start - 8)) + data[meta_end:] + meta)


def apple_parts(source):
    """SOURCE's SDR image, its map's codes and its headroom: a JPEG's map taken out by
    exiftool, a HEIC's (and its primary) decoded by libheif's heif-convert."""
    with open(source, "rb") as f:
        data = f.read()
    stated = re.search(rb'HDRGainMapHeadroom="([0-9.]+)"', data[data.index(APPLE_TYPE):])
    headroom = float(stated.group(1)) if stated else maker_note_headroom(source)
    if data[4:8] != b"ftyp":
        map_bytes = subprocess.run(["exiftool", "-b", "-MPImage2", source], check=True, capture_output=True).stdout
        return pyvips.Image.new_from_file(source), pyvips.Image.new_from_buffer(map_bytes, ""), headroom
    with tempfile.TemporaryDirectory() as folder:
        png = os.path.join(folder, "sdr.png")
        subprocess.run(["heif-convert", "--with-aux", "--no-colons", "--quiet", source, png], check=True,
                       capture_output=True)
        aux = next(os.path.join(folder, name) for name in os.listdir(folder) if name != "sdr.png")
        sdr = pyvips.Image.new_from_buffer(open(png, "rb").read(), "")
        # heif-convert turns the primary by its irot; the map, stored as the primary is, turns with it.
        codes = np.ascontiguousarray(np.rot90(array(pyvips.Image.new_from_file(aux))[..., 0], primary_turns(data)))
        return sdr, pyvips.Image.new_from_array(codes), headroom


def primary_turns(data):
    """The quarter turns of the primary item's `irot`, 0 without one."""
    _, children = meta_children(data)
    iprp = children["iprp"]
    parts = {kind: iprp[s:e] for kind, s, e in heif_boxes(iprp, 8, len(iprp))}
    properties = [parts["ipco"][s:e] for _, s, e in heif_boxes(parts["ipco"], 8, len(parts["ipco"]))]
    entries, _, _ = ipma_entries(parts["ipma"])
    primary = heif_primary_id(data)
    used = next(associations for item, associations in entries if item == primary)
    turns = [properties[index - 1][8] & 3 for _, index in used if properties[index - 1][4:8] == b"irot"]
    return turns[0] if turns else 0


def maker_note_headroom(source):
    """SOURCE's headroom from Apple's maker note, its tags read by exiftool, mapped to stops by
    Apple's published mapping ("Applying Apple HDR effect to your photos")."""
    found = subprocess.run(["exiftool", "-n", "-j", "-Apple:HDRHeadroom", "-Apple:HDRGain", source], check=True,
                           capture_output=True).stdout
    tags = json.loads(found)[0]
    tag33, tag48 = float(tags["HDRHeadroom"]), float(tags["HDRGain"])
    if tag33 < 1:
        stops = -20 * tag48 + 1.8 if tag48 <= 0.01 else -0.101 * tag48 + 1.601
    else:
        stops = -70 * tag48 + 3 if tag48 <= 0.01 else -0.303 * tag48 + 2.303
    return 2 ** max(stops, 0)


def apple_hdr(source):
    """SOURCE's HDR rendition in linear scRGB by Apple's published method."""
    sdr, codes, headroom = apple_parts(source)
    sdr = sdr.colourspace("scrgb")
    codes = codes.resize(sdr.width / codes.width, vscale=sdr.height / codes.height, kernel="linear")
    gain = rec709_decode(array(codes.cast("float"))[..., :1] / 255)
    return pyvips.Image.new_from_array(array(sdr)[..., :3] * (1 + (headroom - 1) * gain)).copy(interpretation="scrgb")


def luminance_linear(rgb):
    return 0.2126 * rgb[..., 0] + 0.7152 * rgb[..., 1] + 0.0722 * rgb[..., 2]


# H.273 colour primaries (red, green, blue, white as CIE xy) the committed renditions use.
PRIMARIES = {1: (0.64, 0.33, 0.30, 0.60, 0.15, 0.06, 0.3127, 0.3290),
             9: (0.708, 0.292, 0.170, 0.797, 0.131, 0.046, 0.3127, 0.3290),
             12: (0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.3127, 0.3290)}


def luminance_weights(code):
    """The Y row of RGB to XYZ for primaries CODE: what each channel's light adds to luminance."""
    xy = np.array(PRIMARIES[code]).reshape(4, 2)
    xyz = np.array([[x / y, 1, (1 - x - y) / y] for x, y in xy])
    scale = np.linalg.solve(xyz[:3].T, xyz[3])
    return xyz[:3, 1] * scale


def png_primaries(path):
    """A PNG's H.273 colour primaries (its cICP chunk), 1 (BT.709) without one."""
    with open(path, "rb") as f:
        data = f.read()
    at = data.find(b"cICP")
    return data[at + 4] if at > 0 else 1


def luminance(rgb, primaries=1):
    return np.log2(np.maximum(np.tensordot(rgb, luminance_weights(primaries), axes=([-1], [0])), 1 / 1024))


def pq_png_light(path):
    """A 16-bit PQ PNG (as libavif writes an HDR rendition) as linear light, 1.0 = 203 cd/m²."""
    image = pyvips.Image.new_from_file(path)
    signal = np.ndarray(buffer=image.write_to_memory(), dtype=np.uint16,
                        shape=[image.height, image.width, image.bands])[..., :3] / 65535.0
    m1, m2, c1, c2, c3 = 2610 / 16384, 2523 / 4096 * 128, 3424 / 4096, 2413 / 4096 * 32, 2392 / 4096 * 32
    p = signal ** (1 / m2)
    nits = 10000 * (np.maximum(p - c1, 0) / (c2 - c3 * p)) ** (1 / m1)
    return pyvips.Image.new_from_array((nits / 203).astype(np.float32)).copy(interpretation="scrgb")


def truths(source):
    """The renditions libavif gives a committed HDR-base AVIF (TRUTH.md): its HDR and SDR PNGs."""
    stem = os.path.splitext(source)[0]
    hdr, sdr = stem + ".hdr.png", stem + ".sdr.png"
    return (hdr, sdr) if os.path.exists(hdr) and os.path.exists(sdr) else None


def resampled(image, x, y, w, h, pw, ph):
    """The rect resampled as artfit maps pixels: output centre (X + 0.5) / sx + x, libvips'
    affine taking integer coordinates as input centres."""
    sx, sy = pw / w, ph / h
    return image.affine(
        [sx, 0, 0, sy], oarea=[0, 0, pw, ph], odx=sx * (0.5 - x) - 0.5, ody=sy * (0.5 - y) - 0.5,
        interpolate=pyvips.Interpolate.new("bilinear"), extend="copy")


@functools.lru_cache(maxsize=4)
def source_hdr(source):
    """SOURCE's HDR rendition, the reference every preview of it is compared with (made once
    per source in a `compare-many` batch)."""
    with open(source, "rb") as f:
        apple = APPLE_TYPE in f.read()
    truth = truths(source)
    if truth:
        return pq_png_light(truth[0]).copy_memory()
    # A HEIC made by make-iso-heic: its reference is the Ultra HDR JPEG it was made from.
    ultra_hdr = reference_of(source) if source.endswith((".heic", ".avif")) and not apple else source
    hdr = apple_hdr(source) if apple else pyvips.Image.uhdrload(ultra_hdr).uhdr2scRGB()
    return hdr.copy_memory()


def compare(source, preview, x, y, w, h, px, py, pw, ph):
    truth = truths(source)
    reference = resampled(source_hdr(source), x, y, w, h, pw, ph)
    shown = pyvips.Image.uhdrload(preview)
    out_hdr = shown.uhdr2scRGB()
    picture = out_hdr.crop(px, py, reference.width, reference.height)
    # Compared at no finer than the source's own pixels (and at least 4x reduced): an
    # enlargement's detail is the filters', not the data's.
    factor = max(4, int(pw / w), int(ph / h))
    a = array(reference.shrink(factor, factor))[..., :3]
    b = array(picture.shrink(factor, factor))[..., :3]
    # libavif's renditions say their primaries; the preview's SDR image is in those of libavif's
    # SDR rendition (the tests hold its profile's name), and libultrahdr reconstructs in them.
    a_primaries, b_primaries = (png_primaries(truth[0]), png_primaries(truth[1])) if truth else (1, 1)
    difference = np.abs(luminance(a, a_primaries) - luminance(b, b_primaries))
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
    found = {}
    if truth:
        # The SDR rendition: the preview's own image against libavif's, both sRGB-coded.
        sdr_truth = resampled(pyvips.Image.new_from_file(truth[1]).cast("float"), x, y, w, h, pw, ph)
        shown_sdr = pyvips.Image.new_from_file(preview).cast("float").crop(px, py, pw, ph)
        levels = np.abs(array(sdr_truth.shrink(factor, factor))[..., :3] -
                        array(shown_sdr.shrink(factor, factor))[..., :3])
        found = {"sdr_mean_levels": float(levels.mean()), "sdr_p99_levels": float(np.percentile(levels, 99))}
    return {
        **found,
        "picture_mean_stops": float(difference.mean()),
        "picture_p99_stops": float(np.percentile(difference, 99)),
        "interior_p99_stops": float(np.percentile(interior, 99)),
        "picture_peak": float(b.max()),
        "reference_peak": float(a.max()),
        "outside_pixels": int(outside.sum()),
        "outside_max_difference": float(np.abs(whole_hdr - whole_sdr)[outside].max()) if outside.any() else 0.0,
        "outside_map_codes": sorted(set(map_outside.reshape(-1).tolist())) if map_outside is not None else None,
        "map_size": [gain_map.shape[1], gain_map.shape[0]],
    }


def compare_many(jobs):
    """Each of JOBS (a JSON file of `compare`'s argument lists) compared, in one process: the
    interpreter, libvips and each source's reference are loaded once, not once per preview."""
    with open(jobs) as f:
        arguments = json.load(f)
    return {"results": [compare(a[0], a[1], *map(float, a[2:6]), *map(int, a[6:10])) for a in arguments]}


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
    carrier = sys.argv[7] if len(sys.argv) > 7 else "xmp"
    if sys.argv[1] == "maker-note-stops":
        print(json.dumps({"stops": float(np.log2(maker_note_headroom(sys.argv[2])))}))
    elif sys.argv[1] == "alternate-as-icc":
        alternate_as_icc(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "make-iso-heic":
        make_iso_heic(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]),
                      int(sys.argv[6]) if len(sys.argv) > 6 else None)
    elif sys.argv[1] == "make-apple-heic":
        turns = int(sys.argv[8]) if len(sys.argv) > 8 else 0
        make_apple_heic(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), float(sys.argv[6]), carrier,
                        turns)
    elif sys.argv[1] == "make-apple":
        make_apple(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), float(sys.argv[6]), carrier)
    elif sys.argv[1] == "make":
        make(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
    elif sys.argv[1] == "overlaid":
        overlaid(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "compare-many":
        print(json.dumps(compare_many(sys.argv[2])))
    else:
        print(json.dumps(compare(sys.argv[2], sys.argv[3], *map(float, sys.argv[4:8]), *map(int, sys.argv[8:12]))))

#!/usr/bin/env python3
"""Generate the catalog's Swift literals from Research/devices.json.

Run from the repository root: python3 Scripts/make_catalog.py
Writes Sources/ArtworkGeometry/Catalog/Data/{Devices+iPhone,Devices+iPad,Devices+TV,SplitWindows,
References}.swift. The video canvases are hand-written in Catalog/VideoCanvases.swift.
"""
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Sources/ArtworkGeometry/Catalog/Data")
research = json.load(open(os.path.join(ROOT, "Research/devices.json")))

# Grouped research rows are named after the HIG's first row; the others become aliases.
RENAMED = {
    "iphone-plus-5-5": ("iPhone 8 Plus", ["iPhone 7 Plus", "iPhone 6s Plus", "iPhone 6 Plus"]),
    "iphone-4-7": ("iPhone 8", ["iPhone 7", "iPhone 6s", "iPhone 6"]),
    "iphone-se-4-7": ("iPhone SE (2nd/3rd generation)", ['4.7" iPhone SE', "iPhone SE"]),
    "iphone-se-4": ("iPhone SE (1st generation)", ['4" iPhone SE']),
    "ipod-touch-4": ("iPod touch", ["iPod touch 5th generation and later"]),
}
# The HIG's names for rows whose research name differs.
HIG_ALIASES = {
    "ipad-pro-12-9-gen3-6": ['12.9" iPad Pro'],
    "ipad-pro-12-9-gen1-2": ['12.9" iPad Pro (1st/2nd generation)'],
    "ipad-pro-11-gen1-4": ['11" iPad Pro'],
    "ipad-pro-10-5": ['10.5" iPad Pro'],
    "ipad-pro-9-7": ['9.7" iPad Pro'],
    "ipad-mini-7-9": ['7.9" iPad mini', '7.9" iPad mini 4'],
    "ipad-air-10-5": ['10.5" iPad Air'],
    "ipad-air-9-7": ['9.7" iPad Air'],
    "ipad-10-2": ['10.2" iPad'],
    "ipad-9-7": ['9.7" iPad'],
    "apple-tv-hd": ["Apple TV HD", "Apple TV"],
    "apple-tv-4k": ["Apple TV 4K"],
}
FAMILY = {"iPhone": "iphone", "iPad": "ipad", "iPod touch": "ipod", "Apple TV": "tv"}
EXTRA_NOTES = {
    "ipad-pro-10-5": ['The 2019 HIG table prints 834x1194 pt (1668x2388 px) for the 10.5" iPad '
                      'Pro; the real screen is 834x1112 pt (1668x2224 px) (HIG_LAYOUT, '
                      'HACKIPAD, DEVTOOLS). The catalog carries the real figure.'],
}


def swift_string(text):
    return json.dumps(text, ensure_ascii=False)


def number(value):
    if value is None:
        return "nil"
    value = float(value)
    return str(int(value)) if value == int(value) else repr(value)


def insets(d):
    if d is None:
        return "nil"
    return (f"Insets(top: {number(d['top'])}, left: {number(d['left'])}, "
            f"bottom: {number(d['bottom'])}, right: {number(d['right'])})")


def safe_area(portrait, landscape, basis):
    if portrait is None and landscape is None:
        return "nil"
    return (f".init(\n        portrait: {insets(portrait)},\n        landscape: {insets(landscape)},"
            f"\n        basis: {swift_string(basis)})")


def size_classes(text):
    if not text:
        return "nil"
    w, h = text.split("/")
    kind = {"C": ".compact", "R": ".regular"}
    return f"SizeClasses({kind[w[1]]}, {kind[h[1]]})"


def string_list(items):
    return "[" + ", ".join(swift_string(i) for i in items) + "]"


def dictionary(d, value):
    if not d:
        return "[:]"
    return "[" + ", ".join(f"{swift_string(k)}: {value(v)}" for k, v in d.items()) + "]"


def device_literal(dev):
    ident = dev["id"]
    name, extra = RENAMED.get(ident, (dev["name"], []))
    aliases = extra + HIG_ALIASES.get(ident, [])
    if name != dev["name"]:
        aliases.append(dev["name"])
    for model in dev.get("models", []) + dev.get("model_ids", []):
        if model != name and model not in aliases:
            aliases.append(model)
    sa = dev["safe_area"]
    ios26 = sa.get("ios26")
    if ios26:
        main = safe_area(ios26["portrait"], ios26["landscape"], "iOS 26: " + ios26["basis"])
        alternate = safe_area(sa["portrait"], sa["landscape"], sa["basis"])
        if ios26["portrait"] == sa["portrait"] and ios26["landscape"] == sa["landscape"]:
            alternate = "nil"
    else:
        main = safe_area(sa["portrait"], sa["landscape"], sa["basis"])
        alternate = "nil"
        # Apple TV: the HIG's primary-content inset is the default; UIKit's overscan safe
        # area (what safeAreaInsets reports) is carried as the alternate.
        for other in sa.get("alternates", []):
            if FAMILY[dev["family"]] == "tv" and "landscape" in other:
                alternate = safe_area(None, other["landscape"], "UIKit safeAreaInsets on tvOS (" + other["source"] + ")")
    cut = dev["cutout"]
    if cut["type"] == "notch" and cut["notch"]:
        n = cut["notch"]
        sensor = (f"[ScreenRegion(.occlusion, .notch, rect: Rect(x: {number(n['x'])}, y: {number(n['y'])}, "
                  f"width: {number(n['width'])}, height: {number(n['height'])}))]")
    elif cut["type"] == "dynamic_island":
        i = cut["dynamic_island"]
        rect = "nil" if i is None else (f"Rect(x: {number(i['x'])}, y: {number(i['y'])}, "
                                        f"width: {number(i['width'])}, height: {number(i['height'])})")
        sensor = f"[ScreenRegion(.occlusion, .island, rect: {rect})]"
    elif cut["type"] == "notch":
        sensor = "[ScreenRegion(.occlusion, .notch, rect: nil)]"
    else:
        sensor = None
    hi = dev["home_indicator"]
    home = "nil" if hi is None else (f"HomeIndicator(width: {number(hi['width'])}, "
                                     f"height: {number(hi['height'])}, bottom: {number(hi['bottom_offset'])})")
    native = "nil"
    native_scale = number(dev["native_scale"])
    if dev["pixels"] != dev["render_pixels"]:
        native = f"PixelSize({dev['pixels']['w']}, {dev['pixels']['h']})"
    family = FAMILY[dev["family"]]
    orientations = "[.landscape]" if family == "tv" else "[.portrait, .landscape]"
    notes = dev.get("notes", []) + EXTRA_NOTES.get(ident, [])
    return f"""    Target(
      name: {swift_string(name)}, aliases: {string_list(aliases)},
      slug: {swift_string(ident)}, family: .{family},
      points: Size({number(dev['points']['w'])}, {number(dev['points']['h'])}), scale: {number(dev['scale'])}, nativeScale: {native_scale}, nativePixels: {native},
      cornerRadius: {number(dev['display_corner_radius'])},
      safeArea: {main},
      safeAreaAlternate: {alternate},
{"" if sensor is None else f"      regions: {sensor},{chr(10)}"}      homeIndicator: {home},
      statusBarPortrait: {number(dev['status_bar']['portrait'])}, statusBarLandscape: {number(dev['status_bar']['landscape'])},
      sizeClassesPortrait: {size_classes(dev['size_class']['portrait'])}, sizeClassesLandscape: {size_classes(dev['size_class']['landscape'])},
      orientations: {orientations},
      sources: {dictionary(dev['sources'], string_list)},
      confidence: {dictionary(dev['confidence'], swift_string)},
      notes: {string_list(notes)}),
"""


# swift-format leaves generated files as the generator writes them.
HEADER = """// swift-format-ignore-file
// Generated by Scripts/make_catalog.py from Research/devices.json; do not edit by hand.
"""


def write(name, body):
    with open(os.path.join(OUT, name), "w") as f:
        f.write(HEADER + body)


devices = research["devices"]
phones = [d for d in devices if d["family"] in ("iPhone", "iPod touch")]
groups = [
    ("Devices+iPhone.swift", "iPhones from the 14 series on, newest first", "recentPhones", phones[:16]),
    ("Devices+iPhoneEarlier.swift", "iPhones up to the 13 series, and the iPod touch, newest first",
     "earlierPhones", phones[16:]),
    ("Devices+iPad.swift", "iPads, newest first, as the research lists them", "ipads",
     [d for d in devices if d["family"] == "iPad"]),
]
for file, title, var, rows in groups:
    body = f"\nextension Catalog {{\n  /// {title}.\n  static let {var}: [Target] = [\n"
    body += "".join(device_literal(d) for d in rows) + "  ]\n}\n"
    write(file, body)
tvs = [d for d in devices if d["family"] == "Apple TV"]
body = "\nextension Catalog {\n  /// Apple TV: landscape only, 1920x1080 points, HIG overscan-safe insets.\n  static let televisions: [Target] = [\n"
body += "".join(device_literal(d) for d in tvs) + "  ]\n}\n"
write("Devices+TV.swift", body)

# iPad multitasking windows, per device, from the size classes of windows in the research.
mt = research["ipad_multitasking"]
by_id = {d["id"]: d for d in devices}
FRACTION = {"2/3": "2/3", "1/2": "1/2", "1/3": "1/3", "slide_over": "slide-over"}
lines = []
for key, group in mt["classes"].items():
    for dev_ref in group["devices"]:
        ident = dev_ref.split(" ")[0]
        dev = by_id[ident]
        name = RENAMED.get(ident, (dev["name"], []))[0]
        for orientation in ("portrait", "landscape"):
            screen_h = group["screen_pt"][1] if orientation == "portrait" else group["screen_pt"][0]
            for window in group[orientation]:
                if window["mode"] == "full" or window["width"] is None:
                    continue
                height = window["height"]
                if height is None:
                    if window["mode"] == "slide_over":
                        continue  # Slide Over height unknown for this iPad
                    height = screen_h  # split windows are full height
                fraction = FRACTION[window["mode"]]
                label = "Slide Over" if fraction == "slide-over" else f"{fraction} split"
                slug = f"{ident}-{fraction.replace('/', '-')}{'' if fraction == 'slide-over' else '-split'}-{orientation}"
                confidence = window.get("confidence", group["confidence"])
                sources = group["sources"] if window["mode"] != "slide_over" else mt["slide_over"]["sources"]
                sc = size_classes(window["size_class"])
                lines.append(f"""    window(
      {swift_string(name)}, {swift_string(ident)}, {swift_string(fraction)}, .{orientation},
      Size({number(window['width'])}, {number(height)}), scale: {number(dev['scale'])}, {sc},
      sources: {string_list(sources)}, confidence: {swift_string(confidence)}),
""")
write("SplitWindows.swift", "\nextension Catalog {\n  /// iPad Split View and Slide Over windows (iPadOS 9-18 presets), per iPad and orientation.\n"
      "  static let splitWindows: [Target] = [\n" + "".join(lines) + "  ]\n}\n")

refs = research["sources"]
body = "\nextension Catalog {\n  /// Where the catalog's figures come from, by source id.\n  public static let references: [String: Reference] = [\n"
for ident, ref in refs.items():
    body += (f"    {swift_string(ident)}: Reference(title: {swift_string(ref['title'])}, "
             f"location: {swift_string(ref.get('url') or ref.get('location') or '')}),\n")
body += "  ]\n}\n"
write("References.swift", body)

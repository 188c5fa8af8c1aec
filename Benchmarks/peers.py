#!/usr/bin/env python3
"""The peers artfit is measured against, doing the same work with the same geometry.

  peers.py resize --tool pyvips|pillow|opencv --image IMG --targets T.json --threads N
                  [--reps R] [--out DIR]
      Decode IMG once (not timed), then for every target canvas and mode (fill, fit) resize
      with the canonical geometry below; print JSON {"ops": {name: median_ms}, ...}.
  peers.py render --tool pyvips|pillow --plan PLAN.json --out DIR [--level 3]
      For every artwork in PLAN (artfit's own report.json), decode it once and write every
      preview artfit wrote: the same canvas, mode and placement, PNG at zlib LEVEL.
      Prints JSON with the wall time and the bytes written. No overlays: those are artfit's.
  peers.py vector --plan PLAN.json --out DIR [--level 3]
      libvips drawing every preview of a plan of SVG/PDF artwork at its own scale: `thumbnail`
      from the file for each output (svgload/pdfload at that scale), then the plan's crop or
      padding on black, PNG at zlib LEVEL. Prints JSON as `render` does.
  peers.py thumbnail --image IMG --width W --height H --out FILE.png [--level 3]
      libvips' thumbnail pipeline for one artwork, as a cold process would run it: open IMG
      (shrink-on-load where libvips can), fill W x H with a centre crop, save PNG at zlib LEVEL.
      Prints JSON with the time of the import of pyvips and of the pipeline itself.
  peers.py thumbnail-warm --image IMG --width W --height H --out FILE.png [--level 3] [--reps 9]
      The same pipeline warm, as a long-running service would run it: one warm-up call, then
      REPS timed calls, libvips' operation cache off (so no call is served from it). Prints
      JSON with the median and every time.

Canonical geometry (as Benchmarks/artfit-bench uses): s = max (fill) or min (fit) of W/w,
H/h; scaled size rounded half up; fill crops at the floor of half the overflow, fit pads
with black at the floor of half the gap.
"""
import argparse
import json
import math
import os
import statistics
import sys
import time


def geometry(w, h, W, H, mode):
    s = max(W / w, H / h) if mode == "fill" else min(W / w, H / h)
    sw, sh = int(w * s + 0.5), int(h * s + 0.5)
    if mode == "fill":
        sw, sh = max(sw, W), max(sh, H)
        return sw, sh, (sw - W) // 2, (sh - H) // 2
    sw, sh = max(1, min(sw, W)), max(1, min(sh, H))
    return sw, sh, (W - sw) // 2, (H - sh) // 2


class Pyvips:
    def __init__(self, threads):
        if threads:
            os.environ["VIPS_CONCURRENCY"] = str(threads)
        import pyvips
        self.v = pyvips
        pyvips.cache_set_max(0)

    def load(self, path):
        return self.v.Image.new_from_file(path, access="random").autorot().copy_memory()

    def size(self, im):
        return im.width, im.height

    def resize(self, im, W, H, mode):
        w, h = im.width, im.height
        sw, sh, dx, dy = geometry(w, h, W, H, mode)
        r = im.resize(sw / w, vscale=sh / h, kernel="lanczos3")
        if mode == "fill":
            return r.crop(dx, dy, W, H).copy_memory()
        if r.hasalpha():
            r = r.flatten(background=[0])
        return r.gravity("centre", W, H, extend="black").copy_memory()

    def placed(self, im, canvas, placement, crop, mode):
        """artfit's exact placement: the crop rect resized onto the canvas (fill), or the
        whole image resized to the placed rect and padded (fit)."""
        W, H = canvas
        if im.hasalpha():
            im = im.flatten(background=[0])
        if mode == "fill":
            x, y, cw, ch = crop
            r = im.resize(W / cw, vscale=H / ch, kernel="lanczos3")
            return r.crop(min(int(x * W / cw), r.width - W), min(int(y * H / ch), r.height - H), W, H)
        px, py, pw, ph = placement
        r = im.resize(pw / im.width, vscale=ph / im.height, kernel="lanczos3")
        return r.embed(px, py, W, H, extend="black")

    def save(self, im, path, level):
        im.pngsave(path, compression=level, keep="none")


class Pillow:
    def __init__(self, threads):
        from PIL import Image, ImageOps
        self.Image, self.ImageOps = Image, ImageOps

    def load(self, path):
        im = self.ImageOps.exif_transpose(self.Image.open(path))
        im.load()
        if im.mode == "I;16" or im.mode.startswith("I"):
            im = im.convert("RGB")
        return im

    def size(self, im):
        return im.size

    def resize(self, im, W, H, mode):
        w, h = im.size
        sw, sh, dx, dy = geometry(w, h, W, H, mode)
        if mode == "fill":
            sx, sy = sw / w, sh / h
            box = (dx / sx, dy / sy, (dx + W) / sx, (dy + H) / sy)
            return im.resize((W, H), self.Image.LANCZOS, box=box)
        r = im.resize((sw, sh), self.Image.LANCZOS)
        canvas = self.Image.new(r.mode, (W, H))
        canvas.paste(r, (dx, dy))
        return canvas

    def placed(self, im, canvas, placement, crop, mode):
        W, H = canvas
        if im.mode in ("RGBA", "LA"):
            back = self.Image.new("RGB", im.size)
            back.paste(im.convert("RGB"), mask=im.getchannel("A"))
            im = back
        if mode == "fill":
            x, y, cw, ch = crop
            return im.resize((W, H), self.Image.LANCZOS, box=(x, y, x + cw, y + ch))
        px, py, pw, ph = placement
        out = self.Image.new(im.mode, (W, H))
        out.paste(im.resize((pw, ph), self.Image.LANCZOS), (px, py))
        return out

    def save(self, im, path, level):
        im.save(path, compress_level=level)


class OpenCV:
    def __init__(self, threads):
        import cv2
        self.cv2 = cv2
        cv2.setNumThreads(threads or 0)

    def load(self, path):
        return self.cv2.imread(path, self.cv2.IMREAD_UNCHANGED)

    def size(self, im):
        return im.shape[1], im.shape[0]

    def resize(self, im, W, H, mode):
        cv2 = self.cv2
        h, w = im.shape[:2]
        sw, sh, dx, dy = geometry(w, h, W, H, mode)
        r = cv2.resize(im, (sw, sh), interpolation=cv2.INTER_LANCZOS4)
        if mode == "fill":
            return r[dy:dy + H, dx:dx + W].copy()
        return cv2.copyMakeBorder(r, dy, H - sh - dy, dx, W - sw - dx, cv2.BORDER_CONSTANT, value=0)

    def save(self, im, path, level):
        self.cv2.imwrite(path, im, [self.cv2.IMWRITE_PNG_COMPRESSION, level])


TOOLS = {"pyvips": Pyvips, "pillow": Pillow, "opencv": OpenCV}


def resize_command(args):
    tool = TOOLS[args.tool](args.threads)
    im = tool.load(args.image)
    targets = json.load(open(args.targets))
    stem = os.path.splitext(os.path.basename(args.image))[0]
    ops = {}
    for t in targets:
        for mode in ("fill", "fit"):
            times = []
            for _ in range(args.reps):
                start = time.perf_counter()
                out = tool.resize(im, t["width_px"], t["height_px"], mode)
                times.append(time.perf_counter() - start)
            ops[f"{t['name']}__{mode}"] = statistics.median(times) * 1000
            if args.out:
                os.makedirs(args.out, exist_ok=True)
                tool.save(out, os.path.join(args.out, f"{stem}__{t['name']}__{mode}.png"), 1)
    print(json.dumps({"tool": args.tool, "threads": args.threads, "ops": ops, "total_ms": sum(ops.values())}))


def render_command(args):
    tool = TOOLS[args.tool](0)
    plan = json.load(open(args.plan))
    start = time.perf_counter()
    written = 0
    outputs = 0
    for artwork in plan["artworks"]:
        im = tool.load(artwork["source"])
        done = set()
        for r in artwork["results"]:
            if r["preview"] in done:
                continue
            done.add(r["preview"])
            c = r["canvas"]
            p = r["placement_px"]
            cr = r["crop"]
            out = tool.placed(im, (c["w"], c["h"]), (p["x"], p["y"], p["w"], p["h"]),
                              (cr["x"], cr["y"], cr["w"], cr["h"]), r["mode"])
            path = os.path.join(args.out, r["preview"].replace("/", "__"))
            tool.save(out, path, args.level)
            written += os.path.getsize(path)
            outputs += 1
    print(json.dumps({"tool": args.tool, "seconds": time.perf_counter() - start, "outputs": outputs,
                      "bytes": written}))


def vector_command(args):
    """libvips drawing each output of a vector plan at its own scale: `thumbnail` from the
    file (svgload/pdfload at the scale the output needs, never resampled up), then the plan's
    crop (fill) or padding (fit), flattened on black as artfit's default background."""
    import pyvips
    pyvips.cache_set_max(0)
    plan = json.load(open(args.plan))
    start = time.perf_counter()
    written = outputs = 0
    for artwork in plan["artworks"]:
        source_w, source_h = artwork["width"], artwork["height"]
        done = set()
        for r in artwork["results"]:
            if r["preview"] in done:
                continue
            done.add(r["preview"])
            W, H = r["canvas"]["w"], r["canvas"]["h"]
            p = r["placement_px"]
            if r["mode"] == "fill":
                x, y, cw, ch = (r["crop"][k] for k in ("x", "y", "w", "h"))
                s = W / cw
                im = pyvips.Image.thumbnail(artwork["source"], math.ceil(source_w * s),
                                            height=math.ceil(source_h * s), size="force")
                im = im.crop(min(int(x * s), im.width - W), min(int(y * s), im.height - H), W, H)
            else:
                im = pyvips.Image.thumbnail(artwork["source"], p["w"], height=p["h"], size="force")
                im = im.embed(p["x"], p["y"], W, H, extend="black")
            if im.hasalpha():
                im = im.flatten(background=[0])
            path = os.path.join(args.out, r["preview"].replace("/", "__"))
            im.pngsave(path, compression=args.level, keep="none")
            written += os.path.getsize(path)
            outputs += 1
    print(json.dumps({"tool": "pyvips", "seconds": time.perf_counter() - start, "outputs": outputs,
                      "bytes": written}))


def thumbnail_command(args):
    start = time.perf_counter()
    import pyvips
    imported = time.perf_counter()
    im = pyvips.Image.thumbnail(args.image, args.width, height=args.height, crop="centre")
    im.pngsave(args.out, compression=args.level, keep="none")
    done = time.perf_counter()
    print(json.dumps({"import_ms": (imported - start) * 1000, "pipeline_ms": (done - imported) * 1000}))


def thumbnail_warm_command(args):
    import pyvips
    pyvips.cache_set_max(0)

    def pipeline():
        im = pyvips.Image.thumbnail(args.image, args.width, height=args.height, crop="centre")
        im.pngsave(args.out, compression=args.level, keep="none")

    pipeline()
    times = []
    for _ in range(args.reps):
        start = time.perf_counter()
        pipeline()
        times.append(time.perf_counter() - start)
    print(json.dumps({"median_ms": statistics.median(times) * 1000, "ms": [t * 1000 for t in times]}))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("resize")
    r.add_argument("--tool", required=True, choices=TOOLS)
    r.add_argument("--image", required=True)
    r.add_argument("--targets", required=True)
    r.add_argument("--threads", type=int, default=0)
    r.add_argument("--reps", type=int, default=3)
    r.add_argument("--out")
    g = sub.add_parser("render")
    g.add_argument("--tool", required=True, choices=("pyvips", "pillow"))
    g.add_argument("--plan", required=True)
    g.add_argument("--out", required=True)
    g.add_argument("--level", type=int, default=3)
    v = sub.add_parser("vector")
    v.add_argument("--plan", required=True)
    v.add_argument("--out", required=True)
    v.add_argument("--level", type=int, default=3)
    t = sub.add_parser("thumbnail")
    t.add_argument("--image", required=True)
    t.add_argument("--width", type=int, required=True)
    t.add_argument("--height", type=int, required=True)
    t.add_argument("--out", required=True)
    t.add_argument("--level", type=int, default=3)
    w = sub.add_parser("thumbnail-warm")
    w.add_argument("--image", required=True)
    w.add_argument("--width", type=int, required=True)
    w.add_argument("--height", type=int, required=True)
    w.add_argument("--out", required=True)
    w.add_argument("--level", type=int, default=3)
    w.add_argument("--reps", type=int, default=9)
    args = parser.parse_args()
    if args.command == "thumbnail":
        return thumbnail_command(args)
    if args.command == "thumbnail-warm":
        return thumbnail_warm_command(args)
    os.makedirs(getattr(args, "out", None) or ".", exist_ok=True)
    if args.command == "vector":
        return vector_command(args)
    resize_command(args) if args.command == "resize" else render_command(args)


if __name__ == "__main__":
    main()

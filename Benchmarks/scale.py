#!/usr/bin/env python3
"""Memory and time of artfit at scale: N tiny PNGs (aspect ratios of real artwork), then
`artfit check` on them and `artfit merge-reports` of 5 shards, each timed as a whole process
with its peak resident memory and the sizes of the reports it wrote.

  python3 Benchmarks/scale.py 5000 50000            # the sizes to run
  ARTFIT=.build/release/artfit python3 Benchmarks/scale.py 5000
  TARGETS=default python3 Benchmarks/scale.py 10000 # every default target (236 results each)
  RENDER=1 python3 Benchmarks/scale.py 1000 10000   # also render them (one small preview each)
  VERIFY=1 python3 Benchmarks/scale.py 50000        # and check the reports: every result, merged = whole

By default each artwork is checked on 10 results: 5 iPhones and iPads, portrait, fit and
fill. The folders live under /tmp/artfit-scale and are made once per N.
"""
import os
import random
import struct
import subprocess
import sys
import zlib

ROOT = "/tmp/artfit-scale"
TARGETS = ["--targets", "iphone-16-pro,iphone-se-4-7,ipad-pro-13-m4,ipad-mini-8-3,iphone-16-pro-max",
           "--orientations", "portrait", "--modes", "fit,fill"]
SHAPES = [(32, 18), (18, 32), (30, 40), (40, 30), (24, 24), (48, 20), (20, 48), (39, 18), (64, 27)]


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def tiny_png(w, h, shade):
    raw = (b"\x00" + bytes([shade, 255 - shade, 128]) * w) * h
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def make(count):
    folder = os.path.join(ROOT, f"art-{count}")
    marker = os.path.join(folder, ".complete")
    if os.path.exists(marker):
        return folder
    rng = random.Random(count)
    for i in range(count):
        sub = os.path.join(folder, f"set-{i // 1000:03d}")
        os.makedirs(sub, exist_ok=True)
        w, h = rng.choice(SHAPES)
        with open(os.path.join(sub, f"art-{i:06d}.png"), "wb") as f:
            f.write(tiny_png(w, h, i % 256))
    open(marker, "w").close()
    return folder


def timed(command):
    """Wall seconds and peak RSS (MB) of one process, from GNU time."""
    out = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + command, capture_output=True, text=True)
    wall, rss_kb = out.stderr.strip().splitlines()[-1].split()
    if out.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)} failed ({out.returncode}): {out.stderr[-2000:]}")
    return float(wall), int(rss_kb) / 1024


def sizes(folder):
    names = ["report.json", "report.jsonl", "report.csv", "junit.xml", "index.html"]
    found = {n: os.path.getsize(os.path.join(folder, n)) / 1e6 for n in names
             if os.path.exists(os.path.join(folder, n))}
    pages = os.path.join(folder, "pages")
    if os.path.isdir(pages):
        found["largest page"] = max(os.path.getsize(os.path.join(pages, p)) for p in os.listdir(pages)) / 1e6
    return ", ".join(f"{n} {mb:.1f} MB" for n, mb in found.items())


def verify(whole, merged, count, per_artwork):
    """The whole run's report.json parses and holds every result; the merged reports hold the
    same rows and results (compared, not sized)."""
    import json
    with open(os.path.join(whole, "report.json")) as f:
        report = json.load(f)
    results = sum(len(a["results"]) for a in report["artworks"])
    with open(os.path.join(merged, "report.json")) as f:
        joined = json.load(f)
    same_json = report["artworks"] == joined["artworks"] and report["summary"] == joined["summary"]
    same = {}
    for name in ["report.csv", "report.jsonl", "junit.xml", "index.html"]:
        with open(os.path.join(whole, name), "rb") as a, open(os.path.join(merged, name), "rb") as b:
            same[name] = a.read() == b.read()
    pages = sorted(os.listdir(os.path.join(whole, "pages"))) if os.path.isdir(os.path.join(whole, "pages")) else []
    same_pages = all(open(os.path.join(whole, "pages", p), "rb").read() == open(os.path.join(merged, "pages", p), "rb").read()
                     for p in pages)
    expected = count * per_artwork if per_artwork else results
    print(f"  {count}: report.json parses, {len(report['artworks'])} artworks, {results} results "
          f"(expected {expected}); merged = whole: artworks and summary {same_json}, "
          + ", ".join(f"{n} {v}" for n, v in same.items()) + f", {len(pages)} pages {same_pages}", flush=True)


def main():
    artfit = os.environ.get("ARTFIT", ".build/x86_64-unknown-linux-gnu/release/artfit")
    targets = [] if os.environ.get("TARGETS") == "default" else TARGETS
    print("| run | artworks | wall s | peak RSS MB | reports |")
    print("|---|---:|---:|---:|---|")
    for count in [int(n) for n in sys.argv[1:]] or [5000, 50000]:
        art = make(count)
        out = os.path.join(ROOT, f"out-{count}")
        subprocess.run(["rm", "-rf", out])
        wall, rss = timed([artfit, "check", art, "--out", out, "--quiet"] + targets)
        print(f"| check | {count} | {wall:.1f} | {rss:.0f} | {sizes(out)} |", flush=True)
        shards = []
        for i in range(1, 6):
            shard = f"{out}-shard{i}"
            subprocess.run(["rm", "-rf", shard])
            timed([artfit, "check", art, "--out", shard, "--quiet", "--shard", f"{i}/5"] + targets)
            shards.append(shard)
        merged = f"{out}-merged"
        subprocess.run(["rm", "-rf", merged])
        wall, rss = timed([artfit, "merge-reports"] + shards + ["--out", merged, "--quiet"])
        print(f"| merge-reports of 5 shards | {count} | {wall:.1f} | {rss:.0f} | {sizes(merged)} |", flush=True)
        if os.environ.get("VERIFY"):
            verify(out, merged, count, 10 if targets else None)
        if os.environ.get("RENDER"):
            rendered = f"{out}-render"
            subprocess.run(["rm", "-rf", rendered])
            wall, rss = timed([artfit, "render", art, "--out", rendered, "--quiet", "--targets", "iphone-16-pro",
                               "--orientations", "portrait", "--modes", "fill", "--scales", "0.05"])
            print(f"| render (one 59×128 preview each) | {count} | {wall:.1f} | {rss:.0f} | {sizes(rendered)} |",
                  flush=True)


if __name__ == "__main__":
    main()

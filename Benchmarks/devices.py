#!/usr/bin/env python3
"""Time and memory of one artwork on N devices of a user catalog, the contact sheet and the
crop map included: does a run grow linearly with the screens it is checked on?

  python3 Benchmarks/devices.py 1000 10000                   # check with json,html reports
  RENDER=1 python3 Benchmarks/devices.py 250 500 1000 2000   # render (previews at @1x, crop map)
  ARTFIT=.build/release/artfit BEFORE=/path/to/older/artfit python3 Benchmarks/devices.py 1000

Each device is the iPhone 16 Pro's entry from `artfit devices --json` with its own slug and
random points (seeded: 300-500 x 700-1000), so nearly every fill crops differently. The
artwork is SampleArt's 2.39:1 forest still. Each figure is one whole process under
/usr/bin/time; the folders live under /tmp/artfit-devices.
"""
import json
import os
import random
import shutil
import subprocess
import sys

ROOT = "/tmp/artfit-devices"
ART = os.path.join(os.path.dirname(__file__), "..", "SampleArt", "forest-path-scope.jpg")


def catalog(artfit, count):
    path = os.path.join(ROOT, f"catalog-{count}.json")
    if os.path.exists(path):
        return path
    listed = json.loads(subprocess.run([artfit, "devices", "--family", "iphone", "--json"], check=True,
                                       capture_output=True, text=True).stdout)
    base = next(t for t in listed["targets"] if t["slug"] == "iphone-16-pro")
    generator = random.Random(51)
    targets = []
    for index in range(count):
        entry = dict(base, slug=f"bench-{index}", name=f"Bench Device {index}", aliases=[])
        entry["points"] = {"w": 300 + generator.randint(0, 200), "h": 700 + generator.randint(0, 300)}
        targets.append(entry)
    with open(path, "w") as out:
        json.dump({"targets": targets}, out)
    return path


def timed(command):
    result = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + command, capture_output=True, text=True)
    wall, kilobytes = result.stderr.strip().splitlines()[-1].split()
    return float(wall), int(kilobytes) / 1024


def main():
    os.makedirs(ROOT, exist_ok=True)
    artfit = os.environ.get("ARTFIT", ".build/release/artfit")
    builds = [("this", artfit)] + ([("before", os.environ["BEFORE"])] if "BEFORE" in os.environ else [])
    render = os.environ.get("RENDER") == "1"
    command = "render" if render else "check"
    print(f"| build | devices | results | {command} wall s | peak MB |")
    print("|---|---|---|---|---|")
    for count in [int(n) for n in sys.argv[1:]] or [1000, 10000]:
        path = catalog(artfit, count)
        for name, binary in builds:
            out = os.path.join(ROOT, f"out-{name}-{count}")
            shutil.rmtree(out, ignore_errors=True)
            extra = ["--scales", "1"] if render else []
            wall, peak = timed([binary, command, ART, "--catalog", path, "--targets", "iphone", "--reports",
                                "json,html", "--out", out, "--quiet"] + extra)
            with open(os.path.join(out, "report.json")) as report:
                results = json.load(report)["summary"]["results"]
            print(f"| {name} | {count} | {results} | {wall:.2f} | {peak:.0f} |", flush=True)


if __name__ == "__main__":
    main()

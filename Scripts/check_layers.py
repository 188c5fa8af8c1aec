#!/usr/bin/env python3
"""Checks the library's layering (Documentation/Architecture.md) against the package itself.

Reads `swift package describe --type json` and fails when a layer depends, directly or through
another target, on a layer it must not, or when ArtworkGeometry's sources import anything.
"""
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
# Each layer and the layers it must never reach.
FORBIDDEN = {
    "ArtworkGeometry": {"ArtworkSupport", "ArtworkCodec", "ArtworkPixels", "ArtworkReport", "ArtworkRender", "CImageIO"},
    "ArtworkSupport": {"ArtworkGeometry", "ArtworkCodec", "ArtworkPixels", "ArtworkReport", "ArtworkRender"},
    "ArtworkCodec": {"ArtworkGeometry", "ArtworkPixels", "ArtworkReport", "ArtworkRender"},
    "ArtworkPixels": {"ArtworkReport", "ArtworkRender"},
    "ArtworkReport": {"ArtworkPixels", "ArtworkRender"},
}

described = json.loads(subprocess.run(
    ["swift", "package", "describe", "--type", "json"], cwd=ROOT, check=True, capture_output=True, text=True).stdout)
direct = {t["name"]: set(t.get("target_dependencies", [])) for t in described["targets"]}


def reach(name, seen=None):
    seen = set() if seen is None else seen
    for dependency in direct.get(name, ()):
        if dependency not in seen:
            seen.add(dependency)
            reach(dependency, seen)
    return seen


problems = []
for layer, never in FORBIDDEN.items():
    if layer not in direct:
        problems.append(f"{layer}: no such target")
        continue
    for bad in sorted(reach(layer) & never):
        problems.append(f"{layer} depends on {bad}")
for source in sorted((ROOT / "Sources/ArtworkGeometry").rglob("*.swift")):
    for number, line in enumerate(source.read_text().splitlines(), 1):
        if re.match(r"\s*(@\w+\s+)*import\s", line):
            problems.append(f"{source.relative_to(ROOT)}:{number}: ArtworkGeometry imports nothing ({line.strip()})")
for problem in problems:
    print("layers:", problem, file=sys.stderr)
print(f"layers: {len(FORBIDDEN)} layers checked, {len(problems)} problems")
sys.exit(1 if problems else 0)

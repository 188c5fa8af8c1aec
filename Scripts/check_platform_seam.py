#!/usr/bin/env python3
"""Fails when a Swift source outside the platform seam names a platform.

What differs between Linux and Darwin lives in Sources/ArtworkPlatform/ (README, "On a
Mac"); everything else calls POSIX through that module's re-export of the C library.
A name below in any other file is a call that builds on one system only.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SEAM = ROOT / "Sources" / "ArtworkPlatform"
# Each pattern and why it is one platform's.
PLATFORM_NAMES = [
    (r"\bimport\s+(Glibc|Darwin|Musl|WinSDK)\b", "the C library is imported by the seam alone"),
    (r"canImport\((Glibc|Darwin|Musl)\)", "a platform test"),
    (r"\bos\((Linux|macOS|iOS)\)", "a platform test"),
    (r"\b(Glibc|Darwin)\.", "a call qualified by the C library's module"),
    (r"\bst_[mca]tim(spec)?\b", "stat's time fields are named differently (st_mtim, st_mtimespec)"),
    (r"/proc/", "Linux's proc file system"),
    (r"_NSGetExecutablePath", "Darwin's executable path"),
]

problems = []
for path in sorted((ROOT / "Sources").rglob("*.swift")):
    if SEAM in path.parents:
        continue
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        code = line.split("//", 1)[0]
        for pattern, why in PLATFORM_NAMES:
            if re.search(pattern, code):
                problems.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()} ({why}: use Platform)")
for problem in problems:
    print(problem)
print(f"platform seam: {len(problems)} platform-specific lines outside {SEAM.relative_to(ROOT)}")
sys.exit(1 if problems else 0)

#!/usr/bin/env python3
"""Every public symbol written in Sources has a doc comment that opens with an abstract.

Reads the symbol graphs Scripts/docs.sh extracts (the umbrella module's, which carry every
layer it re-exports). A symbol with a source location was written by hand; one without is
the compiler's (an enum's `hash(into:)`, `init(rawValue:)`, a Codable `init(from:)`), which
takes the protocol's documentation and is counted apart. Exits 1 naming each symbol that
has no comment, or a comment that starts with its parameters instead of saying what it is.

    python3 Scripts/check_doc_comments.py .build/docs/symbol-graphs/Artwork
"""
import glob
import json
import os
import sys


def abstract(symbol):
    """The first line of the doc comment, or None."""
    comment = symbol.get("docComment") or {}
    for line in comment.get("lines", []):
        text = line.get("text", "").strip()
        if text:
            return text
    return None


def main(folder):
    written, synthesized, missing = 0, 0, []
    for path in sorted(glob.glob(os.path.join(folder, "*.symbols.json"))):
        with open(path) as file:
            graph = json.load(file)
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            location = symbol.get("location")
            if location is None:
                synthesized += 1
                continue
            written += 1
            first = abstract(symbol)
            if first is None or first.startswith("- "):
                source = location["uri"].split("/Sources/")[-1]
                name = ".".join(symbol["pathComponents"])
                missing.append(f"{source}:{location['position']['line'] + 1}: {name}")
    print(f"doc comments: {written - len(missing)} of {written} public symbols written in Sources "
          f"have one with an abstract; {synthesized} more are the compiler's own conformances")
    for line in missing:
        print(f"  no abstract: {line}")
    return 1 if missing or written == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else ".build/docs/symbol-graphs/Artwork"))

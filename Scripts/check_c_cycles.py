#!/usr/bin/env python3
"""Checks that no CImageIO file calls, through others, back into itself (Documentation/Architecture.md).

Reads the symbols each object file of a build defines and uses (`nm`), draws an edge from a file
to every file whose functions or data it uses, and fails naming a cycle when there is one. Run it
after a build: `python3 Scripts/check_c_cycles.py [build folder]` (default .build/release).
"""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
build = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / ".build" / "release"
sources = sorted((ROOT / "Sources" / "CImageIO").glob("*.c"))
objects = [build / "CImageIO.build" / (source.name + ".o") for source in sources]  # an object of a removed file is not read
missing = [path.name for path in objects if not path.exists()]
if missing:
    sys.exit(f"check_c_cycles: no {', '.join(missing)} in {build / 'CImageIO.build'}; build first")

defined, used = {}, {}
for path in objects:
    name = path.name[: -len(".c.o")]
    lines = [line.split() for line in subprocess.run(["nm", str(path)], capture_output=True, text=True, check=True).stdout.splitlines()]
    defined[name] = {fields[2] for fields in lines if len(fields) == 3 and fields[1] in "TDBRC"}
    used[name] = {fields[1] for fields in lines if len(fields) == 2 and fields[0] == "U"}
owner = {symbol: name for name, symbols in defined.items() for symbol in symbols}
edges = {name: sorted({owner[s] for s in used[name] if s in owner and owner[s] != name}) for name in defined}

# Depth-first search; a grey node met again closes a cycle.
state, stack = {}, []


def visit(node):
    state[node] = "grey"
    stack.append(node)
    for callee in edges[node]:
        if state.get(callee) == "grey":
            cycle = stack[stack.index(callee):] + [callee]
            sys.exit("check_c_cycles: CImageIO files call each other in a circle: " + " -> ".join(cycle))
        if callee not in state:
            visit(callee)
    stack.pop()
    state[node] = "black"


for node in sorted(edges):
    if node not in state:
        visit(node)
print(f"check_c_cycles: {len(edges)} CImageIO files, no cycle")

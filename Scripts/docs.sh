#!/usr/bin/env bash
# The Artwork library's documentation: symbol graphs from a build of the umbrella target
# (which carries the symbols of every module it re-exports), then DocC over the catalog in
# Sources/Artwork/Artwork.docc, warnings as errors. Writes .build/docs/Artwork.doccarchive,
# prints the coverage of the public symbols, and fails when a public symbol written in Sources
# has no doc comment (Scripts/check_doc_comments.py).
#
#   bash Scripts/docs.sh            # then: docc preview … or serve the archive's folder
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

graphs=.build/docs/symbol-graphs
archive=.build/docs/Artwork.doccarchive
# A fresh build path: the compiler writes symbol graphs only for the modules it compiles.
rm -rf "$graphs" "$archive" .build-docs
mkdir -p "$graphs/all" "$graphs/Artwork"
swift build --target Artwork --build-path .build-docs \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs/all"
# Only the umbrella's graphs: each layer's own would document the same symbols twice.
cp "$graphs/all/Artwork.symbols.json" "$graphs/all"/Artwork@*.symbols.json "$graphs/Artwork/"
docc convert Sources/Artwork/Artwork.docc --additional-symbol-graph-dir "$graphs/Artwork" \
  --output-path "$archive" --fallback-display-name Artwork --fallback-bundle-identifier dev.artfit.Artwork \
  --enable-inherited-docs --warnings-as-errors \
  --experimental-documentation-coverage --coverage-summary-level brief
# Every public symbol written in Sources documented with an abstract (the compiler's own
# conformances, such as an enum's hash(into:), take their protocol's documentation).
python3 Scripts/check_doc_comments.py "$graphs/Artwork"
echo "docs: $archive"

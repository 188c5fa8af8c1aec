#!/usr/bin/env bash
# The release a CI runner installs (README, "A release for CI runners"): builds the Debian
# package, installs it with apt-get, and runs the README's example on SampleArt with no Swift
# toolchain on PATH or the loader's path. Removes the package afterwards.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
package=$(bash Scripts/make_deb.sh .build/deb | tail -1)
echo "package: $package, $(du -k "$package" | cut -f1) KiB"
trap 'DEBIAN_FRONTEND=noninteractive apt-get remove -y -q artfit >/dev/null 2>&1 || true' EXIT
start=$(date +%s.%N)
DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$package" >/dev/null
echo "installed in $(awk "BEGIN { printf \"%.1f\", $(date +%s.%N) - $start }") s"
if ldd /usr/bin/artfit | grep -i swift; then
  echo "check_deb: the installed artfit links a Swift library (above)" >&2
  exit 1
fi
out=$(mktemp -d)
# A clean environment: the system's PATH only, no LD_LIBRARY_PATH.
if env -i PATH=/usr/bin:/bin sh -c 'command -v swift' >/dev/null; then
  echo "check_deb: swift is on the clean PATH, so the run would not show the package stands alone" >&2
  exit 1
fi
status=0
env -i PATH=/usr/bin:/bin HOME="$out" artfit render SampleArt --out "$out/artfit-out" --quiet || status=$?
[ "$status" -eq 0 ] || { echo "check_deb: artfit render SampleArt exited $status" >&2; exit 1; }
pngs=$(find "$out/artfit-out" -name '*.png' | wc -l)
[ -s "$out/artfit-out/report.json" ] && [ "$pngs" -gt 100 ] || {
  echo "check_deb: the run wrote no report or too few PNG files ($pngs)" >&2
  exit 1
}
env -i PATH=/usr/bin:/bin artfit --version
echo "SampleArt rendered by the installed package: $pngs PNG files (previews and crop maps)"
rm -rf "$out"

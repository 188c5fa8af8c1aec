#!/usr/bin/env bash
# The package as an app team uses it: a throwaway package that depends on a tagged clone of
# this repository by version builds against the Artwork library (which proves the package
# has no unsafe build flags) and runs the `artfit` command plugin, failing and passing.
#
#   bash Scripts/check_plugin.sh        (.ci/run runs it)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# A clone of the committed tree, tagged, as a versioned dependency resolves it.
git clone -q "$ROOT" "$WORK/artfit"
git -C "$WORK/artfit" -c user.name=ci -c user.email=ci@localhost tag -a 1.0.0 -m "1.0.0"

mkdir -p "$WORK/app/Sources/App" "$WORK/app/Art"
cat > "$WORK/app/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "app",
  dependencies: [.package(url: "file://$WORK/artfit", from: "1.0.0")],
  targets: [.target(name: "App", dependencies: [.product(name: "Artwork", package: "artfit")])]
)
SWIFT
cat > "$WORK/app/Sources/App/Fit.swift" <<'SWIFT'
import Artwork

/// The app's own use of the library: the crop loss of a square on a screen.
public func squareCropLoss(on name: String) -> Double? {
  guard let target = Catalog.target(named: name) else { return nil }
  let screen = Screen(target: target, orientation: .portrait)
  return FitSolver.solve(source: Size(1000, 1000), canvas: screen.canvas, safeArea: screen.safeInsets, mode: .fill)
    .cropLoss
}
SWIFT
cp "$ROOT/SampleArt/launch-square-2732.png" "$WORK/app/Art/launch.png"
cd "$WORK/app"

echo "plugin check: the app builds against Artwork 1.0.0"
swift build -q

echo "plugin check: a failing gate fails the command and names the failures"
set +e
swift package --allow-writing-to-package-directory artfit check Art --targets "iPhone 16 Pro" \
  --orientations portrait --modes fill --max-crop-loss 25% --out artfit-reports > failing.log 2>&1
status=$?
set -e
cat failing.log
[ "$status" -ne 0 ] || { echo "plugin check: expected a non-zero exit"; exit 1; }
grep -q "error: iPhone 16 Pro portrait fill: crop_loss" failing.log || { echo "plugin check: no diagnostic"; exit 1; }
[ -f artfit-reports/report.json ] || { echo "plugin check: no report where --out said"; exit 1; }

echo "plugin check: a passing gate passes; without --out the reports go to the work directory"
swift package --allow-writing-to-package-directory artfit check Art --targets "iPhone 16 Pro" \
  --orientations portrait --modes fill --max-crop-loss 60% > passing.log 2>&1 || { cat passing.log; echo "plugin check: expected success"; exit 1; }
cat passing.log
grep -q "reports go to" passing.log || { echo "plugin check: did not say where the reports went"; exit 1; }
echo "plugin check: passed"

#!/usr/bin/env bash
# The README's preview images of the families beyond iPhone, iPad and Apple TV, rendered by
# artfit from SampleArt and scaled down with netpbm (Debian's netpbm, which .ci/run installs):
#   Documentation/family-watch.png     a watch fill (Series 7-9, 45 mm)
#   Documentation/family-mac.png       a MacBook Pro 14-inch with its camera housing
#   Documentation/family-topshelf.png  a Top Shelf poster, focused and unfocused side by side
#   Documentation/family-vision.png    the Vision Pro window at its default size
#   Documentation/family-carplay.png   the CarPlay high-resolution screen
#   Documentation/family-appstore.png  the 886x1920 app preview canvas
#   Documentation/family-icon.png      the iOS, watchOS and tvOS app icon slots side by side
#   bash Scripts/make_family_previews.sh [path/to/artfit]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ARTFIT="${1:-$ROOT/.build/release/artfit}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

render() {  # artwork, targets, out folder; a failed check (exit 1: a photo is no icon's size) still draws
  "$ARTFIT" render "$ROOT/SampleArt/$1" --targets "$2" --modes fill --out "$WORK/$3" --quiet --no-cache \
    || [ $? -eq 1 ]
}
shrink() {  # png, height, out
  pngtopnm "$1" | pnmscale -height "$2" | pnmtopng -compression 9 > "$3"
}

render altai-portrait.png apple-watch-series-7-45mm watch
shrink "$WORK/watch/altai-portrait/apple-watch-series-7-45mm-portrait-fill@2x.png" 320 \
  "$ROOT/Documentation/family-watch.png"

render evening-glow-landscape.jpg macbook-pro-14 mac
shrink "$WORK/mac/evening-glow-landscape/macbook-pro-14-landscape-fill@2x.png" 360 \
  "$ROOT/Documentation/family-mac.png"

render altai-portrait.png topshelf-poster-focused,topshelf-poster-unfocused topshelf
for state in focused unfocused; do
  pngtopnm "$WORK/topshelf/altai-portrait/topshelf-poster-$state-portrait-fill@2x.png" | pnmscale -height 360 \
    > "$WORK/$state.ppm"
done
pnmcat -white -lr "$WORK/focused.ppm" <(ppmmake white 16 360) "$WORK/unfocused.ppm" | pnmtopng -compression 9 \
  > "$ROOT/Documentation/family-topshelf.png"
render pastel-hills-key-art.webp vision-pro-window vision
shrink "$WORK/vision/pastel-hills-key-art/vision-pro-window-landscape-fill@2x.png" 240 \
  "$ROOT/Documentation/family-vision.png"

render forest-path-scope.jpg carplay-high-resolution carplay
shrink "$WORK/carplay/forest-path-scope/carplay-high-resolution-landscape-fill@3x.png" 160 \
  "$ROOT/Documentation/family-carplay.png"

render honeywave-onboarding.heic appstore-preview-886x1920 appstore
shrink "$WORK/appstore/honeywave-onboarding/appstore-preview-886x1920-portrait-fill@1x.png" 360 \
  "$ROOT/Documentation/family-appstore.png"
render evening-glow-landscape.jpg icon-ios,icon-watchos,icon-tvos icon
for slot in icon-ios-portrait-fill@1x icon-watchos-portrait-fill@1x icon-tvos-landscape-fill@2x; do
  pngtopnm "$WORK/icon/evening-glow-landscape/$slot.png" | pnmscale -height 240 > "$WORK/$slot.ppm"
done
pnmcat -white -lr "$WORK/icon-ios-portrait-fill@1x.ppm" <(ppmmake white 16 240) \
  "$WORK/icon-watchos-portrait-fill@1x.ppm" <(ppmmake white 16 240) "$WORK/icon-tvos-landscape-fill@2x.ppm" |
  pnmtopng -compression 9 > "$ROOT/Documentation/family-icon.png"
ls -l "$ROOT"/Documentation/family-*.png

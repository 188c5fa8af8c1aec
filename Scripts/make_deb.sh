#!/usr/bin/env bash
# Builds artfit with the Swift runtime linked in (`--static-swift-stdlib`: a machine without a
# Swift toolchain runs it) and packs it as a Debian package for the release it is built on.
# Its dependencies are the packages owning the shared libraries the binary links, as Debian's
# own dpkg-shlibdeps finds them from the binary. Writes OUT/artfit_VERSION_ARCH.deb and prints
# its path. README, "A release for CI runners".
#   bash Scripts/make_deb.sh [OUT]      (default .build/deb)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=$(realpath -m "${1:-.build/deb}")
swift build -c release --product artfit --static-swift-stdlib --build-path .build/static
binary=$PWD/.build/static/release/artfit
if ldd "$binary" | grep -i swift; then
  echo "make_deb: the binary still links a Swift library (above)" >&2
  exit 1
fi
version=$(sed -n 's/.*static let number = "\(.*\)".*/\1/p' Sources/ArtworkSupport/ArtfitVersion.swift)
architecture=$(dpkg --print-architecture)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# dpkg-shlibdeps reads the binary's NEEDED entries and the shlibs files of the packages that
# own them; it wants a source package's control file beside it.
mkdir -p "$work/debian" "$work/root/DEBIAN" "$work/root/usr/bin"
printf 'Source: artfit\n\nPackage: artfit\nArchitecture: any\n' >"$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O -e"$binary" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "make_deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
install -m 0755 -s "$binary" "$work/root/usr/bin/artfit"
size=$(du -k -s "$work/root/usr" | cut -f1)
. /etc/os-release
cat >"$work/root/DEBIAN/control" <<CONTROL
Package: artfit
Version: $version
Architecture: $architecture
Maintainer: artfit maintainers <artfit@users.noreply.github.com>
Installed-Size: $size
Depends: $depends
Section: graphics
Priority: optional
Description: How artwork is cropped, letterboxed or pillarboxed on Apple screens
 artfit checks a folder of artwork against every iPhone, iPad, Apple TV and video
 aspect ratio and writes previews and crop-loss reports a build gates on. Built for
 ${PRETTY_NAME}; the Swift runtime is linked in.
CONTROL
mkdir -p "$out"
package="$out/artfit_${version}_${architecture}.deb"
dpkg-deb --root-owner-group -Zxz --build "$work/root" "$package" >/dev/null
echo "$package"

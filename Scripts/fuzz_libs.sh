#!/usr/bin/env bash
# Builds libpng, libjpeg-turbo, libwebp, libtiff, libheif and LittleCMS from Debian's sources with libFuzzer coverage and
# AddressSanitizer into .build-fuzz/libs, so the fuzzers see inside the libraries rather than
# stopping at their API. Scripts/fuzz.sh runs this once; it needs deb-src access and cmake.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD/.build-fuzz
prefix=$root/libs
[ -f "$prefix/lib/libpng16.a" ] && [ -f "$prefix/lib/libjpeg.a" ] && [ -f "$prefix/lib/liblcms2.a" ] &&
  [ -f "$prefix/lib/libwebpdemux.a" ] && [ -f "$prefix/lib/libtiff.a" ] && [ -f "$prefix/lib/libheif.a" ] &&
  [ -f "$prefix/lib/pkgconfig/libisal.pc" ] &&
  exit 0

command -v cmake >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q cmake
mkdir -p "$root/src/lists/partial" && cd "$root/src"
cat > sources.list <<LIST
deb-src http://deb.debian.org/debian bookworm main
LIST
apt=(apt-get -q -o Dir::Etc::sourcelist="$root/src/sources.list" -o Dir::Etc::sourceparts=/dev/null
  -o Dir::State::Lists="$root/src/lists")
"${apt[@]}" update >/dev/null
# The upstream tarballs are enough: Debian's patches do not touch the decoders' code paths
# the fuzzers reach, and the orig archives are what every mirror keeps.
"${apt[@]}" source --download-only libpng1.6 libjpeg-turbo lcms2 libwebp tiff libheif 2>/dev/null || true
tar xzf libpng1.6_*.orig.tar.gz
tar xzf libjpeg-turbo_*.orig.tar.gz
tar xf lcms2_*.orig.tar.*
# libwebp and libtiff with Debian's patches: their security fixes (libwebp's CVE-2023-4863 in
# the lossless decoder, libtiff's in its readers) are in the patches, not the orig archives.
command -v dpkg-source >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q dpkg-dev
rm -rf libwebp-src build-webp && dpkg-source -x --no-check libwebp_*.dsc libwebp-src >/dev/null
rm -rf tiff-src build-tiff && dpkg-source -x --no-check tiff_*.dsc tiff-src >/dev/null
rm -rf libheif-src build-heif && dpkg-source -x --no-check libheif_*.dsc libheif-src >/dev/null

flags="-g -O1 -fsanitize=fuzzer-no-link,address"
cmake -S libpng-* -B build-png -DCMAKE_C_COMPILER=clang -DCMAKE_C_FLAGS="$flags" \
  -DPNG_SHARED=OFF -DPNG_TESTS=OFF -DPNG_EXECUTABLES=OFF -DCMAKE_INSTALL_PREFIX="$prefix" \
  -DCMAKE_POSITION_INDEPENDENT_CODE=ON >/dev/null
cmake --build build-png -j2 --target install >/dev/null
cmake -S libjpeg-turbo-* -B build-jpeg -DCMAKE_C_COMPILER=clang -DCMAKE_C_FLAGS="$flags" \
  -DENABLE_SHARED=OFF -DWITH_SIMD=OFF -DWITH_TURBOJPEG=OFF -DCMAKE_INSTALL_PREFIX="$prefix" \
  -DCMAKE_INSTALL_LIBDIR="$prefix/lib" -DCMAKE_POSITION_INDEPENDENT_CODE=ON >/dev/null
cmake --build build-jpeg -j2 --target install >/dev/null
(cd lcms2-*/ && ./configure -q CC=clang CFLAGS="$flags" --disable-shared --with-pic --prefix="$prefix" &&
  make -j2 install >/dev/null)
cmake -S libwebp-src -B build-webp -DCMAKE_C_COMPILER=clang -DCMAKE_C_FLAGS="$flags" \
  -DBUILD_SHARED_LIBS=OFF -DWEBP_BUILD_ANIM_UTILS=OFF -DWEBP_BUILD_CWEBP=OFF -DWEBP_BUILD_DWEBP=OFF \
  -DWEBP_BUILD_GIF2WEBP=OFF -DWEBP_BUILD_IMG2WEBP=OFF -DWEBP_BUILD_VWEBP=OFF -DWEBP_BUILD_WEBPINFO=OFF \
  -DWEBP_BUILD_WEBPMUX=OFF -DWEBP_BUILD_EXTRAS=OFF -DCMAKE_INSTALL_PREFIX="$prefix" \
  -DCMAKE_INSTALL_LIBDIR="$prefix/lib" -DCMAKE_POSITION_INDEPENDENT_CODE=ON >/dev/null
cmake --build build-webp -j2 --target install >/dev/null
cmake -S tiff-src -B build-tiff -DCMAKE_C_COMPILER=clang -DCMAKE_C_FLAGS="$flags" -DBUILD_SHARED_LIBS=OFF \
  -Dtiff-tools=OFF -Dtiff-tests=OFF -Dtiff-contrib=OFF -Dtiff-docs=OFF -Dcxx=OFF -Dzstd=OFF -Dwebp=OFF -Dlzma=OFF \
  -Djbig=OFF -Dlerc=OFF -Dlibdeflate=OFF -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR="$prefix/lib" \
  -DCMAKE_POSITION_INDEPENDENT_CODE=ON >/dev/null
cmake --build build-tiff -j2 --target install >/dev/null
# libheif (C++) with its decoders only, linked to the system's libde265 and dav1d (the codecs
# stay uninstrumented: the fuzzer's target is libheif's box parsing and image assembly). Its
# .pc is written here: a static libheif needs the codecs and the C++ runtime named.
command -v c++ >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q g++
cmake -S libheif-src -B build-heif -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_FLAGS="$flags" \
  -DCMAKE_CXX_FLAGS="$flags" -DBUILD_SHARED_LIBS=OFF -DENABLE_PLUGIN_LOADING=OFF -DWITH_EXAMPLES=OFF \
  -DWITH_LIBDE265=ON -DWITH_DAV1D=ON -DWITH_AOM_DECODER=OFF -DWITH_AOM_ENCODER=OFF -DWITH_X265=OFF \
  -DWITH_RAV1E=OFF -DWITH_SvtEnc=OFF -DWITH_JPEG_DECODER=OFF -DWITH_JPEG_ENCODER=OFF -DBUILD_TESTING=OFF \
  -DWITH_FUZZERS=OFF -DWITH_GDK_PIXBUF=OFF -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR="$prefix/lib" \
  -DCMAKE_POSITION_INDEPENDENT_CODE=ON >/dev/null
cmake --build build-heif -j2 --target install >/dev/null
printf 'Name: libheif\nDescription: HEIF\nVersion: 1.15\nLibs: -L%s/lib -lheif -lde265 -ldav1d -lstdc++\nCflags: -I%s/include\n' \
  "$prefix" "$prefix" >"$prefix/lib/pkgconfig/libheif.pc"
# SwiftPM reads .pc files itself and keeps their system -L (/usr/lib/x86_64-linux-gnu): placed
# before this prefix's, it would make every -l above find the system's shared, uninstrumented
# copy. These two have nothing in the prefix, so their copies here name no folder.
printf 'Name: libxxhash\nDescription: xxHash\nVersion: 0.8\nLibs: -lxxhash\nCflags:\n' \
  >"$prefix/lib/pkgconfig/libxxhash.pc"
printf 'Name: libisal\nDescription: ISA-L\nVersion: 2.30\nLibs: -lisal\nCflags:\n' >"$prefix/lib/pkgconfig/libisal.pc"
ls "$prefix/lib"/*.a

#!/usr/bin/env bash
# Builds the libFuzzer targets with AddressSanitizer and runs each for SECONDS (default 600).
#
#   Scripts/fuzz.sh [SECONDS] [TARGET ...]     targets: fuzz-png fuzz-jpeg fuzz-webp fuzz-tiff fuzz-heif fuzz-netpbm
#                                              fuzz-svg fuzz-pdf fuzz-manifest fuzz-profile fuzz-png-encode fuzz-names
#                                              fuzz-gain-map
#
# The committed seeds (Fuzz/corpus/<kind>) are copied into a working corpus under
# .build-fuzz/corpus, which grows across runs. A crash stops its target, is copied to
# Fuzz/findings/ and makes the script exit 1; minimise it, fix the cause, and move it to
# Fuzz/regressions/ (with the magic bytes the harness prepends) so `swift test` keeps it fixed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz-png fuzz-jpeg fuzz-webp fuzz-tiff fuzz-heif fuzz-netpbm fuzz-svg fuzz-pdf fuzz-manifest fuzz-profile fuzz-names
  fuzz-png-encode fuzz-gain-map)

# libpng, libjpeg-turbo, libwebp, libtiff, libheif and LittleCMS instrumented too (static, in .build-fuzz/libs), found through
# pkg-config ahead of the system's copies. librsvg, poppler and cairo are Debian's own builds:
# their fuzzing reaches them through the shim, under AddressSanitizer, without coverage inside.
Scripts/fuzz_libs.sh
export PKG_CONFIG_PATH=$PWD/.build-fuzz/libs/lib/pkgconfig
for target in "${targets[@]}"; do
  ARTFIT_FUZZ=1 swift build --sanitize=fuzzer --sanitize=address --build-path .build-fuzz/swift \
    --product "$target" -Xlinker -lz -Xlinker -lstdc++ 2>&1 | grep -E "error|Compiling|Linking" || true
done

status=0
mkdir -p Fuzz/findings
for target in "${targets[@]}"; do
  kind=${target#fuzz-}
  corpus=.build-fuzz/corpus/$kind
  mkdir -p "$corpus"
  cp -n Fuzz/corpus/"$kind"/* "$corpus"/
  log=.build-fuzz/$target.log
  echo "== $target for ${seconds}s (log: $log)"
  # rss_limit: the harness caps images at 2^22 pixels, so more memory than this is a leak or a
  # limit that does not hold. -timeout: a single input taking longer than 10 s is a hang.
  # Profiles with colour tables run to tens of kilobytes (alone, or in a CMYK JPEG).
  max_len=65536
  [ "$kind" = profile ] || [ "$kind" = jpeg ] && max_len=131072
  if ! LSAN_OPTIONS=suppressions=$PWD/Fuzz/lsan-suppressions.txt .build-fuzz/swift/debug/"$target" "$corpus" -max_total_time="$seconds" -max_len=$max_len \
      -rss_limit_mb=1024 -timeout=10 -print_final_stats=1 -artifact_prefix=Fuzz/findings/"$kind"- \
      >"$log" 2>&1; then
    status=1
    echo "   CRASH: see $log and Fuzz/findings/"
  fi
  grep -E "^#[0-9]+.*(DONE|pulse)" "$log" | tail -1 || true
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb|stat::new_units_added" "$log" || true
  echo "   corpus: $(ls "$corpus" | wc -l) inputs"
done
exit $status

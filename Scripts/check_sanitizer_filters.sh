#!/usr/bin/env bash
# Shows that the sanitizer runs, filtered as .ci/run makes them (Scripts/sanitizer_run.sh),
# still catch what they are there for: a heap overflow planted in a C reader (the PNG
# reader's rows, behind ARTFIT_PLANT_HEAP_OVERFLOW) under AddressSanitizer, and a data race
# planted in ThreadWork (behind ARTFIT_PLANT_RACE) under ThreadSanitizer. Each run must fail,
# naming the planted fault. On demand, not in CI: two instrumented builds of their own
# (.build-asan-planted, .build-tsan-planted), about 15 minutes on two cores.
#   bash Scripts/check_sanitizer_filters.sh
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
logs=$(mktemp -d)
failed=0

# expect NAME LOG PATTERN...: the run failed and its output holds every pattern.
expect() {
  local name=$1 status=$2 log=$3 pattern
  shift 3
  if [ "$status" -eq 0 ]; then
    echo "sanitizer filters: the $name run passed with its fault planted"
    failed=1
    return
  fi
  for pattern in "$@"; do
    if ! grep -q "$pattern" "$log"; then
      echo "sanitizer filters: the $name run failed, but its output does not say '$pattern' (see $log)"
      failed=1
      return
    fi
  done
  echo "sanitizer filters: the $name run caught its planted fault ($*)"
}

BUILD_PATH=.build-asan-planted ASAN_OPTIONS=halt_on_error=1 \
  bash Scripts/sanitizer_run.sh address -Xcc -DARTFIT_PLANT_HEAP_OVERFLOW >"$logs/address.log" 2>&1
expect address $? "$logs/address.log" "heap-buffer-overflow" "cimageio_png_read.c"

# The reports go to files of the run's own (sanitizer_run.sh prints them when it fails). TSan
# calls a race on Swift's instrumented accesses a "Swift access race", on C's a "data race".
BUILD_PATH=.build-tsan-planted TSAN_OPTIONS=halt_on_error=1 \
  bash Scripts/sanitizer_run.sh thread -Xswiftc -DARTFIT_PLANT_RACE >"$logs/thread.log" 2>&1
expect thread $? "$logs/thread.log" "ThreadSanitizer: .*race" "ThreadWork.swift"

[ "$failed" -eq 0 ] && rm -rf "$logs"
exit "$failed"

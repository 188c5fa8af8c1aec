#!/usr/bin/env bash
# Side-by-side benchmark of artfit against libvips (pyvips), Pillow and OpenCV, in one run.
#
#   bash Benchmarks/compare.sh [resize|render|single|batch|vector|encode|check|all] [IMAGE_FOLDER]
#
# resize: one 5K JPEG (decoded once, not timed) to the 30 iPhone/iPad/video canvases of
#         Benchmarks/targets.json, fill and fit, Lanczos3 (OpenCV: Lanczos4), at 1 thread and at
#         all cores; median per operation, summed; PSNR against a float64 Lanczos3 reference.
# render: artfit render over the folder (default: the corpus from make_corpus.sh) with the
#         default targets at its default PNG effort, then pyvips and Pillow writing the same
#         previews (same canvases and placements, no overlays) in one process at zlib level 3;
#         wall time, peak memory, bytes written.
# single: one artwork from a cold process, 5K JPEG (progressive, and a baseline copy; or
#         SINGLE_IMAGE) to a 1170x2532 fill: `artfit render` (reports, crop map and thumbnail
#         included) with the default options and with --no-cache, against libvips' thumbnail
#         pipeline warm in its process and as a first call (peers.py); median of 9 alternating.
# batch:  13 held-out wallpapers (make_corpus.sh batch) to 6 canvases, fit and fill: artfit's
#         first run with the default options and with --no-cache against libvips writing the
#         same previews; then reruns unchanged and after touching every input. BATCH=folder
#         runs another one, e.g. the same wallpapers as WebP and TIFF (make_corpus.sh formats).
# vector: 10 SVG wallpapers (make_corpus.sh svg) to the batch's 6 canvases, fit and fill:
#         artfit (default options and --no-cache) against libvips' thumbnail from the file
#         for each output, so each is drawn at its own scale (peers.py vector); median of 3.
# encode: artfit's PNG writer at each --png-level 0...9 on a portrait iPhone preview of each
#         corpus image (no overlays), against libpng's adaptive filters with zlib at the same
#         level (artfit-bench encode); one pass each, on ~95 MB of rows.
# check:  the build gate: `artfit check` of 1,000 hard links of one 5K PNG (headers only) with
#         --targets iphone,ipad, 7 alternating runs of BEFORE=/path/to/an/earlier/artfit (when
#         given) and this build: median wall, cpu and peak, and the bytes each writes; then
#         Benchmarks/scale.py at 5,000 and 50,000 tiny artworks (peak at 50k over peak at 5k).
#         Needs no peer: run it alone with `compare.sh check`.
# Peers live in a virtual environment ($VENV, default /tmp/artfit-bench-venv) from PyPI.
# RENDER_PEERS="pyvips" limits the render peers (Pillow takes about 12 minutes on 2 cores).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$HERE")"
WHAT="${1:-all}"
VENV="${VENV:-/tmp/artfit-bench-venv}"
WORK="${WORK:-/tmp/artfit-bench}"
PY="$VENV/bin/python"

if [ "$WHAT" = check ]; then
  (cd "$ROOT" && swift build -c release --product artfit) >&2
  ARTFIT="${ARTFIT:-$ROOT/.build/release/artfit}"
  HEADERS="${HEADERS:-/tmp/artfit-check-1000}"
  SOURCE="${CHECK_IMAGE:-/tmp/artfit-bench-batch/altai-5120x2880.png}"
  [ -f "$SOURCE" ] || { echo "no 5K PNG at $SOURCE (make_corpus.sh batch, or CHECK_IMAGE=...)" >&2; exit 2; }
  if [ ! -d "$HEADERS" ]; then
    mkdir -p "$HEADERS"
    for i in $(seq -w 1 1000); do ln "$SOURCE" "$HEADERS/a$i.png"; done
  fi
  echo "## check: 1,000 5K PNG headers, --targets iphone,ipad (median of 7 alternating runs)"
  printf '| build | wall (s) | cpu (s) | peak (MB) | bytes written |\n|---|---:|---:|---:|---:|\n'
  declare -A WALLS CPUS PEAKS BYTES
  BUILDS=("$ARTFIT")
  [ -n "${BEFORE:-}" ] && BUILDS=("$BEFORE" "$ARTFIT")
  for round in 1 2 3 4 5 6 7; do
    for build in "${BUILDS[@]}"; do
      rm -rf "$WORK/check-out"
      read -r wall cpu peak < <(/usr/bin/time -f "%e %U %S %M" "$build" check "$HEADERS" --targets iphone,ipad \
        --out "$WORK/check-out" --quiet 2>&1 >/dev/null | tail -1 | awk '{printf "%s %.2f %.0f\n", $1, $2 + $3, $4 / 1024}')
      WALLS[$build]+="$wall "
      CPUS[$build]+="$cpu "
      PEAKS[$build]+="$peak "
      BYTES[$build]=$(du -sb "$WORK/check-out" | cut -f1)
    done
  done
  median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
  for build in "${BUILDS[@]}"; do
    printf '| %s | %s | %s | %s | %s |\n' "$build" "$(echo "${WALLS[$build]}" | median)" \
      "$(echo "${CPUS[$build]}" | median)" "$(echo "${PEAKS[$build]}" | median)" "${BYTES[$build]}"
  done
  echo
  ARTFIT="$ARTFIT" python3 "$HERE/scale.py" 5000 50000
  exit 0
fi

# Peers, pinned.
[ -x "$PY" ] || python3 -m venv "$VENV"
"$VENV/bin/pip" install -q --disable-pip-version-check pyvips==3.2.0 pyvips-binary==8.18.7 \
  pillow==13.0.0 opencv-python-headless==5.0.0.93 numpy==2.4.6
CORPUS="${2:-/tmp/artfit-bench-corpus}"
[ -d "$CORPUS" ] || CORPUS="$CORPUS" bash "$HERE/make_corpus.sh"
IMAGE=/tmp/artfit-bench-volna-5120x2880.jpg
[ -f "$IMAGE" ] || bash "$HERE/make_corpus.sh"

(cd "$ROOT" && swift build -c release --product artfit && swift build -c release --product artfit-bench) >&2
# ARTFIT=/path/to/an/earlier/build/artfit times that build instead (a before/after pair).
ARTFIT="${ARTFIT:-$ROOT/.build/release/artfit}"
BENCH="$ROOT/.build/release/artfit-bench"
CORES=$(nproc)
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); commit $(git -C "$ROOT" rev-parse --short HEAD)"
"$PY" -c "import pyvips, PIL, cv2; print(f'libvips {pyvips.version(0)}.{pyvips.version(1)}.{pyvips.version(2)} (pyvips {pyvips.__version__}), Pillow {PIL.__version__}, OpenCV {cv2.__version__}')"

if [ "$WHAT" = resize ] || [ "$WHAT" = all ]; then
  rm -rf "$WORK/resize" && mkdir -p "$WORK/resize"
  echo
  echo "## resize: $(basename "$IMAGE") to $(python3 -c "import json;print(len(json.load(open('$HERE/targets.json'))))") canvases x fill,fit"
  printf '| tool | threads | sum of medians (ms) | artfit / tool | PSNR mean (dB) | PSNR min (dB) |\n|---|---:|---:|---:|---:|---:|\n'
  declare -A TOTAL
  for threads in 1 "$CORES"; do
    out="$WORK/resize/artfit-$threads"
    ms=$("$BENCH" resize "$IMAGE" --targets "$HERE/targets.json" --threads "$threads" --reps 3 --out "$out" --png-level 1 \
      | tail -1 | sed -E 's/.*resize ([0-9.]+) ms.*/\1/')
    TOTAL["artfit-$threads"]=$ms
    for tool in pyvips pillow opencv; do
      [ "$tool" = pillow ] && [ "$threads" != 1 ] && continue   # Pillow's resize is single-threaded
      json=$("$PY" "$HERE/peers.py" resize --tool "$tool" --image "$IMAGE" --targets "$HERE/targets.json" \
        --threads "$threads" --reps 3 --out "$WORK/resize/$tool-$threads")
      TOTAL["$tool-$threads"]=$(echo "$json" | "$PY" -c "import json,sys;print(round(json.load(sys.stdin)['total_ms'],1))")
    done
  done
  for threads in 1 "$CORES"; do
    for tool in artfit pyvips pillow opencv; do
      key="$tool-$threads"
      [ -n "${TOTAL[$key]:-}" ] || continue
      q=$("$PY" "$HERE/quality.py" --image "$IMAGE" --targets "$HERE/targets.json" "$WORK/resize/$key")
      mean=$(echo "$q" | "$PY" -c "import json,sys;print(json.load(sys.stdin)['psnr_mean'])")
      low=$(echo "$q" | "$PY" -c "import json,sys;print(json.load(sys.stdin)['psnr_min'])")
      ratio=$("$PY" -c "print(round(${TOTAL[artfit-$threads]} / ${TOTAL[$key]}, 2))")
      echo "| $tool | $threads | ${TOTAL[$key]} | $ratio | $mean | $low |"
    done
  done
  pillow1=${TOTAL[pillow-1]}
  echo "artfit all cores vs Pillow (single-threaded): $("$PY" -c "print(round($pillow1 / ${TOTAL[artfit-$CORES]}, 2))")x faster; artfit 1 thread vs Pillow: $("$PY" -c "print(round($pillow1 / ${TOTAL[artfit-1]}, 2))")x faster"
fi

if [ "$WHAT" = render ] || [ "$WHAT" = all ]; then
  rm -rf "$WORK/render" && mkdir -p "$WORK/render"
  echo
  echo "## render: $(ls "$CORPUS" | wc -l) images in $CORPUS, default targets; artfit's default PNG effort, peers at zlib level 3"
  printf '| tool | wall s | peak MB | outputs | MB written | artfit / tool |\n|---|---:|---:|---:|---:|---:|\n'
  /usr/bin/time -f "%e %M" -o "$WORK/render/artfit.time" env ARTFIT_TIMINGS=1 "$ARTFIT" render "$CORPUS" \
    --out "$WORK/render/artfit" --no-cache --json > "$WORK/render/plan.json" 2> "$WORK/render/artfit.log"
  read -r a_s a_kb < "$WORK/render/artfit.time"
  a_out=$(grep -oE '[0-9]+ previews written' "$WORK/render/artfit.log" | cut -d' ' -f1)
  a_bytes=$(du -sb --exclude=thumbs "$WORK/render/artfit" | cut -f1)
  echo "| artfit | $a_s | $((a_kb / 1024)) | $a_out | $((a_bytes / 1000000)) | 1.00 |"
  for tool in ${RENDER_PEERS:-pyvips pillow}; do
    mkdir -p "$WORK/render/$tool"
    /usr/bin/time -f "%e %M" -o "$WORK/render/$tool.time" "$PY" "$HERE/peers.py" render --tool "$tool" \
      --plan "$WORK/render/plan.json" --out "$WORK/render/$tool" --level 3 > "$WORK/render/$tool.json"
    read -r s kb < "$WORK/render/$tool.time"
    n=$("$PY" -c "import json;print(json.load(open('$WORK/render/$tool.json'))['outputs'])")
    b=$("$PY" -c "import json;print(json.load(open('$WORK/render/$tool.json'))['bytes'])")
    echo "| $tool | $s | $((kb / 1024)) | $n | $((b / 1000000)) | $("$PY" -c "print(round($a_s / $s, 2))") |"
  done
  echo
  echo "artfit's stages (seconds of work summed over threads):"
  grep '^stages:' "$WORK/render/artfit.log"
fi

if [ "$WHAT" = single ] || [ "$WHAT" = all ]; then
  rm -rf "$WORK/single" && mkdir -p "$WORK/single"
  BASELINE=/tmp/artfit-bench-volna-baseline.jpg
  [ -f "$BASELINE" ] || "$PY" -c "import pyvips; pyvips.Image.new_from_file('$IMAGE').jpegsave('$BASELINE', Q=92)"
  SOURCES=("$IMAGE" "$BASELINE")
  [ -n "${SINGLE_IMAGE:-}" ] && SOURCES=("$SINGLE_IMAGE")
  echo
  echo "## single: one artwork, cold process, to a 1170x2532 fill (iPhone 13, portrait); median of ${SINGLE_RUNS:-9} alternating runs"
  echo "artfit from a fresh --out each run, with the default options (the render cache on) and with --no-cache; libvips' thumbnail pipeline warm (peers.py thumbnail-warm: after a warm-up call, its operation cache off) and as the first call of a process"
  printf '| source | artfit default s | artfit --no-cache s | libvips warm s | libvips first call s | default / warm | --no-cache / warm |\n|---|---:|---:|---:|---:|---:|---:|\n'
  for source in "${SOURCES[@]}"; do
    d=() n=() w=() p=()
    for run in $(seq "${SINGLE_RUNS:-9}"); do
      order=(default no-cache); [ $((run % 2)) = 0 ] && order=(no-cache default)  # neither always first
      for cache in "${order[@]}"; do
        rm -rf "$WORK/single/artfit"
        flag=(); [ "$cache" = no-cache ] && flag=(--no-cache)
        /usr/bin/time -f "%e" -o "$WORK/single/a.time" "$ARTFIT" render "$source" --targets "iPhone 13" \
          --orientations portrait --modes fill --out "$WORK/single/artfit" --quiet "${flag[@]}"
        if [ "$cache" = default ]; then d+=("$(cat "$WORK/single/a.time")"); else n+=("$(cat "$WORK/single/a.time")"); fi
      done
      "$PY" "$HERE/peers.py" thumbnail-warm --image "$source" --width 1170 --height 2532 --out "$WORK/single/vips.png" \
        --level 3 --reps 1 > "$WORK/single/w.json"
      w+=("$("$PY" -c "import json;print(round(json.load(open('$WORK/single/w.json'))['median_ms'] / 1000, 3))")")
      "$PY" "$HERE/peers.py" thumbnail --image "$source" --width 1170 --height 2532 --out "$WORK/single/vips.png" \
        --level 3 > "$WORK/single/v.json"
      p+=("$("$PY" -c "import json;print(round(json.load(open('$WORK/single/v.json'))['pipeline_ms'] / 1000, 3))")")
    done
    read -r dm nm wm pm < <("$PY" -c "import statistics as s,sys;print(*(s.median(map(float,x.split())) for x in sys.argv[1:]))" "${d[*]}" "${n[*]}" "${w[*]}" "${p[*]}")
    kind=$(file -b "$source" | grep -o -E 'baseline|progressive')
    echo "| $(basename "$source") ($kind) | $dm | $nm | $wm | $pm | $("$PY" -c "print(round($dm / $wm, 2))") | $("$PY" -c "print(round($nm / $wm, 2))") |"
  done
fi

if [ "$WHAT" = batch ] || [ "$WHAT" = all ]; then
  # A hand-off batch: 13 held-out wallpapers (none of them in the render corpus) to 6 canvases,
  # fit and fill, as a user runs it (the default options, the render cache on) and with
  # --no-cache, against libvips writing the same previews; then reruns of the unchanged folder
  # and after `touch` of every input, which must rewrite no preview.
  BATCH="${BATCH:-/tmp/artfit-bench-batch}"
  [ -d "$BATCH" ] || BATCH="$BATCH" bash "$HERE/make_corpus.sh" batch
  CANVASES="1170x2532,2532x1170,2048x2732,2732x2048,1920x1080,3840x2160"
  rm -rf "$WORK/batch" && mkdir -p "$WORK/batch"
  echo
  echo "## batch: $(ls "$BATCH" | wc -l) images ($(du -sm "$BATCH" | cut -f1) MB) in $BATCH to $CANVASES, fit and fill"
  printf '| run | wall s | peak MB | MB written | artfit / libvips |\n|---|---:|---:|---:|---:|\n'
  timed() { /usr/bin/time -f "%e %M" -o "$WORK/batch/time" "$@"; read -r secs kb < "$WORK/batch/time"; }
  timed "$ARTFIT" render "$BATCH" --targets "$CANVASES" --modes fill,fit --out "$WORK/batch/plan" --no-cache --json \
    > "$WORK/batch/plan.json" 2> /dev/null
  sync
  timed "$PY" "$HERE/peers.py" render --tool pyvips --plan "$WORK/batch/plan.json" --out "$WORK/batch/pyvips" --level 3 \
    > "$WORK/batch/pyvips.json"
  v_s=$secs
  v_b=$("$PY" -c "import json;print(json.load(open('$WORK/batch/pyvips.json'))['bytes'] // 1000000)")
  # Alternating, each after a sync: the dirty pages of the run before (libvips writes 800 MB)
  # would otherwise be written back during the next.
  declare -A WALL PEAK
  for rep in $(seq "${BATCH_RUNS:-3}"); do
    for cache in default no-cache; do
      flag=(); [ "$cache" = no-cache ] && flag=(--no-cache)
      rm -rf "$WORK/batch/$cache"
      sync
      timed "$ARTFIT" render "$BATCH" --targets "$CANVASES" --modes fill,fit --out "$WORK/batch/$cache" --quiet "${flag[@]}"
      WALL[$cache]="${WALL[$cache]:-} $secs"
      PEAK[$cache]="${PEAK[$cache]:-} $kb"
    done
  done
  for cache in default no-cache; do
    read -r secs kb < <("$PY" -c "import statistics as s,sys;print(*(s.median(map(float,x.split())) for x in sys.argv[1:]))" "${WALL[$cache]}" "${PEAK[$cache]}")
    bytes=$(du -sb --exclude=thumbs --exclude=.artfit-cache.json "$WORK/batch/$cache" | cut -f1)
    echo "| artfit $cache, first run (median of ${BATCH_RUNS:-3}) | $secs | $(("${kb%.*}" / 1024)) | $((bytes / 1000000)) | $("$PY" -c "print(round($secs / $v_s, 3))") |"
  done
  echo "| libvips (pyvips), the same previews, decode once, level 3 | $v_s | | $v_b | 1.000 |"
  inodes() { find "$WORK/batch/default" -name '*.png' -printf '%i %P\n' | sort; }
  inodes > "$WORK/batch/inodes.before"
  for rerun in unchanged touched; do
    times=()
    for run in $(seq "${RERUNS:-7}"); do
      [ "$rerun" = touched ] && touch "$BATCH"/*
      timed "$ARTFIT" render "$BATCH" --targets "$CANVASES" --modes fill,fit --out "$WORK/batch/default" --quiet
      times+=("$secs")
    done
    median=$("$PY" -c "import statistics,sys;print(statistics.median(map(float,sys.argv[1:])))" "${times[@]}")
    inodes > "$WORK/batch/inodes.after"
    same=$(cmp -s "$WORK/batch/inodes.before" "$WORK/batch/inodes.after" && echo "no preview rewritten" || echo "PREVIEWS REWRITTEN")
    echo "| artfit rerun, $rerun (median of ${RERUNS:-7}; $same) | $median | | | |"
  done
fi

if [ "$WHAT" = vector ] || [ "$WHAT" = all ]; then
  # SVG artwork (make_corpus.sh svg) to the batch's 6 canvases, fit and fill: artfit drawing
  # each output at its own pixels, with the default options and --no-cache, against libvips
  # drawing each output from the file at its own scale (peers.py vector), in one run.
  SVG_BATCH="${SVG_BATCH:-/tmp/artfit-bench-svg}"
  [ -d "$SVG_BATCH" ] || SVG_BATCH="$SVG_BATCH" bash "$HERE/make_corpus.sh" svg
  CANVASES="1170x2532,2532x1170,2048x2732,2732x2048,1920x1080,3840x2160"
  rm -rf "$WORK/vector" && mkdir -p "$WORK/vector"
  echo
  echo "## vector: $(ls "$SVG_BATCH" | wc -l) SVGs ($(du -sk "$SVG_BATCH" | cut -f1) KB) to $CANVASES, fit and fill"
  printf '| run | wall s | peak MB | artfit / libvips |\n|---|---:|---:|---:|\n'
  vtimed() { /usr/bin/time -f "%e %M" -o "$WORK/vector/time" "$@"; read -r secs kb < "$WORK/vector/time"; }
  vtimed "$ARTFIT" render "$SVG_BATCH" --targets "$CANVASES" --modes fill,fit --out "$WORK/vector/plan" --no-cache \
    --json > "$WORK/vector/plan.json" 2> /dev/null
  declare -A VWALL VPEAK
  for rep in $(seq "${VECTOR_RUNS:-3}"); do
    sync
    vtimed "$PY" "$HERE/peers.py" vector --plan "$WORK/vector/plan.json" --out "$WORK/vector/pyvips" --level 3 \
      > /dev/null
    VWALL[libvips]="${VWALL[libvips]:-} $secs"
    for cache in default no-cache; do
      flag=(); [ "$cache" = no-cache ] && flag=(--no-cache)
      rm -rf "$WORK/vector/$cache"
      sync
      vtimed "$ARTFIT" render "$SVG_BATCH" --targets "$CANVASES" --modes fill,fit --out "$WORK/vector/$cache" \
        --quiet "${flag[@]}"
      VWALL[$cache]="${VWALL[$cache]:-} $secs"
      VPEAK[$cache]=$kb
    done
  done
  median() { "$PY" -c "import statistics,sys;print(statistics.median(map(float,sys.argv[1].split())))" "$1"; }
  v_s=$(median "${VWALL[libvips]}")
  for cache in default no-cache; do
    secs=$(median "${VWALL[$cache]}")
    echo "| artfit $cache (median of ${VECTOR_RUNS:-3}) | $secs | $((VPEAK[$cache] / 1024)) | $("$PY" -c "print(round($secs / $v_s, 3))") |"
  done
  echo "| libvips (pyvips) thumbnail from the file per output, level 3 (median of ${VECTOR_RUNS:-3}) | $v_s | | 1.000 |"
fi

if [ "$WHAT" = encode ] || [ "$WHAT" = all ]; then
  rm -rf "$WORK/encode" && mkdir -p "$WORK/encode/previews"
  # Previews without overlays (photographic rows): one iPhone canvas per artwork, ~95 MB of
  # rows, so zlib's and libdeflate's slowest levels take a minute or two, not half an hour.
  "$ARTFIT" render "$CORPUS" --targets "iPhone 16 Pro" --orientations portrait --modes fill --overlays none \
    --out "$WORK/encode/render" --no-cache --quiet
  for preview in "$WORK"/encode/render/*/iphone-*.png; do
    cp "$preview" "$WORK/encode/previews/$(basename "$(dirname "$preview")")-$(basename "$preview")"
  done
  echo
  echo "## encode: artfit's PNG writer per --png-level against libpng + zlib at the same level"
  "$BENCH" encode "$WORK/encode/previews" --reps 1 --threads "$CORES"
fi

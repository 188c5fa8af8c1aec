#!/usr/bin/env bash
# One sanitizer run as .ci/run makes it (README, "Sanitizers"):
#   bash Scripts/sanitizer_run.sh address|thread [--build-only] [swift build flags...]
# builds the tests with the sanitizer into .build-asan or .build-tsan (BUILD_PATH overrides),
# then runs the suites its filter keeps. Extra flags go to the build and the run alike
# (Scripts/check_sanitizer_filters.sh plants faults with them).
#
# Both runs build optimised, as the sanitizers' own documentation advises: the instrumented
# code is the same, and a debug build under a sanitizer spends its time in unoptimised pixel
# loops that find nothing more. They build in the release configuration (whole-module
# optimisation, with testing enabled for the suites' @testable imports), which builds in about
# 7.5 minutes where -O file by file took 10.5; C at -O1.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
sanitizer=${1:?address or thread}
shift
build_only=false
if [ "${1:-}" = --build-only ]; then
  build_only=true
  shift
fi

case "$sanitizer" in
  address)
    build_path=${BUILD_PATH:-.build-asan}
    export LSAN_OPTIONS="suppressions=$PWD/Tests/Sanitizers/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
    # AddressSanitizer runs every suite: it is the cheaper of the two, and the one sanitizer
    # run that the suites the thread run leaves (below) keep.
    skips=()
    ;;
  thread)
    build_path=${BUILD_PATH:-.build-tsan}
    export TSAN_OPTIONS="suppressions=$PWD/Tests/Sanitizers/tsan.supp${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
    # ThreadSanitizer keeps every C reader (Codec, Colour, the fuzz regressions), every
    # concurrent path (ThreadWork, the PNG writer's bands, the resampler's and the HDR
    # rendition's rows, region decodes, the renderer, report streams, the asset catalog) and
    # the command-line suites whose subject is threads, signals or damaged input through the
    # binary's batch (Interrupt, Conformance, Hostile files and corpus, bad input, output
    # safety, incremental renders, assets). It leaves, to the address run alone:
    skips=(
      # pure Swift geometry and catalogs: no thread, no C;
      'ArtworkTests\.(Slow/)?(FitSolverTests|IconMaskTests|SafeEverywhereTests|ScreenRegionTests|SourceCoverageTests|TemplateTests|WindowRangeSolverTests)/'
      'ArtworkTests\.(Slow/)?(CatalogTests|FamilyTraitsTests|PortraitTurnTests|TargetSelectionTests)/'
      # report formatting (the report stream, which threads write, stays);
      'ArtworkTests\.(Slow/)?(BaselineIdentityTests|BaselineTests|FocusEditorTests|NameSafetyTests|OutcomeTests|ReportWritersTests|TemplateSVGTests|UserCatalogTests|VerdictTests)/'
      # the command line's words, numbers, exit statuses and report choices: the same batch
      # and readers as the suites kept, with arguments and report text as their subject;
      'ArtfitTests\.(CompletionsTests|ParsedArgumentsTests|NumberArgumentsTests|GateWordsTests|UsageEdgesTests|ExitStatusTests|ExcludeWordsTests|DiagnosticsTests|ManifestKeyWarningTests|HostileNamesTests)/'
      'ArtfitTests\.(Slow/)?(ReportChoiceTests|ReportVersionTests|MergeSetTests|ShardOptionsTests|ShardTests|ShardRecipeTests|BaselineCLITests|BaselineCommandTests|DiscoveryTests)/'
      # devices, fit, template and catalogs: geometry through the command line;
      'ArtfitTests\.(Slow/)?(DevicesCommandTests|FitCommandTests|FitSeveralTargetsTests|FamilyFitTests|ScreenShapeCLITests|TemplateCommandTests|UserCatalogCLITests|AppearanceTests)/'
      # features whose pixels the library suites above draw under this sanitizer in process
      # (image stacks, icons, trimmed bars, auto focus, vectors, gain maps, HDR highlights);
      'ArtfitTests\.(Slow/)?(ImageStackCLITests|IconSlotCLITests|TrimBarsTests|AutoFocusCLITests|VectorRenderTests|GainMapCarryTests|HDRHighlightsCLITests|AssetOwnershipTests)/'
      # the cache's truth for every option: its renders' threads are the renderer's, kept
      # above, and its concurrency is between processes, which ThreadSanitizer does not see.
      'ArtfitTests\.Slow/CacheTruthTests/'
    )
    ;;
  *)
    echo "sanitizer_run.sh: address or thread, not '$sanitizer'" >&2
    exit 2
    ;;
esac

flags=(-c release --sanitize="$sanitizer" --build-path "$build_path" -Xswiftc -enable-testing -Xcc -O1 "$@")
# The suites' product by name (it brings the artfit binary the command-line suites run):
# `--build-tests` would also build the library again as the command plugin's host tool.
swift build --product artfitPackageTests "${flags[@]}"
$build_only && exit 0
# The runs below take that build as it is (--skip-build): in the release configuration
# `swift test` adds a testing flag of its own, and would build everything again.
# Each filter must still name a test: a suite renamed would otherwise return to the run
# unnoticed, or a pattern mistyped leave nothing out.
tests=$(swift test list --skip-build "${flags[@]}" 2>/dev/null)
arguments=()
for skip in "${skips[@]}"; do
  grep -Eq "$skip" <<<"$tests" || { echo "sanitizer_run.sh: the filter '$skip' names no test" >&2; exit 1; }
  arguments+=(--skip "$skip")
done
if [ "$sanitizer" = thread ]; then
  # TSan's reports go to files, printed last when the run fails so the log's tail shows them.
  reports=$(mktemp -d)
  export TSAN_OPTIONS="$TSAN_OPTIONS:log_path=$reports/report"
  if ! swift test --skip-build "${flags[@]}" "${arguments[@]}"; then
    cat "$reports"/report.* 2>/dev/null || true
    exit 1
  fi
  rm -rf "$reports"
else
  swift test --skip-build "${flags[@]}" "${arguments[@]}"
fi

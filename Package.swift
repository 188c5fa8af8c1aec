// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "artfit",
  products: [
    .executable(name: "artfit", targets: ["artfit"]),
    .library(name: "Artwork", targets: ["Artwork"]),
  ],
  targets: [
    // The system libraries, found through pkg-config. `providers` only prints a hint;
    // `.ci/run` installs the packages.
    .systemLibrary(
      name: "CLibPNG", path: "Sources/CLibPNG", pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"])]),
    .systemLibrary(
      name: "CLibJPEG", path: "Sources/CLibJPEG", pkgConfig: "libjpeg",
      providers: [.apt(["libjpeg-dev"])]),
    .systemLibrary(
      name: "CLibDeflate", path: "Sources/CLibDeflate", pkgConfig: "libdeflate",
      providers: [.apt(["libdeflate-dev"])]),
    // Thin C shims: libpng's and libjpeg's setjmp/longjmp error model stays here.
    .target(
      name: "CImageIO", dependencies: ["CLibPNG", "CLibJPEG", "CLibDeflate", "CPUFeatures"]),
    .target(
      name: "Artwork", dependencies: ["CImageIO", "CPUFeatures"] + fixedPointAVX2().map { .target(name: $0.name) }),
    // One C function: whether the CPU runs AVX2 code, for the resampler's and the PNG filters'
    // run-time choice.
    .target(name: "CPUFeatures"),
    .executableTarget(name: "artfit", dependencies: ["Artwork"]),
    // Stage timings for the benchmark (Benchmarks/README.md); never part of `swift test`.
    .executableTarget(name: "artfit-bench", dependencies: ["Artwork"], path: "Benchmarks/artfit-bench"),
    .testTarget(name: "ArtworkTests", dependencies: ["Artwork"], exclude: ["Fixtures"]),
  ]
)

// The resampler's fixed-point passes compiled a second time for AVX2 CPUs (x86-64 hosts only);
// Artwork picks them at run time when the CPU has AVX2 (Documentation/Resampling.md). SwiftPM
// refuses `unsafeFlags` in a dependency required by version, so a package that depends on
// Artwork that way builds with ARTFIT_BASELINE_ONLY=1 and gets the baseline passes only.
func fixedPointAVX2() -> [Target] {
  #if arch(x86_64)
    guard Context.environment["ARTFIT_BASELINE_ONLY"] == nil else { return [] }
    return [.target(name: "FixedPointAVX2", swiftSettings: [.unsafeFlags(["-target-cpu", "haswell"])])]
  #else
    return []
  #endif
}
package.targets += fixedPointAVX2()

// Fuzz targets (Fuzz/README.md): built only by `Scripts/fuzz.sh`, which sets ARTFIT_FUZZ and
// `--sanitize=fuzzer`, because libFuzzer supplies their `main`.
if Context.environment["ARTFIT_FUZZ"] != nil {
  package.targets += [
    .target(name: "FuzzSupport", dependencies: ["Artwork"], path: "Fuzz/FuzzSupport"),
    .executableTarget(name: "fuzz-png", dependencies: ["FuzzSupport"], path: "Fuzz/fuzz-png"),
    .executableTarget(name: "fuzz-jpeg", dependencies: ["FuzzSupport"], path: "Fuzz/fuzz-jpeg"),
    .executableTarget(name: "fuzz-manifest", dependencies: ["Artwork"], path: "Fuzz/fuzz-manifest"),
  ]
}

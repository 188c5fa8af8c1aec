// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "artfit",
  products: [
    .executable(name: "artfit", targets: ["artfit"]),
    .library(name: "Artwork", targets: ["Artwork"]),
    .plugin(name: "ArtfitPlugin", targets: ["ArtfitPlugin"]),
  ],
  targets: [
    // The system libraries, found through pkg-config. `providers` only prints a hint (Debian's
    // packages, Homebrew's formulae: Research/platforms.md); `.ci/run` installs the packages.
    .systemLibrary(
      name: "CLibPNG", path: "Sources/CLibPNG", pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
    .systemLibrary(
      name: "CLibJPEG", path: "Sources/CLibJPEG", pkgConfig: "libjpeg",
      providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]),
    .systemLibrary(
      name: "CLibDeflate", path: "Sources/CLibDeflate", pkgConfig: "libdeflate",
      providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
    .systemLibrary(
      name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    .systemLibrary(
      name: "CISAL", path: "Sources/CISAL", pkgConfig: "libisal",
      providers: [.apt(["libisal-dev"]), .brew(["isa-l"])]),
    .systemLibrary(
      name: "CLittleCMS", path: "Sources/CLittleCMS", pkgConfig: "lcms2",
      providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]),
    .systemLibrary(
      name: "CLibWebP", path: "Sources/CLibWebP", pkgConfig: "libwebpdemux",
      providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
    .systemLibrary(
      name: "CLibTIFF", path: "Sources/CLibTIFF", pkgConfig: "libtiff-4",
      providers: [.apt(["libtiff-dev"]), .brew(["libtiff"])]),
    .systemLibrary(
      name: "CLibHeif", path: "Sources/CLibHeif", pkgConfig: "libheif",
      providers: [.apt(["libheif-dev"]), .brew(["libheif"])]),
    // SVG and PDF: librsvg and poppler's GLib interface, both drawing with cairo (their
    // pkg-config files bring cairo's and GLib's flags).
    // AVIF's planes as AV1's reference library decodes them (libheif reads everything else).
    .systemLibrary(
      name: "CLibAVIF", path: "Sources/CLibAVIF", pkgConfig: "libavif",
      providers: [.apt(["libavif-dev"]), .brew(["libavif"])]),
    .systemLibrary(
      name: "CLibRSVG", path: "Sources/CLibRSVG", pkgConfig: "librsvg-2.0",
      providers: [.apt(["librsvg2-dev"]), .brew(["librsvg"])]),
    // libxml2's SAX parser measures an SVG before librsvg (which parses with it too) builds it.
    .systemLibrary(
      name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
    .systemLibrary(
      name: "CPoppler", path: "Sources/CPoppler", pkgConfig: "poppler-glib",
      providers: [.apt(["libpoppler-glib-dev", "libcairo2-dev"]), .brew(["poppler", "cairo"])]),
    .systemLibrary(
      name: "CXXHash", path: "Sources/CXXHash", pkgConfig: "libxxhash",
      providers: [.apt(["libxxhash-dev"]), .brew(["xxhash"])]),
    // Thin C shims: libpng's and libjpeg's setjmp/longjmp error model stays here, libwebp's
    // status codes, libtiff's per-handle handlers, libheif's returned errors, LittleCMS's logger, and the PNG writer over
    // ISA-L's Huffman codes and libdeflate, and GLib's log handlers caught for librsvg and poppler.
    .target(
      name: "CImageIO",
      dependencies: [
        "CLibPNG", "CLibJPEG", "CLibWebP", "CLibTIFF", "CLibHeif", "CLibAVIF", "CLibRSVG", "CLibXML2", "CPoppler",
        "CLibDeflate", "CZlib", "CISAL", "CLittleCMS", "CPUFeatures",
      ]),
    // The library, in layers the compiler keeps apart (Documentation/Architecture.md).
    // Each depends only on the layers listed before it (and the C targets below and above);
    // the umbrella re-exports them all.
    .target(name: "ArtworkGeometry"),
    // The platform seam: the C library (Glibc or Darwin) and what differs between them. Not
    // re-exported by the umbrella, so the library's documentation holds artfit's API alone.
    .target(name: "ArtworkPlatform"),
    .target(name: "ArtworkSupport", dependencies: ["ArtworkPlatform", "CXXHash"]),
    .target(name: "ArtworkCodec", dependencies: ["ArtworkPlatform", "ArtworkSupport", "CImageIO"]),
    .target(
      name: "ArtworkPixels",
      dependencies: [
        "ArtworkGeometry", "ArtworkCodec", "ArtworkPlatform", "ArtworkSupport", "CPUFeatures", "FixedPointAVX2",
      ]),
    .target(name: "ArtworkReport", dependencies: ["ArtworkGeometry", "ArtworkCodec", "ArtworkSupport"]),
    .target(
      name: "ArtworkRender",
      dependencies: [
        "ArtworkGeometry", "ArtworkCodec", "ArtworkPixels", "ArtworkPlatform", "ArtworkReport", "ArtworkSupport",
      ]),
    .target(
      name: "Artwork",
      dependencies: [
        "ArtworkGeometry", "ArtworkCodec", "ArtworkPixels", "ArtworkReport", "ArtworkRender", "ArtworkSupport",
      ]),
    // The resampler's fixed-point passes for AVX2 CPUs, in C with per-function target
    // attributes (no build flags, so the package builds as a dependency required by version);
    // ArtworkPixels picks them at run time (Documentation/Resampling.md).
    .target(name: "FixedPointAVX2"),
    // One C function: whether the CPU runs AVX2 code, for the resampler's and the PNG filters'
    // run-time choice.
    .target(name: "CPUFeatures"),
    .executableTarget(
      name: "artfit", dependencies: ["Artwork", "ArtworkGeometry", "ArtworkPlatform", "ArtworkSupport"]),
    // `swift package artfit check Art …` in a package that depends on this one (README, "In your build").
    .plugin(
      name: "ArtfitPlugin",
      capability: .command(
        intent: .custom(verb: "artfit", description: "Check or render the package's artwork with artfit."),
        permissions: [.writeToPackageDirectory(reason: "artfit writes its reports where --out says.")]),
      dependencies: ["artfit"]),
    // Stage timings for the benchmark (Benchmarks/README.md); never part of `swift test`.
    .executableTarget(
      name: "artfit-bench", dependencies: ["Artwork", "ArtworkSupport"], path: "Benchmarks/artfit-bench"),
    // Fixtures, research tables and a runner of the built binary, shared by the tests.
    .target(name: "TestSupport", dependencies: ["Artwork", "CTestColour"], path: "Tests/TestSupport"),
    // Colour fixtures made with LittleCMS and libjpeg directly, for comparing artfit against them.
    .target(name: "CTestColour", dependencies: ["CLittleCMS", "CLibJPEG"], path: "Tests/CTestColour"),
    // The library's tests, layer by layer.
    .testTarget(
      name: "ArtworkTests",
      dependencies: [
        "ArtworkGeometry", "ArtworkCodec", "ArtworkPixels", "ArtworkReport", "ArtworkRender", "ArtworkSupport",
        "TestSupport",
      ],
      exclude: ["Fixtures"]),
    // The command line: its parser, and the built binary run as a user runs it.
    .testTarget(name: "ArtfitTests", dependencies: ["artfit", "TestSupport"], exclude: ["Hostile/README.md"]),
    .testTarget(name: "ArtworkSupportTests", dependencies: ["ArtworkPlatform", "ArtworkSupport"]),
  ]
)

// Fuzz targets (Fuzz/README.md): built only by `Scripts/fuzz.sh`, which sets ARTFIT_FUZZ and
// `--sanitize=fuzzer`, because libFuzzer supplies their `main`.
if Context.environment["ARTFIT_FUZZ"] != nil {
  package.targets += [
    .target(name: "FuzzSupport", dependencies: ["Artwork", "ArtworkSupport"], path: "Fuzz/FuzzSupport"),
    .executableTarget(name: "fuzz-png", dependencies: ["FuzzSupport"], path: "Fuzz/fuzz-png"),
    .executableTarget(name: "fuzz-png-encode", dependencies: ["FuzzSupport"], path: "Fuzz/fuzz-png-encode"),
    .executableTarget(name: "fuzz-jpeg", dependencies: ["FuzzSupport"], path: "Fuzz/fuzz-jpeg"),
    .executableTarget(name: "fuzz-webp", dependencies: ["FuzzSupport"], path: "Fuzz/fuzz-webp"),
    .executableTarget(name: "fuzz-tiff", dependencies: ["FuzzSupport"], path: "Fuzz/fuzz-tiff"),
    .executableTarget(name: "fuzz-heif", dependencies: ["FuzzSupport"], path: "Fuzz/fuzz-heif"),
    .executableTarget(name: "fuzz-netpbm", dependencies: ["FuzzSupport"], path: "Fuzz/fuzz-netpbm"),
    .executableTarget(name: "fuzz-svg", dependencies: ["FuzzSupport"], path: "Fuzz/fuzz-svg"),
    .executableTarget(name: "fuzz-pdf", dependencies: ["FuzzSupport"], path: "Fuzz/fuzz-pdf"),
    .executableTarget(name: "fuzz-gain-map", dependencies: ["FuzzSupport"], path: "Fuzz/fuzz-gain-map"),
    .executableTarget(name: "fuzz-manifest", dependencies: ["Artwork"], path: "Fuzz/fuzz-manifest"),
    .executableTarget(name: "fuzz-profile", dependencies: ["Artwork"], path: "Fuzz/fuzz-profile"),
    .executableTarget(name: "fuzz-names", dependencies: ["Artwork"], path: "Fuzz/fuzz-names"),
  ]
}

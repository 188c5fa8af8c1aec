import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec
@testable import ArtworkGeometry
@testable import ArtworkRender
@testable import ArtworkReport

/// Colour through a whole render: what previews, thumbnails and crop maps carry and show.
struct ColourRenderTests {
  /// A flat colour fills the art, so every written file shows it in its middle.
  static let colour: [UInt8] = [200, 40, 60]

  static func options(_ folder: TemporaryFolder, profile: OutputProfile, overlays: Set<Overlay> = []) throws
    -> RenderOptions
  {
    var options = RenderOptions(inputs: [folder.path("art")], outputFolder: folder.path("out"))
    options.solving.targets = try TargetSelection.resolve(["iPhone 16 Pro"])
    options.solving.orientations = [.portrait]
    options.solving.modes = [.fill]
    options.drawing.overlays = overlays
    options.solving.scales = .factors([0.25])
    options.drawing.profile = profile
    options.running.jobs = 2
    return options
  }

  static func write(_ bytes: [UInt8], _ name: String, in folder: TemporaryFolder) throws {
    try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
    _ = folder.write(bytes, to: "art/\(name)")
  }

  static func flat(_ colour: [UInt8], profile: [UInt8]?, width: Int = 120, height: Int = 90) -> Image {
    var image = Image(width: width, height: height, layout: .rgb, filledWith: colour)
    image.iccProfile = profile
    return image
  }

  /// The written files of the only artwork: preview, thumbnail, crop map.
  static func files(_ report: RunReport, in folder: TemporaryFolder) throws -> [String: Image] {
    let artwork = try #require(report.artworks.first)
    let preview = try #require(artwork.results.first?.preview)
    return [
      "preview": try ImageDecoder.decode(file: folder.path("out/" + preview)),
      "thumbnail": try ImageDecoder.decode(file: folder.path("out/" + PreviewThumbnail.path(for: preview))),
      "crop map": try ImageDecoder.decode(file: folder.path("out/" + (artwork.cropMap ?? ""))),
    ]
  }

  /// The middle pixel of `image`, colour-managed to sRGB through its own profile.
  static func seenInSRGB(_ image: Image) -> [Int] {
    let middle = image.pixel(x: image.width / 2, y: image.height / 2).map(UInt8.init)
    return ColourFixtures.converted(middle, from: image.iccProfile, to: nil).map(Int.init)
  }

  @Test(arguments: OutputProfile.allCases)
  func previewThumbnailAndCropMapAgreeOnP3Art(profile: OutputProfile) throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    try Self.write(
      try ImageEncoder.png(Self.flat(Self.colour, profile: ColourFixtures.displayP3)), "p3.png", in: folder)
    let report = BatchRenderer(options: try Self.options(folder, profile: profile)).run().report
    let expected = ColourFixtures.converted(Self.colour, from: ColourFixtures.displayP3, to: nil).map(Int.init)
    for (name, image) in try Self.files(report, in: folder) {
      let seen = Self.seenInSRGB(image)
      let tolerance = name == "thumbnail" ? 4 : 1  // the thumbnail is a JPEG
      #expect(zip(seen, expected).allSatisfy { abs($0 - $1) <= tolerance }, "\(name): \(seen) vs \(expected)")
      let written =
        profile == .keep
        ? ColourFixtures.displayP3 : profile == .srgb ? ColourProfile.sRGB.bytes : ColourProfile.displayP3.bytes
      #expect(image.iccProfile == written, "\(name) carries the \(profile) profile")
    }
    #expect(report.artworks.first?.profile == EmbeddedProfile(name: "test Display P3", space: "RGB"))
  }

  /// A wide-gamut RGB JPEG (Adobe RGB): every written file carries its profile, or is
  /// converted, and all show the same colour once colour-managed.
  @Test(arguments: OutputProfile.allCases)
  func wideGamutJPEGLooksTheSameInEveryFile(profile: OutputProfile) throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let jpeg = try ImageEncoder.jpeg(Self.flat(Self.colour, profile: ColourFixtures.adobeRGB), quality: 95, name: "a")
    try Self.write(jpeg, "adobe.jpg", in: folder)
    let decoded = try ImageDecoder.decode(data: jpeg, name: "adobe.jpg")
    let source = decoded.pixel(x: 60, y: 45).map(UInt8.init)
    let expected = ColourFixtures.converted(source, from: ColourFixtures.adobeRGB, to: nil).map(Int.init)
    let report = BatchRenderer(options: try Self.options(folder, profile: profile)).run().report
    for (name, image) in try Self.files(report, in: folder) {
      if profile == .keep { #expect(image.iccProfile == ColourFixtures.adobeRGB, "\(name)") }
      let seen = Self.seenInSRGB(image)
      let tolerance = name == "thumbnail" ? 4 : 1
      #expect(zip(seen, expected).allSatisfy { abs($0 - $1) <= tolerance }, "\(name): \(seen) vs \(expected)")
    }
  }

  @Test func sixteenBitTaggedArtConvertsAtSixteenBits() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let deep: [UInt16] = [51_400, 10_280, 15_423]
    let samples = (0..<(120 * 90)).flatMap { _ in deep }
    let image = Image(
      width: 120, height: 90, layout: .rgb, storage: .uint16(samples), iccProfile: ColourFixtures.displayP3)
    try Self.write(try ImageEncoder.png(image), "deep.png", in: folder)
    let report = BatchRenderer(options: try Self.options(folder, profile: .srgb)).run().report
    let preview = try #require(try Self.files(report, in: folder)["preview"])
    let expected = ColourFixtures.converted(deep, from: ColourFixtures.displayP3, to: nil).map {
      (Int($0) + 128) / 257
    }
    let seen = preview.pixel(x: preview.width / 2, y: preview.height / 2)
    #expect(zip(seen, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(seen) vs \(expected)")
    #expect(preview.iccProfile == ColourProfile.sRGB.bytes)
  }

  @Test(arguments: [OutputProfile.keep, .displayP3])
  func profiledCMYKBecomesTaggedRGB(profile: OutputProfile) throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let ink: [UInt8] = [235, 90, 160, 240]  // 0 = full ink
    let cmyk = (0..<(120 * 90)).flatMap { _ in ink }
    try Self.write(
      ColourFixtures.cmykJPEG(cmyk, width: 120, height: 90, profile: ColourFixtures.cmykProfile), "print.jpg",
      in: folder)
    let report = BatchRenderer(options: try Self.options(folder, profile: profile)).run().report
    #expect(report.artworks.first?.profile == EmbeddedProfile(name: "artfit test CMYK", space: "CMYK"))
    let target = profile == .displayP3 ? ColourProfile.displayP3 : .sRGB
    let expected = ColourFixtures.converted(
      ink, cmyk: true, from: ColourFixtures.cmykProfile, to: nil
    ).map(Int.init)
    for (name, image) in try Self.files(report, in: folder) {
      #expect(image.iccProfile == target.bytes, "\(name) carries \(target.name), not the CMYK profile")
      let seen = Self.seenInSRGB(image)
      let tolerance = name == "thumbnail" ? 4 : 2
      #expect(zip(seen, expected).allSatisfy { abs($0 - $1) <= tolerance }, "\(name): \(seen) vs \(expected)")
    }
  }

  @Test(arguments: HostileProfile.allCases)
  func hostileProfileIsAWarningAndTheArtIsUntagged(_ hostile: HostileProfile) throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    try Self.write(
      try ImageEncoder.jpeg(Self.flat(Self.colour, profile: hostile.bytes), quality: 95, name: "a"), "bad.jpg",
      in: folder)
    try Self.write(try ImageEncoder.png(Self.flat(Self.colour, profile: nil)), "good.png", in: folder)
    let report = BatchRenderer(options: try Self.options(folder, profile: .keep)).run().report
    #expect(report.errors.isEmpty && report.artworks.count == 2)
    let bad = try #require(report.artworks.first { $0.file.path.hasSuffix("bad.jpg") })
    #expect(bad.profile == nil)
    #expect(
      bad.warnings.count == 1 && bad.warnings[0].kind == .profile && bad.warnings[0].message.contains(hostile.cause),
      "\(bad.warnings)")
    for image in try Self.files(RunReport(options: .null, artworks: [bad], errors: []), in: folder).values {
      #expect(image.iccProfile == nil)
    }
  }

  /// libpng refuses a malformed iCCP chunk while reading; artfit says so rather than staying silent.
  @Test(arguments: [HostileProfile.garbage, .tooShort, .deviceLink])
  func pngWhoseProfileLibpngRefusesIsAWarning(_ hostile: HostileProfile) throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let png = pngInsertingProfile(hostile.bytes, into: try ImageEncoder.png(Self.flat(Self.colour, profile: nil)))
    try Self.write(png, "bad.png", in: folder)
    let report = BatchRenderer(options: try Self.options(folder, profile: .keep)).run().report
    let artwork = try #require(report.artworks.first)
    #expect(report.errors.isEmpty && artwork.profile == nil)
    #expect(
      artwork.warnings.count == 1 && artwork.warnings[0].kind == .profile
        && artwork.warnings[0].message.contains("unusable"), "\(artwork.warnings)")
    for image in try Self.files(report, in: folder).values { #expect(image.iccProfile == nil) }
  }

  /// ICC_PROFILE markers out of sequence (two first chunks) lose the profile, not the picture.
  @Test func jpegWithBrokenProfileMarkersIsAWarning() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let tagged = try ImageEncoder.jpeg(
      Self.flat(Self.colour, profile: ColourFixtures.displayP3), quality: 90, name: "a")
    let payload = Array("ICC_PROFILE".utf8) + [0, 1, 1] + ColourFixtures.adobeRGB
    let length = payload.count + 2
    let marker: [UInt8] = [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xff)] + payload
    try Self.write(Array(tagged[..<2]) + marker + Array(tagged[2...]), "markers.jpg", in: folder)
    let report = BatchRenderer(options: try Self.options(folder, profile: .keep)).run().report
    #expect(report.errors.isEmpty, "\(report.errors.map(\.message))")
    let artwork = try #require(report.artworks.first)
    #expect(artwork.profile == nil)
    #expect(
      artwork.warnings.count == 1 && artwork.warnings[0].kind == .profile
        && artwork.warnings[0].message.contains("malformed"), "\(artwork.warnings)")
    for image in try Self.files(report, in: folder).values { #expect(image.iccProfile == nil) }
  }

  /// The overlays are drawn in sRGB colours converted into the artwork's profile.
  @Test func overlayColoursAreConvertedIntoTheArtworksProfile() throws {
    var info = ImageInfo(
      format: .png, width: 10, height: 10, storedWidth: 10, storedHeight: 10, orientation: .up, bitDepth: 8,
      hasAlpha: false, layout: .rgb, isInterlaced: false)
    info.iccProfile = ColourFixtures.displayP3
    let colour = ArtworkColour(info: info, choice: .keep, intent: .relative, cache: ColourCache())
    let tint = Overlay.safeAreaTint
    let expected = ColourFixtures.converted([tint.r, tint.g, tint.b], from: nil, to: ColourFixtures.displayP3)
    let converted = colour.converted(tint)
    #expect([converted.r, converted.g, converted.b] == expected)
    #expect(converted != tint, "the red tint is less saturated in P3 numbers")
  }

  @Test func writtenFilesAreTheSameOnEveryRun() throws {
    var outputs: [[String: [UInt8]]] = []
    for _ in 0..<2 {
      let folder = TemporaryFolder()
      defer { folder.remove() }
      try Self.write(
        try ImageEncoder.png(Self.flat(Self.colour, profile: ColourFixtures.adobeRGB)), "wide.png", in: folder)
      _ = BatchRenderer(options: try Self.options(folder, profile: .displayP3, overlays: Set(Overlay.allCases))).run()
      var files: [String: [UInt8]] = [:]
      let root = folder.path("out")
      for case let name as String in FileManager.default.enumerator(atPath: root)!
      where name.hasSuffix(".png") || name.hasSuffix(".jpg") {
        files[name] = Array(FileManager.default.contents(atPath: root + "/" + name)!)
      }
      outputs.append(files)
    }
    #expect(!outputs[0].isEmpty && outputs[0] == outputs[1])
  }
}

extension ColourRenderTests {
  /// Every PNG and JPEG render and assets write carries a profile of its pixels' kind, or none.
  @Test(arguments: OutputProfile.allCases)
  func everyWrittenFileCarriesAProfileOfItsPixels(profile: OutputProfile) throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    var gray = Image(width: 60, height: 40, layout: .gray, filledWith: [90])
    gray.iccProfile = ColourFixtures.gray
    try Self.write(try ImageEncoder.png(gray), "gray-tagged.png", in: folder)
    gray.iccProfile = ColourFixtures.displayP3  // an RGB profile on gray pixels: ignored
    try Self.write(try ImageEncoder.jpeg(gray, quality: 90, name: "g"), "gray-rgb-profile.jpg", in: folder)
    try Self.write(
      try ImageEncoder.png(Self.flat(Self.colour, profile: ColourFixtures.displayP3)), "p3.png", in: folder)
    try Self.write(
      try ImageEncoder.jpeg(Self.flat(Self.colour, profile: ColourFixtures.cmykProfile), quality: 90, name: "c"),
      "rgb-cmyk-profile.jpg", in: folder)
    try Self.write(try ImageEncoder.png(Self.flat(Self.colour, profile: nil)), "plain.png", in: folder)
    let ink: [UInt8] = (0..<(60 * 40)).flatMap { _ -> [UInt8] in [200, 100, 180, 230] }
    try Self.write(
      ColourFixtures.cmykJPEG(ink, width: 60, height: 40, profile: ColourFixtures.cmykProfile), "print.jpg", in: folder)

    let report = BatchRenderer(options: try Self.options(folder, profile: profile, overlays: Set(Overlay.allCases)))
      .run().report
    #expect(report.errors.isEmpty && report.artworks.count == 6)
    let warned = report.artworks.filter { !$0.warnings.isEmpty }.map { ($0.file.path as NSString).lastPathComponent }
    #expect(Set(warned) == ["gray-rgb-profile.jpg", "rgb-cmyk-profile.jpg"])
    var catalog = AssetCatalog(points: Size(20, 10))
    catalog.profile = profile
    let files = Array(InputDiscovery.find([folder.path("art")], excluding: nil).files)
    for outcome in catalog.write(files, into: folder.path("out/Assets.xcassets"), jobs: 2) { _ = try outcome.get() }

    var checked = 0
    let root = folder.path("out")
    for case let name as String in FileManager.default.enumerator(atPath: root)!
    where name.hasSuffix(".png") || name.hasSuffix(".jpg") {
      let image = try ImageDecoder.decode(file: root + "/" + name)
      checked += 1
      guard let icc = image.iccProfile else { continue }
      let space = try ColourProfile(reading: icc).space
      #expect(space == (image.layout.withoutAlpha == .gray ? .gray : .rgb), "\(name): a \(space) profile")
    }
    #expect(checked > 20)
  }
}

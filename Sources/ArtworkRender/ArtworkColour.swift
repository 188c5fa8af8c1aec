import ArtworkCodec

/// What one artwork's colour becomes in the files artfit writes: which embedded profile it
/// has (or why one is ignored), how a CMYK decode converts, and how previews, the crop map and
/// the sRGB overlay colours are converted into the profile every written file carries.
struct ArtworkColour {
  /// The artwork's embedded profile, when it is usable and fits the pixels.
  private(set) var profile: ColourProfile?
  /// Why an embedded profile is ignored (the artwork is then treated as untagged sRGB).
  private(set) var problem: ProfileError?
  /// For a CMYK or YCCK JPEG with a profile: what its decode converts through.
  private(set) var cmykDecode: ColourTransform?
  /// The profile of the decoded pixels (nil: sRGB, untagged).
  private(set) var decoded: ColourProfile?
  /// The profile of every file written for the artwork (nil: untagged, sRGB).
  private(set) var output: ColourProfile?
  private let overlays: ColourTransform?
  private let intent: RenderingIntent
  private let cache: ColourCache

  init(info: ImageInfo, choice: OutputProfile, intent: RenderingIntent, cache: ColourCache) {
    self.intent = intent
    self.cache = cache
    let pixels: ColourProfile.Space =
      info.cmyk != nil ? .cmyk : info.layout.withoutAlpha == .gray ? .gray : .rgb
    switch info.iccProfile.map(cache.profile) {
    case .success(let embedded)? where embedded.space == pixels: profile = embedded
    case .success(let embedded)?: problem = .mismatched(profile: embedded.space, pixels: pixels.rawValue)
    case .failure(let error)?: problem = error
    case nil: problem = info.droppedProfile.map { .unusable(reason: $0) }
    }
    if let cmyk = info.cmyk, let profile {
      switch cache.transform(
        cmykFrom: profile, inverted: cmyk == .inverted, to: choice.conversionTarget, intent: intent)
      {
      case .success(let transform):
        cmykDecode = transform
        decoded = choice.conversionTarget
      case .failure(let error):
        (self.profile, problem) = (nil, error)
      }
    } else if profile?.space != .cmyk {
      decoded = profile
    }
    output = Self.output(decoded: decoded, choice: choice)
    overlays = output.flatMap { output in
      output == .sRGB
        ? nil : try? cache.transform(from: nil, layout: .rgb, bitDepth: 8, to: output, intent: intent).get()
    }
  }

  /// Kept as decoded when the choice allows, else converted to the choice's profile.
  private static func output(decoded: ColourProfile?, choice: OutputProfile) -> ColourProfile? {
    switch (choice, decoded) {
    case (.keep, nil): nil
    case (.keep, let profile?) where profile.space == .rgb: profile
    case (.srgb, nil): nil
    default: choice.conversionTarget
    }
  }

  /// `picture` (decoded pixels, resampled) in the output profile and tagged with it.
  func converted(_ picture: Image) -> Image {
    guard output != decoded else {
      var tagged = picture
      tagged.iccProfile = output?.bytes
      return tagged
    }
    // Untagged gray is sRGB's gray: widened to RGB, it converts through sRGB.
    let source = picture.layout.withoutAlpha == .gray && decoded?.space != .gray ? picture.widenedToRGB() : picture
    switch cache.transform(
      from: decoded, layout: source.layout, bitDepth: source.bitDepth, to: output, intent: intent)
    {
    case .success(let transform): return transform.apply(to: source)
    case .failure: return source  // the profile converted when it was read; a layout cannot break it
    }
  }

  /// An sRGB colour (an overlay, the background) in the output profile.
  func converted(_ colour: RGB) -> RGB {
    overlays?.convert(colour) ?? colour
  }
}

import CImageIO

/// Reads every raster format of the table (`ImageFormat`): header probes and full decodes with
/// their orientation applied. SVG and PDF are probed here too (their size), and drawn by `VectorDocument`.
public enum ImageDecoder {
  /// Bytes read for a header probe; a JPEG whose metadata runs longer is read whole.
  static let probePrefix = 256 * 1024

  /// Reads the header of the file at `path` without decoding pixels: its first bytes, and
  /// more only as its format's reader needs (`FormatReader`).
  public static func probe(file path: String, limits: ImageLimits = ImageLimits()) throws(ImageError) -> ImageInfo {
    let (head, identity) = try FileBytes.readWithIdentity(
      path, limit: limits.maxFileBytes, prefix: probePrefix)
    guard let format = head.withUnsafeBytes(sniffFormat) else {
      return try probe(data: head, name: path, limits: limits)  // names what it is instead
    }
    return try format.reader.probe(file: path, head: head, fileSize: identity.size, limits: limits)
  }

  /// Names the format of an image artfit does not read (a GIF or a HEIC called `.png`), so
  /// the error says what the file is and what to hand over instead.
  static func refuseOtherFormats(_ data: [UInt8], name: String) throws(ImageError) {
    try refuseOtherFormats(data, name: name, sniffed: data.withUnsafeBytes(sniffFormat))
  }

  /// As above, for bytes whose format was sniffed already (`sniffed`).
  static func refuseOtherFormats(_ data: [UInt8], name: String, sniffed: ImageFormat?) throws(ImageError) {
    let head = Array(data.prefix(FileKind.headLength))
    if case .unreadImage(let format, let advice)? = FileKind.cameraRaw(head, ext: FileKind.fileExtension(of: name)) {
      throw .notAnImage(file: name, reason: "it is \(FileKind.named(format)): \(advice)")
    }
    guard sniffed == nil else { return }  // what it reads: nothing to name
    if case .unreadImage(let format, let advice)? = FileKind.unreadImage(head, ext: FileKind.fileExtension(of: name)) {
      throw .notAnImage(file: name, reason: "it is \(FileKind.named(format)): \(advice)")
    }
  }

  /// Reads the header of an encoded image held in memory; `name` labels errors.
  public static func probe(data: [UInt8], name: String, limits: ImageLimits = ImageLimits()) throws(ImageError)
    -> ImageInfo
  {
    try refuseOtherFormats(data, name: name)
    return try data.withUnsafeBytes { bytes in
      Result { () throws(ImageError) in try probe(bytes: bytes, name: name, limits: limits) }
    }.get()
  }

  /// Reads the header of an image whose bytes `refuseOtherFormats` has seen.
  static func probe(
    bytes: UnsafeRawBufferPointer, name: String, limits: ImageLimits, sniffed: ImageFormat?? = nil,
    decoder: FileDecoder? = nil
  ) throws(ImageError) -> ImageInfo {
    if (sniffed ?? sniffFormat(bytes))?.isVector == true {
      return try VectorDocument.probe(bytes: Array(bytes), name: name, limits: limits)
    }
    let probed = try rawProbe(bytes, shrink: 1, limits: limits, file: name, decoder: decoder)
    var info = ImageInfo(probed.info)
    info.iccProfile = probed.icc
    let dropped = cText(probed.info.profile_problem)
    if probed.icc == nil && !dropped.isEmpty { info.droppedProfile = dropped }
    return info
  }

  /// Decodes the file at `path`, turned upright by its EXIF orientation.
  ///
  /// - Parameters:
  ///   - shrink: shrink-on-load, 1, 2, 4 or 8 (each side becomes ⌈side / shrink⌉): JPEG
  ///     through libjpeg's DCT scaling, a still WebP through libwebp's scaler
  ///     (`ImageInfo.shrinksOnLoad`). PNG files and animated WebP always decode at full size.
  ///   - cmyk: for a CMYK or YCCK JPEG, the transform from its profile to RGB (made for the
  ///     storage the probe reported); without one the naive inversion, untagged.
  public static func decode(
    file path: String, shrink: Int = 1, limits: ImageLimits = ImageLimits(), cmyk: ColourTransform? = nil
  ) throws(ImageError) -> Image {
    try decode(
      data: FileBytes.read(path, limit: limits.maxFileBytes), name: path, shrink: shrink, limits: limits, cmyk: cmyk)
  }

  /// Decodes an encoded image held in memory; `name` labels errors.
  public static func decode(
    data: [UInt8], name: String, shrink: Int = 1, limits: ImageLimits = ImageLimits(), cmyk: ColourTransform? = nil
  ) throws(ImageError) -> Image {
    try decode(data: data, name: name, shrink: shrink, region: nil, limits: limits, cmyk: cmyk)
  }

  /// Decodes only `region` of the file at `path` (in the upright image at 1/`shrink` scale,
  /// inside it): the same pixels as a full decode cropped to it, without the rest's cost.
  /// A JPEG's rows below the region are not read, so damage there goes unnoticed; PNG still
  /// reads every row.
  public static func decode(
    file path: String, region: ImageRegion, shrink: Int = 1, limits: ImageLimits = ImageLimits(),
    cmyk: ColourTransform? = nil
  ) throws(ImageError) -> Image {
    try decode(
      data: FileBytes.read(path, limit: limits.maxFileBytes), name: path, shrink: shrink, region: region,
      limits: limits, cmyk: cmyk)
  }

  /// Decodes `region` of an encoded image held in memory (nil: all of it); `name` labels errors.
  /// With `scans` (a part of a `JPEGScanSplit` of `data`), the decode is that part's, run at
  /// once with the other part's on another thread.
  public static func decode(
    data: [UInt8], name: String, shrink: Int = 1, region: ImageRegion?, limits: ImageLimits = ImageLimits(),
    cmyk: ColourTransform? = nil, scans: JPEGScanSplit.Part? = nil
  ) throws(ImageError) -> Image {
    try decode(
      data: data, name: name, shrink: shrink, region: region, limits: limits, cmyk: cmyk, scans: scans, decoder: nil)
  }

  /// Decodes an encoded image held in memory as stored: its own EXIF orientation is not
  /// applied. A gain map is turned as its picture is, whatever its own EXIF says (as
  /// libultrahdr reads it).
  public static func decodeAsStored(
    data: [UInt8], name: String, limits: ImageLimits = ImageLimits()
  ) throws(ImageError) -> Image {
    try decode(
      data: data, name: name, shrink: 1, region: nil, limits: limits, cmyk: nil, scans: nil, decoder: nil,
      upright: false)
  }

  /// As above, through `decoder` (`EncodedImage`'s) when given; turned by the file's EXIF
  /// orientation unless `upright` is false.
  static func decode(
    data: [UInt8], name: String, shrink: Int, region: ImageRegion?, limits: ImageLimits, cmyk: ColourTransform?,
    scans: JPEGScanSplit.Part?, decoder: FileDecoder?, upright: Bool = true
  ) throws(ImageError) -> Image {
    precondition([1, 2, 4, 8].contains(shrink), "shrink is 1, 2, 4 or 8")
    // However the decode ends, the other part must not wait for this one.
    defer { if let scans { scans.split.abandon(scans) } }
    let decoded = try data.withUnsafeBytes { bytes in
      Result { () throws(ImageError) in
        try rawDecode(
          bytes, shrink: shrink, limits: limits, cmyk: cmyk, region: region, scans: scans, file: name, decoder: decoder)
      }
    }.get()
    let orientation = upright ? ExifOrientation(rawValue: Int(decoded.info.orientation)) ?? .up : .up
    if upright, let region, decoded.info.orientation != decoded.headerOrientation {
      // A PNG's eXIf after its pixels turned it after the region was placed: crop upright.
      return try decode(
        data: data, name: name, shrink: shrink, region: nil, limits: limits, cmyk: cmyk, scans: nil, decoder: decoder
      ).cropped(to: region)
    }
    let layout = ChannelLayout(rawValue: Int(decoded.info.channels)) ?? .rgb
    // RGB made from CMYK carries the transform's target profile, never the CMYK one.
    let image = Image(
      width: Int(decoded.info.width), height: Int(decoded.info.height), layout: layout,
      storage: decoded.storage, iccProfile: decoded.info.storesCMYK ? cmyk?.target?.bytes : decoded.icc)
    return image.applying(orientation)
  }
}

extension ImageInfo {
  init(_ info: cimageio_info) {
    let orientation = ExifOrientation(rawValue: Int(info.orientation)) ?? .up
    let layout = ChannelLayout(rawValue: Int(info.channels)) ?? .rgb
    self.init(
      format: ImageFormat(reported: info.format),
      width: Int(orientation.swapsAxes ? info.full_height : info.full_width),
      height: Int(orientation.swapsAxes ? info.full_width : info.full_height),
      storedWidth: Int(info.full_width), storedHeight: Int(info.full_height),
      orientation: orientation, bitDepth: Int(info.source_bit_depth),
      hasAlpha: layout.hasAlpha, layout: layout, isInterlaced: info.interlaced != 0,
      cmyk: info.storesCMYK ? (info.adobe_inverted != 0 ? .inverted : .plain) : nil)
    images = Int(max(1, info.images))
    shrinksOnLoad = info.shrinks_on_load != 0
    hdr = HDRTransfer(rawValue: Int(info.hdr))
    if hdr != nil {
      hdrPrimaries = HDRPrimaries(code: info.hdr_primaries, xy: info.hdr_primaries_xy)
    }
    gainMap = GainMap(rawValue: Int(info.gain_map))
    let figures = gainMap == nil ? nil : GainMapFigures(info.gain_map_figures)
    gainMapFiguresProblem = figures?.problem
    gainMapFigures = gainMapFiguresProblem == nil ? figures : nil
    let (mapAt, mapLength) = info.gain_map_image
    if gainMap != nil, mapLength > 0, mapAt <= UInt64(Int.max) - mapLength {
      gainMapImage = Int(mapAt)..<Int(mapAt + mapLength)
    }
    needsBytes = Int(clamping: info.needs_bytes)
    let note = cText(info.note)
    readerNote = note.isEmpty ? nil : note
  }
}

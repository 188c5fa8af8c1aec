import CImageIO

// The decoders' and one-shot encoders' raw CImageIO calls go through this file, each
// turning a status into an ImageError; PNGWriter, which keeps a C writer alive between
// images, makes its own three calls and uses `imageError` here for their status.

/// Turns a failed CImageIO status into the error a user reads.
func imageError(
  status: Int32, error: cimageio_error, file: String, format: ImageFormat?,
  info: cimageio_info? = nil, limits: ImageLimits? = nil
) -> ImageError {
  let detail = cText(error.message)
  // Only a format's reader fails otherwise than "unsupported", so a format is known then.
  guard let format, status != Int32(CIMAGEIO_UNSUPPORTED.rawValue) else {
    return .notAnImage(file: file, reason: detail)
  }
  switch cimageio_status(rawValue: UInt32(status)) {
  case CIMAGEIO_TRUNCATED: return .truncated(file: file, format: format)
  case CIMAGEIO_TOO_LARGE:
    return .tooLarge(
      file: file, width: Int(info?.full_width ?? 0), height: Int(info?.full_height ?? 0),
      limit: limits?.maxPixels ?? 0)
  case CIMAGEIO_LIMIT: return .limitExceeded(file: file, detail: detail)
  case CIMAGEIO_NO_MEMORY: return .limitExceeded(file: file, detail: "out of memory")
  case CIMAGEIO_ENCODE_FAILED, CIMAGEIO_BAD_ARGUMENT: return .encodeFailed(file: file, reason: detail)
  case CIMAGEIO_UNUSABLE: return .unusable(file: file, format: format, reason: detail)
  default: return .corrupt(file: file, format: format, detail: detail)
  }
}

/// The bytes a CImageIO call allocates into its `out` and `size` (freed here), or the message
/// of its error.
func allocatedBytes(
  _ call: (
    UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>, UnsafeMutablePointer<cimageio_error>
  ) -> Int32
) -> Result<[UInt8], CImageIOMessage> {
  var out: UnsafeMutablePointer<UInt8>? = nil
  var size = 0
  var error = cimageio_error()
  let status = call(&out, &size, &error)
  defer { cimageio_free(out) }
  guard status == 0, let out else { return .failure(CImageIOMessage(text: cText(error.message))) }
  return .success(Array(UnsafeBufferPointer(start: out, count: size)))
}

/// A failed CImageIO call's message.
struct CImageIOMessage: Error {
  let text: String
}

/// The text of a fixed-size C char array (a message or a name), up to its first NUL.
func cText<Chars>(_ chars: Chars) -> String {
  withUnsafeBytes(of: chars) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
}

extension cimageio_info {
  /// A JPEG that stores CMYK or YCCK (a decode turns it into RGB).
  var storesCMYK: Bool { color == Int32(CIMAGEIO_COLOR_CMYK.rawValue) || color == Int32(CIMAGEIO_COLOR_YCCK.rawValue) }
}

/// The format whose signature `bytes` start with (`cimageio_sniff`, the table in sniffing
/// order), or nil.
func sniffFormat(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
  guard let base = bytes.baseAddress else { return nil }
  return ImageFormat(cFormat: cimageio_sniff(base.assumingMemoryBound(to: UInt8.self), bytes.count))
}

/// Whether `bytes`, a file's first bytes (all of it with `whole`), are `format`'s by its
/// signature and hold its header as far as they reach (`cimageio_header_holds`).
func headerHolds(_ format: ImageFormat, _ bytes: UnsafeRawBufferPointer, whole: Bool) -> Bool {
  guard let base = bytes.baseAddress else { return false }
  return cimageio_header_holds(format.entry.code, base.assumingMemoryBound(to: UInt8.self), bytes.count, whole ? 1 : 0)
    != 0
}

extension cimageio_limits {
  init(_ limits: ImageLimits) {
    self.init(
      max_pixels: UInt64(max(0, limits.maxPixels)),
      max_jpeg_scans: UInt32(clamping: limits.maxJPEGScans),
      max_chunk_bytes: UInt64(max(0, limits.maxChunkBytes)))
  }
}

/// Reads the header. The corresponding C function is `cimageio_probe`.
func rawProbe(
  _ bytes: UnsafeRawBufferPointer, shrink: Int, limits: ImageLimits, file: String, decoder: FileDecoder? = nil
) throws(ImageError) -> (info: cimageio_info, icc: [UInt8]?) {
  var info = cimageio_info()
  var error = cimageio_error()
  var cLimits = cimageio_limits(limits)
  var icc: UnsafeMutablePointer<UInt8>? = nil
  var iccSize = 0
  let status = cimageio_decoder_probe(
    decoder?.handle, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, Int32(shrink),
    &cLimits, &info, &icc, &iccSize, &error)
  defer { cimageio_free(icc) }
  guard status == 0 else {
    throw imageError(
      status: status, error: error, file: file, format: sniffFormat(bytes), info: info,
      limits: limits)
  }
  decoder?.record(info, at: shrink)
  return (info, icc.map { [UInt8](UnsafeBufferPointer(start: $0, count: iccSize)) })
}

/// Decodes into a new buffer. The corresponding C function is `cimageio_decode`.
///
/// `region` is in the upright image (after the orientation the header gives), at the scale
/// of `shrink`; the pixels returned are still stored, not turned.
func rawDecode(
  _ bytes: UnsafeRawBufferPointer, shrink: Int, limits: ImageLimits, cmyk: ColourTransform?,
  region: ImageRegion? = nil, scans: JPEGScanSplit.Part? = nil, file: String, decoder: FileDecoder? = nil
) throws(ImageError) -> (info: cimageio_info, storage: PixelStorage, icc: [UInt8]?, headerOrientation: Int32) {
  // The header sizes the pixel buffer: the decoder's, when this scale was probed through it.
  let header: cimageio_info
  if let known = decoder?.header(at: shrink) {
    header = known
  } else {
    header = try rawProbe(bytes, shrink: shrink, limits: limits, file: file, decoder: decoder).info
  }
  let orientation = ExifOrientation(rawValue: Int(header.orientation)) ?? .up
  let stored = region?.stored(by: orientation, storedWidth: Int(header.width), storedHeight: Int(header.height))
  var cRegion = stored.map {
    cimageio_region(x: UInt32($0.x), y: UInt32($0.y), width: UInt32($0.width), height: UInt32($0.height))
  }
  let width = stored?.width ?? Int(header.width)
  let height = stored?.height ?? Int(header.height)
  let sampleCount = width * height * Int(header.channels)
  var info = cimageio_info()
  var error = cimageio_error()
  var cLimits = cimageio_limits(limits)
  var icc: UnsafeMutablePointer<UInt8>? = nil
  var iccSize = 0
  let data = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)

  func decode(into raw: UnsafeMutableRawBufferPointer) -> Int32 {
    if let scans, var region = cRegion {
      return cimageio_decode_jpeg_part(
        scans.split.handle, Int32(scans.index), Int32(shrink), &cLimits, &info, raw.baseAddress, raw.count, &icc,
        &iccSize, cmyk?.cHandle, &region, &error)
    }
    if let scans {
      return cimageio_decode_jpeg_part(
        scans.split.handle, Int32(scans.index), Int32(shrink), &cLimits, &info, raw.baseAddress, raw.count, &icc,
        &iccSize, cmyk?.cHandle, nil, &error)
    }
    if cRegion == nil {
      return cimageio_decoder_decode(
        decoder?.handle, data, bytes.count, Int32(shrink), &cLimits, &info, raw.baseAddress, raw.count, &icc,
        &iccSize, cmyk?.cHandle, nil, &error)
    }
    return cimageio_decoder_decode(
      decoder?.handle, data, bytes.count, Int32(shrink), &cLimits, &info, raw.baseAddress, raw.count, &icc,
      &iccSize, cmyk?.cHandle, &cRegion!, &error)
  }
  var status: Int32 = 0
  let storage: PixelStorage
  if header.bit_depth == 16 {
    storage = .uint16(
      [UInt16](unsafeUninitializedCapacity: sampleCount) { buffer, count in
        status = decode(into: UnsafeMutableRawBufferPointer(buffer))
        count = sampleCount
      })
  } else {
    storage = .uint8(
      [UInt8](unsafeUninitializedCapacity: sampleCount) { buffer, count in
        status = decode(into: UnsafeMutableRawBufferPointer(buffer))
        count = sampleCount
      })
  }
  defer { cimageio_free(icc) }
  guard status == 0 else {
    throw imageError(status: status, error: error, file: file, format: sniffFormat(bytes))
  }
  let profile = icc.map { [UInt8](UnsafeBufferPointer(start: $0, count: iccSize)) }
  return (info, storage, profile, header.orientation)
}

/// Encodes a PNG. The corresponding C function is `cimageio_png_encode`.
func rawEncodePNG(
  _ image: Image, level: Int, filter: Int, file: String
) throws(ImageError) -> [UInt8] {
  var out: UnsafeMutablePointer<UInt8>? = nil
  var size = 0
  var error = cimageio_error()
  let icc = image.iccProfile ?? []
  let status: Int32 = icc.withUnsafeBufferPointer { profile in
    func encode(_ pixels: UnsafeRawPointer?) -> Int32 {
      cimageio_png_encode(
        pixels, UInt32(image.width), UInt32(image.height), Int32(image.layout.channels),
        Int32(image.bitDepth), Int32(level), Int32(filter), profile.baseAddress, profile.count,
        &out, &size, &error)
    }
    switch image.storage {
    case .uint8(let samples): return samples.withUnsafeBytes { encode($0.baseAddress) }
    case .uint16(let samples): return samples.withUnsafeBytes { encode($0.baseAddress) }
    }
  }
  defer { cimageio_free(out) }
  guard status == 0, let out else {
    throw imageError(status: status, error: error, file: file, format: .png)
  }
  return [UInt8](UnsafeBufferPointer(start: out, count: size))
}

/// The filtered rows (a filter-type byte, then the filtered samples) the fast PNG encoder
/// compresses, from the baseline or the AVX2 loops, the filter chosen every `choiceRows` rows
/// (the writer's 8, or 1 for every row); nil when the CPU lacks AVX2. For tests.
/// The corresponding C function is `cimageio_png_filter_rows`.
func rawFilterPNGRows(
  _ samples: [UInt8], width: Int, height: Int, channels: Int, avx2: Bool, choiceRows: Int = 1
) -> [UInt8]? {
  var out = [UInt8](repeating: 0, count: (1 + width * channels) * height)
  let status = samples.withUnsafeBufferPointer { pixels in
    out.withUnsafeMutableBufferPointer { out in
      cimageio_png_filter_rows(
        pixels.baseAddress, UInt32(width), UInt32(height), Int32(channels), avx2 ? 1 : 0, UInt32(choiceRows),
        out.baseAddress)
    }
  }
  return status == 0 ? out : nil
}

/// The fastest PNG effort's deflate of `bytes` (a raw deflate stream; ended as the last band
/// when `last`, else byte-aligned to join the next), or nil when it needs more than
/// `capacity` bytes. For tests. The corresponding C function is `cimageio_deflate_runs`.
func rawDeflateRuns(_ bytes: [UInt8], last: Bool, capacity: Int) -> [UInt8]? {
  var out = [UInt8](repeating: 0, count: capacity)
  let size = bytes.withUnsafeBufferPointer { input in
    out.withUnsafeMutableBufferPointer { out in
      cimageio_deflate_runs(input.baseAddress, input.count, last ? 1 : 0, out.baseAddress, capacity)
    }
  }
  return size > 0 ? Array(out[..<size]) : nil
}

/// Encodes a JPEG from 8-bit gray or RGB. The corresponding C function is
/// `cimageio_jpeg_encode`.
func rawEncodeJPEG(
  samples: [UInt8], width: Int, height: Int, channels: Int, quality: Int, progressive: Bool,
  icc: [UInt8]?, file: String
) throws(ImageError) -> [UInt8] {
  var out: UnsafeMutablePointer<UInt8>? = nil
  var size = 0
  var error = cimageio_error()
  let profile = icc ?? []
  let status = samples.withUnsafeBufferPointer { pixels in
    profile.withUnsafeBufferPointer { icc in
      cimageio_jpeg_encode(
        pixels.baseAddress, UInt32(width), UInt32(height), Int32(channels), Int32(quality),
        progressive ? 1 : 0, icc.baseAddress, icc.count, &out, &size, &error)
    }
  }
  defer { cimageio_free(out) }
  guard status == 0, let out else {
    throw imageError(status: status, error: error, file: file, format: .jpeg)
  }
  return [UInt8](UnsafeBufferPointer(start: out, count: size))
}

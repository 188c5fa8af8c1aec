/// An Ultra HDR JPEG (Ultra HDR 1.1; ISO 21496-1): the SDR primary image with its gain map's
/// JPEG after it, listed in the primary's Multi-Picture Format segment (CIPA DC-007) and its
/// XMP container directory, the map's figures in both ISO 21496-1's segment and Ultra HDR's
/// `hdrgm:` XMP, so that readers of either (Android 14's, libultrahdr's, Apple's) find them.
public enum UltraHDRJPEG {
  /// The file: `primary` and `map` (each a whole JPEG, as the encoder wrote it) with the
  /// segments added after each one's JFIF segment.
  public static func assemble(primary: [UInt8], map: [UInt8], figures: GainMapFigures) -> [UInt8] {
    let mapSegments =
      segment(0xE1, xmpHeader + Array(figures.hdrgmXMP.utf8))
      + segment(0xE2, isoHeader + figures.isoPayload())
    let mapFile = inserted(mapSegments, into: map)
    let directory = XMPPacket.wrap(
      namespaces: ["Container": XMPPacket.container, "Item": XMPPacket.item, "hdrgm": XMPPacket.hdrgm],
      attributes: ["hdrgm:Version=\"1.0\""],
      elements:
        "<Container:Directory><rdf:Seq>"
        + "<rdf:li rdf:parseType=\"Resource\"><Container:Item Item:Semantic=\"Primary\" Item:Mime=\"image/jpeg\"/></rdf:li>"
        + "<rdf:li rdf:parseType=\"Resource\"><Container:Item Item:Semantic=\"GainMap\" Item:Mime=\"image/jpeg\""
        + " Item:Length=\"\(mapFile.count)\"/></rdf:li>"
        + "</rdf:Seq></Container:Directory>")
    let leading =
      segment(0xE1, xmpHeader + Array(directory.utf8))
      + segment(0xE2, isoHeader + figures.isoPayload(versionOnly: true))
    // The MPF segment goes last of the added ones: its size is fixed, its offsets are not
    // known until the primary's length is.
    let at = insertionPoint(primary)
    let mpfSize = 2 + 2 + mpfLength
    let primaryLength = primary.count + leading.count + mpfSize
    let tiffStart = at + leading.count + 8  // its marker, length and "MPF\0" before the TIFF header
    let mpf = multiPicture(primaryLength: primaryLength, mapLength: mapFile.count, mapOffset: primaryLength - tiffStart)
    var file = Array(primary[..<at]) + leading + segment(0xE2, mpf)
    file += primary[at...]
    file += mapFile
    return file
  }

  private static let xmpHeader = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
  private static let isoHeader = Array("urn:iso:std:iso:ts:21496:-1\0".utf8)
  /// The MPF payload's length: "MPF\0", the TIFF header, an IFD of three entries, two MP entries.
  private static let mpfLength = 4 + 8 + 2 + 3 * 12 + 4 + 2 * 16

  /// `payload` as an APPn segment.
  private static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
    precondition(payload.count <= 65533, "a JPEG segment holds at most 65533 bytes")
    let length = payload.count + 2
    return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
  }

  /// Where added segments go: after the SOI and a JFIF APP0 segment right after it.
  private static func insertionPoint(_ jpeg: [UInt8]) -> Int {
    precondition(jpeg.count >= 4 && jpeg[0] == 0xFF && jpeg[1] == 0xD8, "a JPEG begins with SOI")
    guard jpeg[2] == 0xFF, jpeg[3] == 0xE0, jpeg.count >= 6 else { return 2 }
    return min(jpeg.count, 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5])))
  }

  private static func inserted(_ segments: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
    let at = insertionPoint(jpeg)
    return Array(jpeg[..<at]) + segments + jpeg[at...]
  }

  /// The MPF segment's payload, big-endian: version 0100, two images, and their entries (the
  /// primary a baseline MP primary image, the map an undefined one at its offset from the
  /// TIFF header).
  private static func multiPicture(primaryLength: Int, mapLength: Int, mapOffset: Int) -> [UInt8] {
    var bytes = Array("MPF\0".utf8) + [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]
    func u16(_ value: Int) { bytes += [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    func u32(_ value: Int) { for shift in [24, 16, 8, 0] { bytes.append(UInt8(value >> shift & 0xFF)) } }
    let entriesAt = 8 + 2 + 3 * 12 + 4
    u16(3)
    u16(0xB000)
    u16(7)
    u32(4)
    bytes += Array("0100".utf8)  // MPFVersion, UNDEFINED
    u16(0xB001)
    u16(4)
    u32(1)
    u32(2)  // NumberOfImages, LONG
    u16(0xB002)
    u16(7)
    u32(32)
    u32(entriesAt)  // MPEntry, UNDEFINED
    u32(0)  // no next IFD
    u32(0x03_0000)
    u32(primaryLength)
    u32(0)
    u16(0)
    u16(0)
    u32(0)
    u32(mapLength)
    u32(mapOffset)
    u16(0)
    u16(0)
    precondition(bytes.count == mpfLength)
    return bytes
  }
}

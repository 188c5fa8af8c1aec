import Artwork

/// The gain map figure readers (ISO 21496-1's binary segment, Ultra HDR's `hdrgm:` XMP,
/// Apple's XMP headroom and Apple's maker note) fed arbitrary bytes in an Ultra HDR JPEG
/// artfit writes: the input's first byte picks the carrier, the rest is its payload. Figures
/// the probe reports must be in range (`GainMapFigures.problem`), and a preview carrying them
/// must report the same figures: what the report says is what the preview carries.
public func fuzzGainMap(_ input: [UInt8]) {
  guard let carrier = input.first else { return }
  let payload = Array(input.dropFirst().prefix(60_000))
  let file: [UInt8]
  switch carrier % 4 {
  case 0: file = GainMapFile.make(mapSegments: segment(0xE2, isoHeader + payload))
  case 1: file = GainMapFile.make(mapSegments: segment(0xE1, xmpHeader + Array("hdrgm:".utf8) + payload))
  case 2: file = GainMapFile.make(mapSegments: segment(0xE1, xmpHeader + appleType + payload))
  default:
    file = GainMapFile.make(
      mapSegments: segment(0xE1, xmpHeader + appleType), exif: segment(0xE1, Array("Exif\0\0".utf8) + payload))
  }
  guard let info = try? ImageDecoder.probe(data: file, name: "fuzz", limits: fuzzLimits),
    let figures = info.gainMapFigures
  else { return }
  if let problem = figures.problem { fatalError("figures out of range were reported: \(problem)") }
  let preview = UltraHDRJPEG.assemble(primary: GainMapFile.primary, map: GainMapFile.map, figures: figures)
  guard let carried = try? ImageDecoder.probe(data: preview, name: "preview", limits: fuzzLimits).gainMapFigures
  else { fatalError("a preview does not carry the figures \(figures)") }
  guard figures.readsBack(as: carried) else { fatalError("reported \(figures), the preview carries \(carried)") }
}

private let xmpHeader = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
private let isoHeader = Array("urn:iso:std:iso:ts:21496:-1\0".utf8)
private let appleType = Array("urn:com:apple:photo:2020:aux:hdrgainmap ".utf8)

private func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
  let length = payload.count + 2
  return [0xFF, marker, UInt8(length >> 8), UInt8(length & 255)] + payload
}

/// An Ultra HDR JPEG artfit writes, its map's figures replaced by the fuzzer's segments.
private enum GainMapFile {
  static let primary = try! ImageEncoder.jpeg(
    Image(width: 16, height: 8, layout: .rgb, storage: .uint8((0..<384).map { UInt8($0 % 251) })))
  static let map = try! ImageEncoder.jpeg(
    Image(width: 8, height: 4, layout: .gray, storage: .uint8((0..<32).map { UInt8($0 * 8) })))
  /// The file of `primary` and `map`, where its map starts and where the map's MP entry
  /// (CIPA DC-007: attributes, size, offset; big-endian, as artfit writes it) gives its size.
  static let template: (file: [UInt8], mapStart: Int, mapSize: Int) = {
    let figures = GainMapFigures(
      alternateHeadroom: 2, gainMin: [0], gainMax: [2], gamma: [1], baseOffset: [0], alternateOffset: [0])
    let file = UltraHDRJPEG.assemble(primary: primary, map: map, figures: figures)
    func u16(_ at: Int) -> Int { Int(file[at]) << 8 | Int(file[at + 1]) }
    func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
    var at = 2
    while Array(file[at + 4..<at + 8]) != Array("MPF\0".utf8) { at += 2 + u16(at + 2) }
    let tiff = at + 8
    let ifd = tiff + u32(tiff + 4)
    let entry = (0..<u16(ifd)).map { ifd + 2 + 12 * $0 }.first { u16($0) == 0xB002 }!
    let mapEntry = tiff + u32(entry + 8) + 16
    return (file, tiff + u32(mapEntry + 8), mapEntry + 4)
  }()

  /// The template with its map's segments replaced by `mapSegments`, and `exif` (a whole
  /// segment) after the primary's SOI.
  static func make(mapSegments: [UInt8], exif: [UInt8] = []) -> [UInt8] {
    let newMap = [0xFF, 0xD8] + mapSegments + map[2...]
    var file = Array(template.file[..<template.mapStart]) + newMap
    for (index, shift) in [24, 16, 8, 0].enumerated() {
      file[template.mapSize + index] = UInt8(newMap.count >> shift & 0xFF)
    }
    // The MP offsets count from the MPF segment, which an EXIF segment before it moves too.
    return [0xFF, 0xD8] + exif + file[2...]
  }
}

import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec
@testable import ArtworkRender

/// A JPEG's gain map read as its picture's: its own EXIF orientation does not turn it (the
/// picture's does, as libultrahdr reads it), and a map with more pixels than its picture is
/// refused, naming both sizes, before it is decoded.
struct GainMapImageTests {
  static let landscape = Fixtures.path("HDR") + "/ultrahdr-landscape.jpg"

  /// The file with its map (the last image of its MPF list) replaced by `map`, the list's
  /// entry for it sized to match.
  static func withMap(_ bytes: [UInt8], _ map: ([UInt8]) -> [UInt8]) throws -> [UInt8] {
    let table = try #require(MPFTable(bytes), "libultrahdr writes a big-endian MPF table")
    let mapSize = table.size(of: 1)
    let (size, offset) = (MPFTable.u32(bytes, at: mapSize), MPFTable.u32(bytes, at: mapSize + 4))
    let start = table.tiff + offset
    try #require(start + size == bytes.count, "the map is the file's last image")
    let replaced = map(Array(bytes[start...]))
    var out = Array(bytes[..<start]) + replaced
    MPFTable.put(replaced.count, into: &out, at: mapSize)
    return out
  }

  /// A JPEG with an EXIF segment saying `orientation` after its SOI.
  static func withOrientation(_ jpeg: [UInt8], _ orientation: UInt8) -> [UInt8] {
    let exif: [UInt8] =
      Array("Exif".utf8) + [0, 0] + Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1]
      + [0, orientation, 0, 0, 0, 0, 0, 0]
    let length = exif.count + 2
    return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 255)] + exif + jpeg[2...]
  }

  /// `jpeg` with the APPn segments (the gain map's figures among them) of `original` first.
  static func withSegments(of original: [UInt8], _ jpeg: [UInt8]) -> [UInt8] {
    var at = 2
    while at + 4 <= original.count, original[at] == 0xFF, (0xE0...0xEF).contains(original[at + 1]) {
      at += 2 + (Int(original[at + 2]) << 8 | Int(original[at + 3]))
    }
    return Array(original[..<at]) + jpeg[2...]
  }

  static func read(_ bytes: [UInt8], in folder: TemporaryFolder) throws -> GainMapImage.Outcome? {
    let file = folder.write(bytes, to: "art.jpg")
    return GainMapImage.read(info: try ImageDecoder.probe(file: file), bytes: nil, path: file, limits: ImageLimits())
  }

  /// Every orientation the map's own EXIF may give reads the same map as none.
  @Test func aMapsOwnOrientationDoesNotTurnIt() throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.landscape)))
    let folder = TemporaryFolder()
    defer { folder.remove() }
    guard case .read(let plain) = try Self.read(bytes, in: folder) else {
      Issue.record("the corpus file's map is read")
      return
    }
    for orientation: UInt8 in 2...8 {
      let turned = try Self.withMap(bytes) { Self.withOrientation($0, orientation) }
      guard case .read(let map) = try Self.read(turned, in: folder) else {
        Issue.record("orientation \(orientation): the map is read")
        continue
      }
      #expect(map.map == plain.map, "orientation \(orientation)")
    }
  }

  /// A map of one pixel more than its picture, or far more, is refused by size; one of the
  /// picture's size is read.
  @Test(arguments: [(0, 0, true), (1, 0, false), (904, 936, false)])
  func aMapLargerThanItsPictureIsRefused(extraWidth: Int, extraHeight: Int, read: Bool) throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.landscape)))
    let picture = try ImageDecoder.probe(file: Self.landscape)
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let (width, height) = (picture.width + extraWidth, picture.height + extraHeight)
    let gray = Image(
      width: width, height: height, layout: .gray, storage: .uint8([UInt8](repeating: 128, count: width * height)))
    let map = try ImageEncoder.jpeg(gray)
    let outcome = try Self.read(try Self.withMap(bytes) { Self.withSegments(of: $0, map) }, in: folder)
    switch outcome {
    case .read: #expect(read, "\(width) x \(height)")
    case .unread(let reason):
      #expect(!read, "\(reason)")
      #expect(
        reason
          == "its map (\(width) x \(height)) has more pixels than its picture (\(picture.width) x \(picture.height))")
    case nil: Issue.record("the gain map is still named")
    }
  }

  /// A map the file's Multi-Picture list does not lead to is named as that, not as figures
  /// that cannot be read.
  @Test func aMapOutsideTheMultiPictureListIsNamedAsThat() throws {
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.landscape)))
    let table = try #require(MPFTable(bytes), "libultrahdr writes a big-endian MPF table")
    bytes[table.identifier + 2] = UInt8(ascii: "X")
    let folder = TemporaryFolder()
    defer { folder.remove() }
    guard case .unread(let reason) = try Self.read(bytes, in: folder) else {
      Issue.record("the map is named and not read")
      return
    }
    #expect(reason == "its map image is not in the file's Multi-Picture list")
  }
}

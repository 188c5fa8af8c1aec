/// The EXIF orientation tag: how the stored pixels must be turned to display upright.
public enum ExifOrientation: Int, Sendable, CaseIterable {
  /// Stored upright (1).
  case up = 1
  /// Stored mirrored left to right (2).
  case upMirrored = 2
  /// Stored upside down (3).
  case down = 3
  /// Stored upside down and mirrored (4).
  case downMirrored = 4
  /// Stored transposed (5).
  case leftMirrored = 5
  /// Stored turned a quarter counter-clockwise: display turns it clockwise (6).
  case right = 6
  /// Stored transversed (7).
  case rightMirrored = 7
  /// Stored turned a quarter clockwise: display turns it counter-clockwise (8).
  case left = 8

  /// Whether displaying turns the image a quarter, so width and height trade places.
  public var swapsAxes: Bool { rawValue >= 5 }

  /// The stored pixel shown at displayed (x, y), for a stored image of `width` × `height`.
  @inline(__always)
  func storedPosition(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
    switch self {
    case .up: (x, y)
    case .upMirrored: (width - 1 - x, y)
    case .down: (width - 1 - x, height - 1 - y)
    case .downMirrored: (x, height - 1 - y)
    case .leftMirrored: (y, x)  // transpose
    case .right: (y, height - 1 - x)  // turn 90° clockwise
    case .rightMirrored: (width - 1 - y, height - 1 - x)  // transverse
    case .left: (width - 1 - y, x)  // turn 90° counter-clockwise
    }
  }
}

extension Image {
  /// The image turned upright according to `orientation`.
  public func applying(_ orientation: ExifOrientation) -> Image {
    if orientation == .up { return self }
    let outWidth = orientation.swapsAxes ? height : width
    let outHeight = orientation.swapsAxes ? width : height
    func turn<T: FixedWidthInteger>(_ samples: [T]) -> [T] {
      let channels = layout.channels
      return [T](unsafeUninitializedCapacity: samples.count) { out, count in
        samples.withUnsafeBufferPointer { source in
          var index = 0
          for y in 0..<outHeight {
            for x in 0..<outWidth {
              let (sx, sy) = orientation.storedPosition(x: x, y: y, width: width, height: height)
              let start = (sy * width + sx) * channels
              for channel in 0..<channels { out[index + channel] = source[start + channel] }
              index += channels
            }
          }
        }
        count = samples.count
      }
    }
    let storage: PixelStorage =
      switch storage {
      case .uint8(let samples): .uint8(turn(samples))
      case .uint16(let samples): .uint16(turn(samples))
      }
    return Image(
      width: outWidth, height: outHeight, layout: layout, storage: storage,
      iccProfile: iccProfile)
  }
}

import CTestColour

/// JPEG decodes made by libjpeg itself, with its own memory manager, to compare artfit's
/// decoder against.
public enum ReferenceDecode {
  /// The samples libjpeg decodes from `jpeg` at 1/`shrink` (RGB, or gray for a gray JPEG):
  /// `width` × `height` × `channels` of them, the size of that decode.
  public static func jpeg(_ jpeg: [UInt8], shrink: Int = 1, width: Int, height: Int, channels: Int) -> [UInt8] {
    var samples = [UInt8](repeating: 0, count: width * height * channels)
    let status = jpeg.withUnsafeBufferPointer { data in
      samples.withUnsafeMutableBufferPointer {
        test_decode_jpeg(data.baseAddress, data.count, Int32(shrink), $0.baseAddress, $0.count)
      }
    }
    precondition(status == 0, "libjpeg's decode is not \(width)×\(height)×\(channels)")
    return samples
  }
}

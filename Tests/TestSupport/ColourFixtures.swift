import Artwork
import CTestColour

/// Profiles, CMYK JPEGs and reference conversions made with LittleCMS and libjpeg directly,
/// not through artfit.
public enum ColourFixtures {
  /// A CMYK output profile whose tables follow the naive inversion through sRGB.
  public static let cmykProfile: [UInt8] = take { test_cmyk_profile(&$0, &$1) }

  /// Display P3 from its published figures: P3 primaries, D65, the sRGB transfer function.
  public static let displayP3: [UInt8] = rgbProfile(
    primaries: [0.680, 0.320, 0.265, 0.690, 0.150, 0.060], gamma: 0, name: "test Display P3")

  /// Adobe RGB (1998) from its published figures: primaries, D65, gamma 563/256.
  public static let adobeRGB: [UInt8] = rgbProfile(
    primaries: [0.64, 0.33, 0.21, 0.71, 0.15, 0.06], gamma: 563.0 / 256, name: "test Adobe RGB (1998)")

  /// A gray profile with gamma 1.8 (what print-origin grayscale often carries).
  public static let gray: [UInt8] = take { test_gray_profile(1.8, "test Gray 1.8", &$0, &$1) }

  static func rgbProfile(primaries: [Double], gamma: Double, name: String) -> [UInt8] {
    take { out, size in
      primaries.withUnsafeBufferPointer { p in
        [0.3127, 0.3290].withUnsafeBufferPointer { w in
          test_rgb_profile(p.baseAddress, w.baseAddress, gamma, name, &out, &size)
        }
      }
    }
  }

  /// A CMYK JPEG of `cmyk` (4 samples a pixel, 0 = full ink as Adobe stores it), stored as
  /// YCCK when `ycck`.
  public static func cmykJPEG(_ cmyk: [UInt8], width: Int, height: Int, profile: [UInt8]?, ycck: Bool = false)
    -> [UInt8]
  {
    take { out, size in
      cmyk.withUnsafeBufferPointer { pixels in
        (profile ?? []).withUnsafeBufferPointer { icc in
          test_cmyk_jpeg(
            pixels.baseAddress, UInt32(width), UInt32(height), 95, ycck ? 1 : 0,
            profile == nil ? nil : icc.baseAddress, icc.count, &out, &size)
        }
      }
    }
  }

  /// The CMYK samples libjpeg decodes from `jpeg`.
  public static func decodedCMYK(_ jpeg: [UInt8], width: Int, height: Int) -> [UInt8] {
    var cmyk = [UInt8](repeating: 0, count: width * height * 4)
    let status = jpeg.withUnsafeBufferPointer { data in
      cmyk.withUnsafeMutableBufferPointer {
        test_decode_cmyk_jpeg(data.baseAddress, data.count, $0.baseAddress, $0.count)
      }
    }
    precondition(status == 0, "libjpeg could not decode the test JPEG")
    return cmyk
  }

  /// LittleCMS's own conversion of 8-bit pixels (CMYK, 0 = full ink, when `cmyk`) from
  /// `from` to `to` (nil: sRGB), with black-point compensation.
  public static func converted(
    _ pixels: [UInt8], cmyk: Bool = false, from: [UInt8]?, to: [UInt8]?, intent: Int32 = 1
  ) -> [UInt8] {
    let count = pixels.count / (cmyk ? 4 : 3)
    var out = [UInt8](repeating: 0, count: count * 3)
    convert(pixels, into: &out, count: count, cmyk: cmyk, bytes: 1, from: from, to: to, intent: intent)
    return out
  }

  /// The same for 16-bit RGB.
  public static func converted(_ pixels: [UInt16], from: [UInt8]?, to: [UInt8]?, intent: Int32 = 1) -> [UInt16] {
    var out = [UInt16](repeating: 0, count: pixels.count)
    convert(pixels, into: &out, count: pixels.count / 3, cmyk: false, bytes: 2, from: from, to: to, intent: intent)
    return out
  }

  private static func convert<In, Out>(
    _ pixels: [In], into out: inout [Out], count: Int, cmyk: Bool, bytes: Int32, from: [UInt8]?, to: [UInt8]?,
    intent: Int32
  ) {
    let status = pixels.withUnsafeBytes { input in
      out.withUnsafeMutableBytes { output in
        (from ?? []).withUnsafeBufferPointer { f in
          (to ?? []).withUnsafeBufferPointer { t in
            test_transform(
              from == nil ? nil : f.baseAddress, f.count, to == nil ? nil : t.baseAddress, t.count, cmyk ? 1 : 0,
              bytes, intent, input.baseAddress, output.baseAddress, count)
          }
        }
      }
    }
    precondition(status == 0, "LittleCMS could not convert")
  }

  private static func take(_ make: (inout UnsafeMutablePointer<UInt8>?, inout Int) -> Int32) -> [UInt8] {
    var out: UnsafeMutablePointer<UInt8>? = nil
    var size = 0
    let status = make(&out, &size)
    defer { test_free(out) }
    precondition(status == 0 && out != nil, "LittleCMS could not make the fixture")
    return Array(UnsafeBufferPointer(start: out, count: size))
  }
}

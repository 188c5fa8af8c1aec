import Foundation

extension GainMapFigures {
  /// ISO 21496-1's binary metadata: the versions, then (unless `versionOnly`, what the primary
  /// image carries) the flags and every figure as a fraction, each over its own denominator
  /// (2^20: offsets such as 1/64 exact).
  public func isoPayload(versionOnly: Bool = false) -> [UInt8] {
    var bytes: [UInt8] = [0, 0, 0, 0]  // minimum version 0, writer version 0
    if versionOnly { return bytes }
    let denominator: UInt32 = 1 << 20
    func append(_ value: UInt32) {
      for shift in [24, 16, 8, 0] { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }
    func fraction(_ value: Double, signed: Bool) {
      let scaled = (value * Double(denominator)).rounded()
      let bound = signed ? Double(Int32.max) : Double(UInt32.max)
      let clamped = min(bound, max(signed ? Double(Int32.min) : 0, scaled))
      append(signed ? UInt32(bitPattern: Int32(clamped)) : UInt32(clamped))
      append(denominator)
    }
    let flags: UInt8 = (channels == 3 ? 0x80 : 0) | (alternateColourSpace ? 0 : 0x40) | (baseIsHDR ? 0x04 : 0)
    bytes.append(flags)
    fraction(baseHeadroom, signed: false)
    fraction(alternateHeadroom, signed: false)
    for channel in 0..<channels {
      fraction(gainMin[channel], signed: true)
      fraction(gainMax[channel], signed: true)
      fraction(gamma[channel], signed: false)
      fraction(baseOffset[channel], signed: true)
      fraction(alternateOffset[channel], signed: true)
    }
    return bytes
  }

  /// Whether `read` gives these figures back as `isoPayload` writes them: each to within the
  /// 2^-20 its fractions keep (relative to the figure above 1), the direction the same.
  public func readsBack(as read: GainMapFigures) -> Bool {
    func near(_ a: [Double], _ b: [Double]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 1e-5 * max(1, abs($0)) } }
    return baseIsHDR == read.baseIsHDR && near([headroomStops], [read.headroomStops])
      && near(gainMin, read.gainMin) && near(gainMax, read.gainMax) && near(gamma, read.gamma)
      && near(baseOffset, read.baseOffset) && near(alternateOffset, read.alternateOffset)
  }

  /// Ultra HDR 1.0's XMP properties for the gain map image (`hdrgm:`), as attributes of one
  /// rdf:Description, three-channel figures as rdf:Seq elements.
  public var hdrgmXMP: String {
    func number(_ value: Double) -> String {
      var text = String(format: "%.6f", value)
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
      return text == "-0" ? "0" : text
    }
    let figures: [(String, [Double])] = [
      ("GainMapMin", gainMin), ("GainMapMax", gainMax), ("Gamma", gamma), ("OffsetSDR", baseOffset),
      ("OffsetHDR", alternateOffset),
    ]
    var attributes = [
      "hdrgm:Version=\"1.0\"",
      "hdrgm:HDRCapacityMin=\"\(number(baseIsHDR ? alternateHeadroom : baseHeadroom))\"",
      "hdrgm:HDRCapacityMax=\"\(number(baseIsHDR ? baseHeadroom : alternateHeadroom))\"",
      "hdrgm:BaseRenditionIsHDR=\"\(baseIsHDR ? "True" : "False")\"",
    ]
    var elements: [String] = []
    for (name, values) in figures {
      if channels == 3 {
        let items = values.map { "<rdf:li>\(number($0))</rdf:li>" }.joined()
        elements.append("<hdrgm:\(name)><rdf:Seq>\(items)</rdf:Seq></hdrgm:\(name)>")
      } else {
        attributes.append("hdrgm:\(name)=\"\(number(values[0]))\"")
      }
    }
    return XMPPacket.wrap(
      namespaces: ["hdrgm": XMPPacket.hdrgm], attributes: attributes, elements: elements.joined())
  }
}

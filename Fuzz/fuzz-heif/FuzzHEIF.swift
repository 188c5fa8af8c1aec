import FuzzSupport

// libFuzzer entry point: probe and decode arbitrary bytes as a HEIF or AVIF. Inputs that do not
// start with a file type box get one naming HEIC and AVIF brands, so that every run reaches
// libheif rather than the format sniffer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIF(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let input = Array(UnsafeBufferPointer(start: start, count: count))
  let ftyp: [UInt8] = [0, 0, 0, 0x18] + Array("ftypheic\0\0\0\0mif1avif".utf8)
  let isHEIF = input.count >= 16 && Array(input[4..<8]) == Array("ftyp".utf8)
  fuzzDecoder(isHEIF ? input : ftyp + input, magic: isHEIF ? Array(input.prefix(4)) : ftyp)
  return 0
}

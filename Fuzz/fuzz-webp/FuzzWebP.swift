import FuzzSupport

// libFuzzer entry point: probe and decode arbitrary bytes as a WebP. Inputs that are not a
// RIFF WebP container get its 12-byte header (with their own size) so that every run reaches
// libwebp rather than the format sniffer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let input = Array(UnsafeBufferPointer(start: start, count: count))
  let riff = Array("RIFF".utf8)
  let isWebP = input.count >= 12 && input.starts(with: riff) && Array(input[8..<12]) == Array("WEBP".utf8)
  let size = UInt32(truncatingIfNeeded: input.count + 4)
  let header = riff + (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) } + Array("WEBP".utf8)
  fuzzDecoder(isWebP ? input : header + input, magic: riff)
  return 0
}

import FuzzSupport

// libFuzzer entry point: probe and decode arbitrary bytes as a TIFF. A decode that succeeds
// must agree with the probe; anything else is an ImageError, never a crash or a hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTIFF(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let input = Array(UnsafeBufferPointer(start: start, count: count))
  // Either byte order reaches libtiff; other inputs get the little-endian header.
  let bigEndian: [UInt8] = [0x4D, 0x4D, 0, 0x2A]
  fuzzDecoder(input, magic: input.starts(with: bigEndian) ? bigEndian : [0x49, 0x49, 0x2A, 0])
  return 0
}

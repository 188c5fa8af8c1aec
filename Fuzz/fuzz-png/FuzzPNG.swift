import FuzzSupport

// libFuzzer entry point: probe and decode arbitrary bytes as a PNG. A decode that succeeds
// must agree with the probe (sizes, layout); anything else is an ImageError, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  fuzzDecoder(Array(UnsafeBufferPointer(start: start, count: count)), magic: [0x89, 0x50, 0x4E, 0x47])
  return 0
}

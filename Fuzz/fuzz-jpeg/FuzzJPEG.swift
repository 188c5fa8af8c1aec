import FuzzSupport

// libFuzzer entry point: probe and decode arbitrary bytes as a JPEG, at the shrink factor
// the last byte picks, so the DCT-scaled paths are fuzzed too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  fuzzDecoder(Array(UnsafeBufferPointer(start: start, count: count)), magic: [0xFF, 0xD8])
  return 0
}

import FuzzSupport

// libFuzzer entry point: arbitrary bytes as an image's samples, written by artfit's PNG writer
// and checked against libpng's file of the same image (FuzzSupport/FuzzEncoder.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGEncode(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  fuzzPNGEncoder(Array(UnsafeBufferPointer(start: start, count: count)))
  return 0
}

import FuzzSupport

// libFuzzer entry point: probe and decode arbitrary bytes as netpbm (any of P1 to P7, PF, Pf;
// "P" is prepended when the bytes do not start with it). A decode that succeeds must agree with
// the probe; anything else is an ImageError, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNetpbm(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  fuzzDecoder(Array(UnsafeBufferPointer(start: start, count: count)), magic: [0x50])
  return 0
}

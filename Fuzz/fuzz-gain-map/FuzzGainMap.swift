import FuzzSupport

// libFuzzer entry point: arbitrary bytes as a gain map's figures, in the carrier the first
// byte picks (FuzzSupport/FuzzGainMap.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGainMapEntry(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  fuzzGainMap(Array(UnsafeBufferPointer(start: start, count: count)))
  return 0
}

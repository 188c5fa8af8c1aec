import FuzzSupport

// libFuzzer entry point: arbitrary bytes opened as a PDF by poppler and its first page drawn
// with cairo. Inputs without a PDF header get `%PDF-1.4`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPDF(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  fuzzVector(Array(UnsafeBufferPointer(start: start, count: count)), magic: Array("%PDF-1.4\n".utf8), format: .pdf)
  return 0
}

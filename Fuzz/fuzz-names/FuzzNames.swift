import Artwork

// libFuzzer entry point: arbitrary bytes as a file name (read as UTF-8, as the file system's
// names reach artfit) through the sheet's URLs, the terminal's text and the CSV cells; a
// name that breaks one of them stops the fuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNames(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let name = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
  if let violation = NameSafety.violation(name) { fatalError("\(violation): \(name.debugDescription)") }
  return 0
}

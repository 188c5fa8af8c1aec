import FuzzSupport

// libFuzzer entry point: arbitrary bytes opened as an SVG by librsvg (libxml2 underneath) and
// drawn with cairo. Inputs that are not an SVG document get an `<svg>` root's start tag.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVG(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let root =
    "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"32\" height=\"32\">"
  fuzzVector(Array(UnsafeBufferPointer(start: start, count: count)), magic: Array(root.utf8), format: .svg)
  return 0
}

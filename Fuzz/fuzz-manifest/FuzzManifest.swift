import Artwork

// libFuzzer entry point: parse arbitrary bytes as artfit.json. A manifest that parses must
// answer settings lookups for any path; anything else is a Manifest.Failure, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  do {
    let manifest = try Manifest.parse(bytes, path: "/fuzz/artfit.json")
    for path in ["/fuzz/a.png", "/fuzz/art/b/c.jpg", "/elsewhere/d.png", "/fuzz/**/e.png"] {
      _ = manifest.settings(for: path)
    }
  } catch {
    _ = error.description
  }
  return 0
}

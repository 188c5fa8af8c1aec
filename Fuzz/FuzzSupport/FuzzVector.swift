import Artwork

/// Opens `input` as an SVG or PDF (with `magic` prepended when it is not one, so every run
/// reaches librsvg or poppler rather than the sniffer), then draws it whole and a rect of it
/// at small sizes, as a crop map and a preview would. A drawing must have the size asked for.
public func fuzzVector(_ input: [UInt8], magic: [UInt8], format: ImageFormat) {
  let sniffed = FileKind.of(head: Array(input.prefix(FileKind.headLength)), name: "fuzz")
  let bytes = sniffed == .artwork(format) ? input : magic + input
  // The probe's path: an SVG measured, then its root alone read for the size.
  _ = try? ImageDecoder.probe(data: bytes, name: "fuzz")
  let document: VectorDocument
  do {
    document = try VectorDocument(bytes: bytes, name: "fuzz")
  } catch {
    _ = error.description
    return
  }
  _ = document.referencesWarning
  let width = Double(document.pixelWidth)
  let height = Double(document.pixelHeight)
  let sizes = [(24, 24), (7, 40)]
  let rects = [(0.0, 0.0, width, height), (width / 3, height / 4, width / 2, height / 3)]
  for ((x, y, w, h), size) in zip(rects, sizes) {
    do {
      let image = try document.draw(x: x, y: y, width: w, height: h, into: size)
      guard image.width == size.0, image.height == size.1 else {
        fatalError("drew \(image.width)×\(image.height), asked for \(size)")
      }
    } catch {
      _ = error.description
    }
  }
}

import Artwork

/// Whether a reader's region path reads exactly what its whole read holds there: decoding only
/// `region` (with `decode`) gives `whole`'s pixels under it, sample for sample.
public func regionReadsAsTheCrop(
  of whole: Image, _ region: ImageRegion, decode: (ImageRegion) throws -> Image
) rethrows -> Bool {
  try decode(region).storage == whole.cropped(to: region).storage
}

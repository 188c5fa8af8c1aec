extension Image {
  /// A copy of `region`'s pixels (which must lie inside), with the same layout and profile.
  public func cropped(to region: ImageRegion) -> Image {
    precondition(region.fits(width: width, height: height), "the region lies outside the image")
    let channels = layout.channels
    func rows<T>(_ samples: [T]) -> [T] {
      var out: [T] = []
      out.reserveCapacity(region.width * region.height * channels)
      for y in region.y..<(region.y + region.height) {
        let start = (y * width + region.x) * channels
        out.append(contentsOf: samples[start..<(start + region.width * channels)])
      }
      return out
    }
    let storage: PixelStorage =
      switch storage {
      case .uint8(let samples): .uint8(rows(samples))
      case .uint16(let samples): .uint16(rows(samples))
      }
    return Image(width: region.width, height: region.height, layout: layout, storage: storage, iccProfile: iccProfile)
  }
}

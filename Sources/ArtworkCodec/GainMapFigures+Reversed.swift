extension GainMapFigures {
  /// The same map read the other way (ISO 21496-1's two directions): the figures of the map
  /// from the alternate rendition back to the base. A map codes the gain toward the rendition
  /// with more headroom whichever is the base (a display short of the base's headroom applies
  /// it negatively), so its codes, range and gamma stand; the headrooms and offsets change
  /// places. Which colour space the gain applies in is left as it is: for a base in the same
  /// primaries as its alternate, as artfit draws an HDR base's SDR rendition, the two are one.
  public func reversed() -> GainMapFigures {
    var figures = self
    figures.baseIsHDR = !baseIsHDR
    (figures.baseHeadroom, figures.alternateHeadroom) = (alternateHeadroom, baseHeadroom)
    (figures.baseOffset, figures.alternateOffset) = (alternateOffset, baseOffset)
    return figures
  }
}

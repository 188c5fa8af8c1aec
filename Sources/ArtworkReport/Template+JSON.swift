import ArtworkGeometry
@_spi(Support) import ArtworkSupport

extension Template {
  /// `artfit template --json`: the source size, each visible region with its safe part and
  /// the screens it stands for, and the region safe everywhere; rects in source pixels to
  /// one decimal, as report.json writes them.
  public var json: JSONValue {
    .object([
      ("source", .object([("w", .rounded(source.width, 1)), ("h", .rounded(source.height, 1))])),
      ("results", .integer(resultCount)),
      (
        "regions",
        .array(
          regions.enumerated().map { index, region in
            .object([
              ("id", .string("visible-" + TemplateStyle.layerName(region, number: index + 1))),
              ("family", .string(TemplateStyle.family(of: region).rawValue)),
              ("rect", Self.json(region.rect)),
              ("safe", region.safe.map(Self.json) ?? .null),
              (
                "screens",
                .array(
                  region.results.map { result in
                    .object([
                      ("target", .string(result.screen.target.name)), ("slug", .string(result.screen.target.slug)),
                      ("orientation", .string(result.screen.orientation.rawValue)),
                      ("mode", .string(result.placement.mode.rawValue)),
                      ("requested_mode", .string(result.placement.requestedMode.rawValue)),
                    ])
                  })
              ),
            ])
          })
      ),
      ("safe_everywhere", safeEverywhere.map(Self.json) ?? .null),
    ])
  }

  private static func json(_ rect: Rect) -> JSONValue {
    .object([
      ("x", .rounded(rect.x, 1)), ("y", .rounded(rect.y, 1)), ("w", .rounded(rect.width, 1)),
      ("h", .rounded(rect.height, 1)),
    ])
  }
}

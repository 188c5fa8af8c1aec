/// How artwork is sized onto a canvas.
public enum FitMode: String, Sendable, Hashable, Codable, CaseIterable {
  /// Scale to fit inside, keeping the aspect ratio; bars fill the rest (UIKit
  /// `scaleAspectFit`, `AVMakeRect`, CSS `contain`).
  case fit
  /// Scale to cover, keeping the aspect ratio; the overflow is cropped (UIKit
  /// `scaleAspectFill`, AVFoundation `resizeAspectFill`, CSS `cover`).
  case fill
  /// Apple's default video gravity: fill when the source's long side over short side is
  /// within 2.0...2.40, fit otherwise, and fit when filling would lose more than the limit.
  case auto
}

/// What a placement leaves around or cuts from the artwork.
public enum Boxing: String, Sendable, Hashable, Codable {
  /// The artwork covers the canvas exactly.
  case none
  /// Fit of a wider source: bars above and below.
  case letterbox
  /// Fit of a taller source: bars left and right.
  case pillarbox
  /// Fill: part of the source is cut away.
  case crop
}

/// Bar sizes in canvas pixels.
public struct Bars: Sendable, Hashable, Codable {
  /// The bar above the picture, in canvas pixels.
  public var top: Int
  /// The bar below the picture, in canvas pixels.
  public var bottom: Int
  /// The bar left of the picture, in canvas pixels.
  public var left: Int
  /// The bar right of the picture, in canvas pixels.
  public var right: Int

  /// Bars of these widths.
  public init(top: Int = 0, bottom: Int = 0, left: Int = 0, right: Int = 0) {
    self.top = top
    self.bottom = bottom
    self.left = left
    self.right = right
  }
}

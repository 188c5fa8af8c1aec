import ArtworkCodec
import ArtworkGeometry
import ArtworkReport

/// Writes template.svg and template.png for a template into a folder, each atomically.
public enum TemplateFiles {
  /// The vector template's file name.
  public static let svgName = "template.svg"
  /// The raster template's file name.
  public static let pngName = "template.png"

  /// Why a template cannot be drawn.
  public enum Failure: Error, Sendable, CustomStringConvertible {
    /// The template's pixels would pass the pixel limit.
    case tooLarge(Size, limit: Int)
    /// A file could not be written.
    case output(OutputError)
    /// The PNG could not be encoded.
    case image(ImageError)

    /// What went wrong, naming the file or the size.
    public var description: String {
      switch self {
      case .tooLarge(let size, let limit):
        "a \(Int(size.width))x\(Int(size.height)) template is more than \(limit) pixels"
      case .output(let error): error.description
      case .image(let error): error.description
      }
    }
  }

  /// Writes both files into `folder` (created when missing) and returns their paths.
  /// - Parameters:
  ///   - name: what the template is for (the artwork's file name, or its size), in its legend.
  ///   - maxPixels: the largest picture drawn; the PNG holds 4 bytes a pixel in memory.
  public static func write(
    _ template: Template, name: String, to folder: String, maxPixels: Int = ImageLimits.defaultMaxPixels
  ) throws(Failure) -> [String] {
    guard template.source.width * template.source.height <= Double(maxPixels) else {
      throw .tooLarge(template.source, limit: maxPixels)
    }
    let svgPath = folder + "/" + svgName
    let pngPath = folder + "/" + pngName
    let png: [UInt8]
    do {
      png = try ImageEncoder.png(TemplatePicture.image(template, name: name), effort: .smallest, name: pngPath)
    } catch { throw .image(error) }
    do {
      try Folders.make(folder)
      try AtomicFile.write(TemplateSVG.svg(template, name: name), to: svgPath)
      try AtomicFile.write(png, to: pngPath)
    } catch { throw .output(error) }
    return [svgPath, pngPath]
  }
}

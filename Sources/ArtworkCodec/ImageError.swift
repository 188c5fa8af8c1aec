/// Why an image could not be read or written. Each case names the file; `message` says
/// the cause in words a person can act on, and `description` joins the two.
public enum ImageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file could not be opened or read (missing, a directory, no permission, too big).
  case unreadable(file: String, reason: String)
  /// The bytes are no format artfit reads (`ImageFormat.namesInProse`), or the file is empty.
  case notAnImage(file: String, reason: String)
  /// The data ends before the image does.
  case truncated(file: String, format: ImageFormat)
  /// The decoder rejected the data; `detail` is the library's own text (libpng, libjpeg, libwebp, libtiff, libheif, librsvg, poppler).
  case corrupt(file: String, format: ImageFormat, detail: String)
  /// The header declares more pixels than allowed; refused before decoding.
  case tooLarge(file: String, width: Int, height: Int, limit: Int)
  /// Another safety limit was hit (scan count, chunk size).
  case limitExceeded(file: String, detail: String)
  /// The encoder rejected the image; `reason` is libpng's or libjpeg's own text.
  case encodeFailed(file: String, reason: String)
  /// A well-formed document that gives nothing to draw: an SVG without a size, a PDF
  /// without pages or behind a password.
  case unusable(file: String, format: ImageFormat, reason: String)
  /// An SVG or PDF over one of its bounds (`ImageLimits`): refused before, or stopped while,
  /// spending it.
  case overBudget(file: String, format: ImageFormat, budget: VectorBudget)
  /// An Xcode image stack (`.imagestack` folder) whose layout cannot be read: `reason` names
  /// the part (a Contents.json, a layer, its image set) and what is wrong with it.
  case unreadableStack(file: String, reason: String)

  /// The file the error is about.
  public var file: String {
    switch self {
    case .unreadable(let file, _), .notAnImage(let file, _), .truncated(let file, _),
      .corrupt(let file, _, _), .tooLarge(let file, _, _, _), .limitExceeded(let file, _),
      .encodeFailed(let file, _), .unusable(let file, _, _), .overBudget(let file, _, _),
      .unreadableStack(let file, _):
      file
    }
  }

  /// The cause, without the file name.
  public var message: String {
    switch self {
    case .unreadable(_, let reason): "cannot read the file: \(reason)"
    case .notAnImage(_, let reason):
      "not an image artfit reads (\(ImageFormat.namesInProse)): \(reason)"
    case .truncated(_, let format): "\(format.displayName) data ends early (truncated file)"
    case .corrupt(_, let format, let detail):
      "corrupt \(format.displayName) data (\(format.library): \"\(detail)\"); re-export the image"
    case .tooLarge(_, let width, let height, let limit):
      // A hostile header can declare two 32-bit sides whose product overflows Int.
      "\(width)x\(height) is \(UInt64(clamping: width).multipliedFullWidth(by: UInt64(clamping: height)).low) pixels, over the limit of \(limit)"
    case .limitExceeded(_, let detail): "refused: \(detail)"
    case .encodeFailed(_, let reason): "cannot write the file: \(reason)"
    case .unusable(_, let format, let reason): "\(FileKind.named(format.displayName)) artfit cannot draw: \(reason)"
    case .overBudget(_, let format, let budget): "\(FileKind.named(format.displayName)) refused: \(budget.message)"
    case .unreadableStack(_, let reason): "an image stack artfit cannot read: \(reason)"
    }
  }

  /// "file: message".
  public var description: String { "\(file): \(message)" }
}

import ArtworkCodec
@_spi(Support) import ArtworkSupport

/// What a worker reuses from one preview to the next: the PNG writer's buffers, the
/// resampled picture's memory and the canvas memory, so a batch does not map (and the kernel
/// clear) fresh pages for every preview. Used by one thread at a time; `PreviewWorkspaces`
/// hands them out.
final class PreviewWorkspace: @unchecked Sendable {
  let pngWriter = PNGWriter()
  /// The samples of the last resampled picture (or of the canvas it became), for the next.
  var pictureStorage: [UInt8] = []
  /// The samples of the last canvas, for the next one.
  var canvasStorage: [UInt8] = []

  /// The picture memory, moved out so the resample holds its only reference (a copy left
  /// here would make the resample's writes copy it first).
  func takePictureStorage() -> [UInt8] {
    defer { pictureStorage = [] }
    return pictureStorage
  }

  /// The canvas memory, moved out for the same reason.
  func takeCanvasStorage() -> [UInt8] {
    defer { canvasStorage = [] }
    return canvasStorage
  }
}

/// The workspaces kept between artworks: a worker takes one when it starts and gives it
/// back when it is done, so they outlive each artwork's workers.
final class PreviewWorkspaces: Sendable {
  private let idle = Locked<[PreviewWorkspace]>([])

  func take() -> PreviewWorkspace { idle.withLock { $0.popLast() } ?? PreviewWorkspace() }

  func giveBack(_ workspace: PreviewWorkspace) { idle.withLock { $0.append(workspace) } }
}

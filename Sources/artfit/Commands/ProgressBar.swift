import Artwork

#if canImport(Glibc)
  import Glibc
#endif

/// A one-line progress bar on stderr, only when stderr is a terminal.
final class ProgressBar: @unchecked Sendable {
  private let enabled = isatty(2) != 0
  private let lock = Mutex()
  private var lastDraw = 0.0
  private var drawn = false

  func update(_ progress: BatchProgress) {
    guard enabled else { return }
    lock.locked {
      guard progress.elapsed - lastDraw >= 0.1 || progress.artworksDone == progress.artworks else { return }
      lastDraw = progress.elapsed
      let width = 24
      let done = progress.artworks == 0 ? width : width * progress.artworksDone / progress.artworks
      let bar = String(repeating: "#", count: done) + String(repeating: "-", count: width - done)
      let rate = progress.elapsed > 0 ? Double(progress.outputs) / progress.elapsed : 0
      writeAll(
        2,
        "\r[\(bar)] \(progress.artworksDone)/\(progress.artworks) artworks · \(progress.outputs) outputs · \(oneDecimal(progress.elapsed)) s · \(oneDecimal(rate))/s "
      )
      drawn = true
    }
  }

  func finish() {
    guard enabled else { return }
    lock.locked { if drawn { writeAll(2, "\r\u{1B}[K") } }
  }
}

/// A small pthread mutex.
final class Mutex: @unchecked Sendable {
  private var mutex = pthread_mutex_t()
  init() { pthread_mutex_init(&mutex, nil) }
  deinit { pthread_mutex_destroy(&mutex) }
  func locked<T>(_ body: () -> T) -> T {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    return body()
  }
}

func oneDecimal(_ value: Double) -> String {
  let tenths = Int((value * 10).rounded())
  return "\(tenths / 10).\(tenths % 10)"
}

import Foundation

/// A value shared between worker threads behind a lock. `withLock` is public and inlinable
/// behind the `Support` SPI, so callers in other modules get it specialised.
@_spi(Support) public final class Locked<Value>: @unchecked Sendable {
  @usableFromInline let lock = NSLock()
  @usableFromInline var value: Value

  public init(_ value: Value) { self.value = value }

  @inlinable public func withLock<T>(_ body: (inout Value) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}

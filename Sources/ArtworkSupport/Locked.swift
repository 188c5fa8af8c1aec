import Foundation

/// A value shared between worker threads behind a lock. `withLock` is public and inlinable
/// behind the `Support` SPI, so callers in other modules get it specialised. The value must be
/// `Sendable`: the lock orders its accesses, and a value that is not safe to hand to another
/// thread is not made so by a lock. Not `Synchronization.Mutex`: on Linux it waits on a futex
/// that ThreadSanitizer does not see, so the sanitizer run reports every guarded access as a
/// race; `NSLock` is a pthread mutex, which it does see.
@_spi(Support) public final class Locked<Value: Sendable>: @unchecked Sendable {
  @usableFromInline let lock = NSLock()
  @usableFromInline var value: Value

  public init(_ value: Value) { self.value = value }

  @inlinable public func withLock<T>(_ body: (inout Value) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}

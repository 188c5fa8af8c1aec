import Dispatch
import Foundation

/// Work started on a thread of its own, and its value once done. A thread always starts,
/// where a queue's worker might not while every worker waits (a library user calling artfit
/// from pool threads).
package final class ThreadWork<Value: Sendable>: Sendable {
  private let value = Locked<Value?>(nil)
  private let done = DispatchSemaphore(value: 0)

  package init(_ work: @escaping @Sendable () -> Value) {
    Thread { [value, done] in
      let result = work()
      value.withLock { $0 = result }
      done.signal()
    }.start()
  }

  /// Waits for the work; call once.
  package func wait() -> Value {
    done.wait()
    guard let result = value.withLock({ $0 }) else { preconditionFailure("the work set its value") }
    return result
  }
}

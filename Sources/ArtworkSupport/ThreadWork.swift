import Dispatch

/// Work started at once on a thread of the pool, and its value once done.
///
/// The work goes to a serial queue of its own, which Dispatch serves from its overcommitting
/// pool: it starts even while every worker of the cores' width is busy or waiting (the
/// previews' `concurrentPerform`, or a library user calling artfit from pool threads), where
/// work on a global queue would wait for one of them.
package final class ThreadWork<Value: Sendable>: Sendable {
  private let value = Locked<Value?>(nil)
  private let done = DispatchGroup()

  package init(_ work: @escaping @Sendable () -> Value) {
    DispatchQueue(label: "artfit.work").async(group: done) { [value] in
      let result = work()
      value.withLock { $0 = result }
    }
  }

  /// Waits for the work; call once.
  package func wait() -> Value {
    done.wait()
    guard let result = value.withLock({ $0 }) else { preconditionFailure("the work set its value") }
    return result
  }
}

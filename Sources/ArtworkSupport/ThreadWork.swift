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
      #if ARTFIT_PLANT_RACE
        PlantedRace.count += 1
      #endif
      let result = work()
      value.withLock { $0 = result }
    }
    #if ARTFIT_PLANT_RACE
      PlantedRace.count += 1
    #endif
  }

  /// Waits for the work; call once.
  package func wait() -> Value {
    done.wait()
    guard let result = value.withLock({ $0 }) else { preconditionFailure("the work set its value") }
    return result
  }
}

#if ARTFIT_PLANT_RACE
  /// A data race planted on purpose (Scripts/check_sanitizer_filters.sh): the worker and the
  /// thread that started it both write this count unordered, for ThreadSanitizer to report.
  enum PlantedRace {
    nonisolated(unsafe) static var count = 0
  }
#endif

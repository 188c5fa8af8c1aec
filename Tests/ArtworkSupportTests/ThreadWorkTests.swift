import Dispatch
import Foundation
import Testing

@_spi(Support) @testable import ArtworkSupport

/// ThreadWork's work runs while every pool worker waits for it: the two halves of a split
/// JPEG decode wait for each other, so a half that could not start would hang the render.
/// (On a global queue it starts too, once Dispatch's monitor grows the pool, about a second
/// later here; its own serial queue starts it at once. That is a speed, which a test does not
/// time.)
struct ThreadWorkTests {
  @Test func itsValueIsTheWorks() {
    let work = ThreadWork { (1...100).reduce(0, +) }
    #expect(work.wait() == 5050)
  }

  @Test func itStartsWhileEveryPoolWorkerWaitsForIt() {
    // More waiters than cores, each on a pool worker, each waiting for work it started: work
    // queued behind them on a global queue would find no free worker until they time out.
    let waiters = 4 * ProcessInfo.processInfo.activeProcessorCount
    let met = Locked(0)
    DispatchQueue.concurrentPerform(iterations: waiters) { _ in
      let started = DispatchSemaphore(value: 0)
      let work = ThreadWork { () -> Bool in
        started.signal()
        return true
      }
      if started.wait(timeout: .now() + 10) == .success, work.wait() { met.withLock { $0 += 1 } }
    }
    #expect(met.withLock { $0 } == waiters)
  }
}

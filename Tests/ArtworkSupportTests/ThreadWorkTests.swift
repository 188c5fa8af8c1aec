import Dispatch
import Foundation
import Testing

@_spi(Support) @testable import ArtworkSupport

/// ThreadWork's work runs beside whatever waits for it. A batch renders an artwork on one
/// ThreadWork, and that artwork's crop map decodes on another, which meets the first halfway
/// (a split progressive JPEG): two works that wait for each other must both be running.
struct ThreadWorkTests {
  @Test func itsValueIsTheWorks() {
    let work = ThreadWork { (1...100).reduce(0, +) }
    #expect(work.wait() == 5050)
  }

  @Test func workStartedByWorkMeetsIt() {
    // More pairs than cores, started from pool workers that then wait: each outer work starts
    // an inner one and waits for it to start, and the inner one waits for the outer's signal.
    // Works that shared one queue, or ran in the caller, would never meet (each wait gives up
    // after 10 s, so a failure is a failure, not a hang).
    let pairs = 4 * ProcessInfo.processInfo.activeProcessorCount
    let met = Locked(0)
    DispatchQueue.concurrentPerform(iterations: pairs) { _ in
      let outer = ThreadWork { () -> Bool in
        let outerReady = DispatchSemaphore(value: 0)
        let innerReady = DispatchSemaphore(value: 0)
        let inner = ThreadWork { () -> Bool in
          innerReady.signal()
          return outerReady.wait(timeout: .now() + 10) == .success
        }
        outerReady.signal()
        guard innerReady.wait(timeout: .now() + 10) == .success else { return false }
        return inner.wait()
      }
      if outer.wait() { met.withLock { $0 += 1 } }
    }
    #expect(met.withLock { $0 } == pairs)
  }
}

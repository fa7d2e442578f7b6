import Dispatch
import GlossIndex
import Testing

/// The lock and condition variable that threads of the index and the server wait on.
@Suite struct ConditionTests {
  /// State shared by the threads of a test, guarded by `condition`.
  private final class Shared: @unchecked Sendable {
    let condition = Condition()
    var count = 0
    var ready = false
    var woken = 0
  }

  @Test func theLockLetsOneThreadAtATimeChangeTheState() {
    let shared = Shared()
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<10_000 {
        shared.condition.lock()
        shared.count += 1
        shared.condition.unlock()
      }
    }
    #expect(shared.count == 80_000)
  }

  @Test func aBroadcastWakesEveryWaitingThread() {
    let shared = Shared()
    let group = DispatchGroup()
    for _ in 0..<4 {
      DispatchQueue.global().async(group: group) {
        shared.condition.lock()
        while !shared.ready { shared.condition.wait() }
        shared.woken += 1
        shared.condition.unlock()
      }
    }
    shared.condition.lock()
    shared.ready = true
    shared.condition.broadcast()
    shared.condition.unlock()
    #expect(group.wait(timeout: .now() + .seconds(10)) == .success)
    #expect(shared.woken == 4)
  }

  @Test func aSignalWakesAThreadWaitingForTheStateToChange() {
    let shared = Shared()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      shared.condition.lock()
      while shared.count == 0 { shared.condition.wait() }
      shared.woken = shared.count
      shared.condition.unlock()
      done.signal()
    }
    for value in 1...3 {
      shared.condition.lock()
      if shared.woken == 0 { shared.count = value }
      shared.condition.signal()
      shared.condition.unlock()
    }
    #expect(done.wait(timeout: .now() + .seconds(10)) == .success)
    #expect((1...3).contains(shared.woken))
  }
}

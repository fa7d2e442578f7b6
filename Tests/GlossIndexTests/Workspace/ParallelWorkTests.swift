import Foundation
import GlossIndex
import Synchronization
import Testing

/// The bulk load parses on all cores and puts files in place on the calling thread, in order, as they are parsed.
/// Serialized: two tests count the same live instances.
@Suite(.serialized) struct ParallelWorkTests {
  @Test(arguments: [0, 1, 2, 511, 512, 513, 5_000])
  func mapGivesEveryResultInOrder(count: Int) {
    #expect(ParallelWork.map(count: count) { $0 * $0 } == (0..<count).map { $0 * $0 })
  }

  @Test(arguments: [0, 1, 2, 511, 512, 513, 5_000])
  func streamConsumesEveryResultOnceInOrder(count: Int) {
    var consumed: [Int] = []
    ParallelWork.stream(count: count) { index in
      // Uneven work, so that later chunks often finish before earlier ones.
      var x = index
      for _ in 0..<((count - index) % 97) * 50 { x = (x &* 31 &+ 7) % 1_000_003 }
      return (index, x >= 0)
    } consume: { result in
      consumed.append(result.0)
    }
    #expect(consumed == Array(0..<count))
  }

  @Test func pausedWorkersLeaveTheStreamToTheCallingThreadUntilTheyMayRunAgain() {
    let caller = pthread_self()
    let mayRun = Mutex(false)
    let elsewhere = Mutex(0)
    var consumed: [Int] = []
    var elsewhereAtHalf = -1
    ParallelWork.stream(count: 2_000, workersMayRun: { mayRun.withLock { $0 } }) { index in
      if pthread_equal(pthread_self(), caller) == 0 { elsewhere.withLock { $0 += 1 } }
      // Uneven work, so that a worker allowed to run would take chunks.
      var x = index
      for _ in 0..<(index % 97) * 50 { x = (x &* 31 &+ 7) % 1_000_003 }
      return x >= 0 ? index : -1
    } consume: { index in
      consumed.append(index)
      // Halfway, the other cores may work again.
      if index == 1_000 {
        elsewhereAtHalf = elsewhere.withLock { $0 }
        mayRun.withLock { $0 = true }
      }
    }
    #expect(consumed == Array(0..<2_000))
    // Until then everything was transformed on the calling thread.
    #expect(elsewhereAtHalf == 0)
  }

  /// Counts the instances alive (a result holding memory: an array, a string, a parsed file).
  private final class Tracked: @unchecked Sendable {
    nonisolated(unsafe) static var alive = 0
    static let lock = NSLock()
    init() { Self.lock.withLock { Self.alive += 1 } }
    deinit { Self.lock.withLock { Self.alive -= 1 } }
  }

  @Test func whatAMapMadeIsFreedOnceItsResultsAreDropped() {
    // One test for every count, one after the other: the counter is shared.
    for count in [2, 513, 5_000] {
      do {
        let results = ParallelWork.map(count: count) { _ in Tracked() }
        #expect(results.count == count)
        #expect(Tracked.lock.withLock { Tracked.alive } == count)
      }
      #expect(Tracked.lock.withLock { Tracked.alive } == 0, "\(count) results")
    }
  }

  @Test func slotsWrittenByManyWorkersAreReadBackInOrderAndUnwrittenOnesAreEmpty() {
    let count = 10_000
    let slots = ParallelSlots<[Int]>(count: count)
    // Every other index written, each by its own iteration, from all cores at once.
    DispatchQueue.concurrentPerform(iterations: count) { index in
      if index % 2 == 0 { slots.set(index, [index, index + 1]) }
    }
    #expect(slots.count == count)
    #expect(slots.values == (0..<count).map { $0 % 2 == 0 ? [$0, $0 + 1] : nil })
    #expect(slots.get(1) == nil)
  }

  @Test func whatSlotsHoldIsFreedWithThem() {
    do {
      let slots = ParallelSlots<Tracked>(count: 300)
      DispatchQueue.concurrentPerform(iterations: 300) { slots.set($0, Tracked()) }
      #expect(Tracked.lock.withLock { Tracked.alive } == 300)
    }
    #expect(Tracked.lock.withLock { Tracked.alive } == 0)
  }
}

import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Work spread over every core: a map whose results come back in order, and a stream whose results are consumed
/// in order on the calling thread while later ones are still being made.
package enum ParallelWork {
  /// `transform` applied to every index of `0..<count` on all cores, results in order.
  package static func map<R: Sendable>(count: Int, _ transform: @Sendable (Int) -> R) -> [R] {
    if count < 2 { return (0..<count).map(transform) }
    let results = ParallelSlots<R>(count: count)
    let (chunk, chunks) = chunking(count)
    DispatchQueue.concurrentPerform(iterations: chunks) { c in
      for i in (c * chunk)..<min(count, (c + 1) * chunk) { results.set(i, transform(i)) }
    }
    return (0..<count).map { results.get($0)! }
  }

  /// `transform` applied to every index of `0..<count` on all cores while the calling thread hands each result,
  /// in index order, to `consume` as soon as it and those before it are ready; returns when all are consumed.
  /// The consuming (single-threaded bookkeeping, say) thus overlaps the transforming instead of following it: the
  /// calling thread consumes whatever is ready and otherwise transforms chunks itself, beside one worker per other
  /// core, so that no core waits and none is shared by two busy threads. While `workersMayRun` says no, the workers
  /// take no new chunk (another process needs those cores for a while: the calling thread goes on alone).
  package static func stream<R: Sendable>(
    count: Int, workersMayRun: (@Sendable () -> Bool)? = nil, _ transform: @Sendable (Int) -> R,
    consume: (R) -> Void
  ) {
    if count < 2 {
      for i in 0..<count { consume(transform(i)) }
      return
    }
    let (chunk, chunks) = chunking(count)
    let board = ResultBoard<R>(count: count, chunks: chunks)
    let workers = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
    withoutActuallyEscaping(transform) { transform in
      let run: @Sendable (Int) -> Void = { c in
        for i in (c * chunk)..<min(count, (c + 1) * chunk) { board.set(i, transform(i)) }
        board.finish(c)
      }
      let group = DispatchGroup()
      DispatchQueue.global(qos: .userInitiated).async(group: group) {
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
          while true {
            if let workersMayRun {
              while !workersMayRun(), !board.allClaimed { usleep(2_000) }
            }
            guard let c = board.claim() else { break }
            run(c)
          }
        }
      }
      var next = 0
      while next < chunks {
        switch board.next(waitingFor: next) {
        case .finished:
          for i in (next * chunk)..<min(count, (next + 1) * chunk) { consume(board.take(i)) }
          next += 1
        case .claimed(let c):
          run(c)
        }
      }
      group.wait()
    }
  }

  /// Small chunks, taken in turn by whichever core is free, so that a run of large items (callers put the largest
  /// first) cannot leave one core working alone at the end.
  private static func chunking(_ count: Int) -> (chunk: Int, chunks: Int) {
    let chunk = max(1, count / 512)
    return (chunk, (count + chunk - 1) / chunk)
  }
}

/// The results of `ParallelWork.stream`: one slot per index, each written by one worker and taken once by the
/// consumer after its chunk is marked finished; chunks are claimed one at a time, in order.
// @unchecked: `finished` and `nextUnclaimed` are read and written holding `condition`; a slot is written by the one
// worker of its chunk before the chunk is marked finished, and read by the consumer only after.
private final class ResultBoard<R>: @unchecked Sendable {
  /// What the consumer should do next.
  enum Step {
    /// The chunk it waits for is finished: consume it.
    case finished
    /// It is not, and this chunk was unclaimed: transform it.
    case claimed(Int)
  }

  private let slots: UnsafeMutableBufferPointer<R?>
  private var finished: [Bool]
  private var nextUnclaimed = 0
  private let condition = Condition()

  init(count: Int, chunks: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil)
    finished = Array(repeating: false, count: chunks)
  }

  deinit {
    _ = slots.deinitialize()
    slots.deallocate()
  }

  /// Whether every chunk is claimed.
  var allClaimed: Bool {
    condition.lock()
    defer { condition.unlock() }
    return nextUnclaimed >= finished.count
  }

  /// Claims the next chunk nobody has claimed, if any.
  func claim() -> Int? {
    condition.lock()
    defer { condition.unlock() }
    return claimLocked()
  }

  private func claimLocked() -> Int? {
    guard nextUnclaimed < finished.count else { return nil }
    defer { nextUnclaimed += 1 }
    return nextUnclaimed
  }

  /// `.finished` once chunk `c` is finished; until then a chunk to transform meanwhile, while any is left, else it
  /// waits.
  func next(waitingFor c: Int) -> Step {
    condition.lock()
    defer { condition.unlock() }
    while !finished[c] {
      if let claimed = claimLocked() { return .claimed(claimed) }
      condition.wait()
    }
    return .finished
  }

  /// Stores the result of index `i` (before its chunk is finished).
  func set(_ i: Int, _ value: R) { slots[i] = value }

  /// Marks chunk `c` finished: its results may be taken.
  func finish(_ c: Int) {
    condition.lock()
    finished[c] = true
    condition.broadcast()
    condition.unlock()
  }

  /// Takes the result of index `i` out of its slot.
  func take(_ i: Int) -> R {
    defer { slots[i] = nil }
    return slots[i]!
  }
}

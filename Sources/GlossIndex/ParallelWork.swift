import Dispatch
import Foundation

/// Work spread over every core: a map whose results come back in order, and a stream whose results are consumed
/// in order on the calling thread while later ones are still being made.
package enum ParallelWork {
  /// `transform` applied to every index of `0..<count` on all cores, results in order.
  package static func map<R: Sendable>(count: Int, _ transform: @Sendable (Int) -> R) -> [R] {
    if count < 2 { return (0..<count).map(transform) }
    let results = UnsafeMutableBufferPointer<R?>.allocate(capacity: count)
    results.initialize(repeating: nil)
    defer { results.deallocate() }
    // Each index is written by exactly one iteration, so the unsynchronised writes never overlap.
    nonisolated(unsafe) let shared = results
    let (chunk, chunks) = chunking(count)
    DispatchQueue.concurrentPerform(iterations: chunks) { c in
      for i in (c * chunk)..<min(count, (c + 1) * chunk) { shared[i] = transform(i) }
    }
    return results.map { $0! }
  }

  /// `transform` applied to every index of `0..<count` on all cores while the calling thread hands each result,
  /// in index order, to `consume` as soon as it and those before it are ready; returns when all are consumed.
  /// The consuming (single-threaded bookkeeping, say) thus overlaps the transforming instead of following it.
  package static func stream<R: Sendable>(
    count: Int, _ transform: @Sendable (Int) -> R, consume: (R) -> Void
  ) {
    if count < 2 {
      for i in 0..<count { consume(transform(i)) }
      return
    }
    let (chunk, chunks) = chunking(count)
    let board = ResultBoard<R>(count: count, chunks: chunks)
    withoutActuallyEscaping(transform) { transform in
      let group = DispatchGroup()
      // The workers run beside this thread, which waits for each chunk in turn and consumes it.
      DispatchQueue.global(qos: .userInitiated).async(group: group) {
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
          for i in (c * chunk)..<min(count, (c + 1) * chunk) { board.set(i, transform(i)) }
          board.finish(c)
        }
      }
      for c in 0..<chunks {
        board.wait(for: c)
        for i in (c * chunk)..<min(count, (c + 1) * chunk) { consume(board.take(i)) }
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
/// consumer after its chunk is marked finished.
private final class ResultBoard<R>: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<R?>
  private var finished: [Bool]
  private let condition = NSCondition()

  init(count: Int, chunks: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil)
    finished = Array(repeating: false, count: chunks)
  }

  deinit {
    _ = slots.deinitialize()
    slots.deallocate()
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

  /// Waits until chunk `c` is finished.
  func wait(for c: Int) {
    condition.lock()
    while !finished[c] { condition.wait() }
    condition.unlock()
  }

  /// Takes the result of index `i` out of its slot.
  func take(_ i: Int) -> R {
    defer { slots[i] = nil }
    return slots[i]!
  }
}

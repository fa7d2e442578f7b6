/// One slot per item of a parallel loop, for what its worker made of it: each slot is written by exactly one worker,
/// and read only after every worker has finished (after `DispatchQueue.concurrentPerform` returns, say).
///
/// The slots live in memory allocated once, so that writers running at the same time never touch shared bookkeeping:
/// writing through an `Array` from several threads, even at distinct indices, goes through the array's
/// copy-on-write check and its end-of-mutation store on every write, and those race.
// @unchecked: distinct workers write distinct slots, and nothing reads a slot until every writer is done.
package final class ParallelSlots<Value>: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<Value?>

  /// `count` empty slots.
  package init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil)
  }

  deinit {
    _ = slots.deinitialize()
    slots.deallocate()
  }

  /// How many slots there are.
  package var count: Int { slots.count }

  /// Stores `value` in slot `index` (by the one worker of that index).
  package func set(_ index: Int, _ value: Value) {
    slots[index] = value
  }

  /// What slot `index` holds, nil when nothing was stored (once every worker is done).
  package func get(_ index: Int) -> Value? {
    slots[index]
  }

  /// Every slot, in order (once every worker is done).
  package var values: [Value?] { Array(slots) }
}

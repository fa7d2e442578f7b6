import Dispatch

/// A value made on another thread while the caller goes on, waited for when it is needed.
// @unchecked: `result` is written once by the work, before the group is left, and read only after waiting for it.
package final class BackgroundResult<Value: Sendable>: @unchecked Sendable {
  private let group = DispatchGroup()
  private var result: Value?

  /// Starts `work` at once on a background queue, or by `start` (a thread of its own: work that waits for another
  /// result must not hold one of the queue's few threads, or what it waits for may wait for a thread); `then` is
  /// called on the same thread once its value is made.
  package init(
    _ work: @escaping @Sendable () -> Value?, then: (@Sendable () -> Void)? = nil,
    start: (@escaping @Sendable () -> Void) -> Void = { DispatchQueue.global(qos: .userInitiated).async(execute: $0) }
  ) {
    group.enter()
    start { [self] in
      result = work()
      group.leave()
      then?()
    }
  }

  /// Whether the value is made (without waiting).
  package var isFinished: Bool { group.wait(timeout: .now()) == .success }

  /// The value, once made (waiting for it); nil when the work gave none.
  package func value() -> Value? {
    group.wait()
    return result
  }
}

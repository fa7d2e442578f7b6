import Dispatch

/// A value made on another thread while the caller goes on, waited for when it is needed.
// @unchecked: `result` is written once by the work, before the group is left, and read only after waiting for it.
package final class BackgroundResult<Value: Sendable>: @unchecked Sendable {
  private let group = DispatchGroup()
  private var result: Value?

  /// Starts `work` at once on a background queue; `then` is called once its value is made.
  package init(_ work: @escaping @Sendable () -> Value?, then: (@Sendable () -> Void)? = nil) {
    group.enter()
    DispatchQueue.global(qos: .userInitiated).async { [self] in
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

import GlossIndex

/// The thread-safe inbox between the reader and tick threads and the loop: an `EventQueue` under a condition.
///
/// Every event is posted as soon as it is read, so when the loop takes the next event everything already read is
/// queued behind it, and a `$/cancelRequest` already read has marked the request it cancels.
// @unchecked: `queue` is read and written only holding `condition`.
final class EventMailbox: @unchecked Sendable {
  private let condition = Condition()
  private var queue = EventQueue()

  /// Queues events together (everything from one read) and wakes the loop.
  func post(_ events: [ServerEvent]) {
    condition.lock()
    for event in events { queue.append(event) }
    condition.signal()
    condition.unlock()
  }

  /// Queues one event and wakes the loop.
  func post(_ event: ServerEvent) {
    post([event])
  }

  /// The next event if one waits, else nil at once.
  func takeIfAny() -> ServerEvent? {
    condition.lock()
    defer { condition.unlock() }
    return queue.next()
  }

  /// The next event, waiting at most `limit` for one; nil when none came.
  func take(waitingAtMost limit: Duration) -> ServerEvent? {
    let deadline = ContinuousClock.now + limit
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let event = queue.next() { return event }
      let left = deadline - ContinuousClock.now
      guard left > .zero else { return nil }
      condition.wait(atMost: left)
    }
  }

  /// The next event, waiting until there is one.
  func take() -> ServerEvent {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let event = queue.next() { return event }
      condition.wait()
    }
  }
}

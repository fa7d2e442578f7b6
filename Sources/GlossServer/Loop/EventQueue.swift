import LanguageServerProtocol

/// The events read but not yet handled, with `$/cancelRequest` applied to the requests still waiting.
///
/// A cancel for a queued request turns that request into `.cancelledRequest`, answered `requestCancelled`; a cancel
/// for any other request goes on to the server, which may still be waiting to answer it (a command waiting for the
/// client's edit) and ignores it otherwise. Ticks are coalesced: at most one waits at a time.
package struct EventQueue: Sendable {
  private var events: [ServerEvent] = []
  private var head = 0
  private var cancelled: Set<RequestID> = []
  private var queuedRequests: Set<RequestID> = []
  private var hasQueuedTick = false

  /// Creates an empty queue.
  package init() {}

  /// Whether no event is waiting.
  package var isEmpty: Bool { head == events.count }

  /// Adds an event at the end, applying it at once if it is a cancellation.
  package mutating func append(_ event: ServerEvent) {
    switch event {
    case .message(.notification(let notification)) where notification.method == CancelRequestNotification.method:
      if let cancel = try? RawJSON.decode(CancelRequestNotification.self, from: notification.params),
        queuedRequests.contains(cancel.id)
      {
        cancelled.insert(cancel.id)
        // The cancellation has done its work here; the server has nothing more to do with it.
        return
      }
    case .message(.request(let request)):
      queuedRequests.insert(request.id)
    case .tick:
      if hasQueuedTick { return }
      hasQueuedTick = true
    default:
      break
    }
    events.append(event)
  }

  /// Removes and returns the first event, nil when none waits.
  package mutating func next() -> ServerEvent? {
    guard head < events.count else { return nil }
    var event = events[head]
    head += 1
    if head > 1024 && head * 2 > events.count {
      events.removeSubrange(0..<head)
      head = 0
    }
    switch event {
    case .message(.request(let request)):
      queuedRequests.remove(request.id)
      if cancelled.remove(request.id) != nil { event = .cancelledRequest(request) }
    case .tick:
      hasQueuedTick = false
    default:
      break
    }
    return event
  }
}

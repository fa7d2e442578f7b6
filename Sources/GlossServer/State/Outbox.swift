import LanguageServerProtocol

/// The server's messages on their way to the client: those collected while one event is handled, the way to write
/// them at once in the middle of an event, and the continuations waiting for the client's responses to our requests.
package struct Outbox {
  /// Messages to send, collected while one event is handled.
  private var messages: [OutgoingMessage] = []
  /// Writes messages at once, in the middle of an event (set by the loop; progress during a long indexing uses it).
  package var writeNow: (([OutgoingMessage]) -> Void)?
  /// Writes a long run of notifications on a thread of its own while the loop goes on (set by the loop: a restart's
  /// replayed diagnostics, `BulkWriter`); without it they are sent as any other message.
  package var writeInBackground: (([OutgoingMessage]) -> Void)?
  /// Whether such a run is being written now (set by the loop with `writeInBackground`).
  package var isWritingInBackground: (@Sendable () -> Bool)?
  /// Continuations waiting for the client's responses to our requests, by id.
  private var pendingReplies: [RequestID: (Server, Result<RawJSON, ResponseError>) -> Void] = [:]
  /// The number behind the id of our last request.
  private var lastRequestNumber = 0

  /// Whether messages wait to be sent.
  var isEmpty: Bool { messages.isEmpty }

  /// The number of our requests still waiting for the client's response.
  var pendingReplyCount: Int { pendingReplies.count }

  /// Adds `message` to those to send.
  mutating func append(_ message: OutgoingMessage) {
    messages.append(message)
  }

  /// Takes the messages collected so far, in order.
  mutating func takeMessages() -> [OutgoingMessage] {
    defer { messages = [] }
    return messages
  }

  /// A new id for one of our requests.
  mutating func nextRequestID() -> RequestID {
    lastRequestNumber += 1
    return .string("gloss-\(lastRequestNumber)")
  }

  /// Keeps `continuation` for the client's response to our request `id`.
  mutating func expectReply(
    to id: RequestID, _ continuation: @escaping (Server, Result<RawJSON, ResponseError>) -> Void
  ) {
    pendingReplies[id] = continuation
  }

  /// Takes the continuation waiting for the response to our request `id`, nil when none waits.
  mutating func takeReply(to id: RequestID) -> ((Server, Result<RawJSON, ResponseError>) -> Void)? {
    pendingReplies.removeValue(forKey: id)
  }
}

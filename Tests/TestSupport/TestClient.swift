import Foundation
package import GlossServer
package import LanguageServerProtocol

/// A typed LSP client that drives `Server.handle` in process, with no pipes and no threads.
///
/// `send` and `notify` go through the same decoding as the real loop (the message is encoded to JSON, then decoded
/// as an `IncomingMessage`), so tests see what a real client would. Everything the server sends is decoded back:
/// responses are matched to requests and counted, notifications and server requests are collected.
package final class TestClient {
  /// The server under test.
  package let server: Server
  /// Every notification the server sent, in order.
  package private(set) var notifications: [IncomingNotification] = []
  /// Every request the server sent, in order.
  package private(set) var serverRequests: [IncomingRequest] = []
  /// The answers received, by request id, in order (more than one means a request was answered twice).
  package private(set) var answers: [RequestID: [Result<RawJSON, ResponseError>]] = [:]
  /// Answers whose id was `null` (for unreadable messages).
  package private(set) var answersWithoutID: [ResponseError] = []

  private var queue = EventQueue()
  private var lastID = 0

  /// Creates a client of a new server with `options`.
  package init(options: ServerOptions = .silent) {
    server = Server(options: options)
  }

  /// Sends `initialize` (then `initialized`) and returns the result.
  @discardableResult
  package func initialize(_ params: InitializeRequest = InitializeRequest()) throws -> InitializeResult {
    let result = try send(params)
    notify(InitializedNotification())
    return result
  }

  /// Sends a request, runs the server and returns the typed result; throws the error response.
  package func send<R: RequestType>(_ request: R) throws -> R.Response {
    let id = enqueue(request)
    processQueue()
    return try response(to: id, as: R.self)
  }

  /// Sends a notification and runs the server.
  package func notify<N: NotificationType>(_ notification: N) {
    enqueue(notification)
    processQueue()
  }

  /// Queues a request without running the server; returns its id.
  @discardableResult
  package func enqueue<R: RequestType>(_ request: R) -> RequestID {
    lastID += 1
    let id = RequestID.number(lastID)
    enqueue(body: jsonText(RequestMessage(id: id, params: request)))
    return id
  }

  /// Queues a notification without running the server.
  package func enqueue<N: NotificationType>(_ notification: N) {
    enqueue(body: jsonText(NotificationMessage(params: notification)))
  }

  /// Queues a raw message body, decoded as the loop's reader decodes it.
  package func enqueue(body: String) {
    do throws(MessageDecodingError) {
      queue.append(.message(try IncomingMessage(body: Array(body.utf8))))
    } catch {
      queue.append(.unreadable(error))
    }
  }

  /// Queues any event (a tick, the end of input, a framing error).
  package func enqueue(event: ServerEvent) {
    queue.append(event)
  }

  /// Runs the server on `event` alone (no queued event, no deferred work after it), collecting what it sends.
  package func handle(_ event: ServerEvent) {
    for message in server.handle(event) { receive(message) }
  }

  /// Runs the server on the events queued, and on nothing else (no idle moment).
  package func processQueuedEvents() {
    while let event = queue.next() {
      for message in server.handle(event) { receive(message) }
    }
  }

  /// Runs the server on every queued event, collecting what it sends, then lets it do its deferred work (as the
  /// real loop does when no event waits).
  package func processQueue() {
    while true {
      if let event = queue.next() {
        for message in server.handle(event) { receive(message) }
      } else if server.hasDeferredWork {
        for message in server.handle(.idle) { receive(message) }
      } else {
        return
      }
    }
  }

  /// The typed answer to the request `id`; throws its error, or a `TestClientError` when there is none.
  package func response<R: RequestType>(to id: RequestID, as type: R.Type) throws -> R.Response {
    guard let answer = answers[id]?.last else { throw TestClientError("no answer to request \(id)") }
    return try answer.get().decode(R.Response.self)
  }

  /// The error code of the answer to `id`, nil when it succeeded or has no answer.
  package func errorCode(of id: RequestID) -> ErrorCode? {
    guard case .failure(let error)? = answers[id]?.last else { return nil }
    return error.code
  }

  /// The notifications of type `N` the server sent, decoded.
  package func notifications<N: NotificationType>(_ type: N.Type) -> [N] {
    notifications.filter { $0.method == N.method }.compactMap { try? RawJSON.decode(N.self, from: $0.params) }
  }

  /// Answers the server's request `id` with `result`, as the client would.
  package func reply(to id: RequestID, result: some Encodable & Sendable) {
    enqueue(body: jsonText(ResponseMessage(id: id, result: result)))
    processQueue()
  }

  /// Answers the server's request `id` with an error.
  package func reply(to id: RequestID, error: ResponseError) {
    enqueue(body: jsonText(ErrorResponseMessage(id: id, error: error)))
    processQueue()
  }

  /// Forgets the collected notifications and server requests.
  package func clearCollected() {
    notifications = []
    serverRequests = []
  }

  private func receive(_ message: OutgoingMessage) {
    switch try? IncomingMessage(body: Array(message.body)) {
    case .response(let response):
      answers[response.id, default: []].append(response.result)
    case .notification(let notification):
      notifications.append(notification)
    case .request(let request):
      serverRequests.append(request)
    case nil:
      // An error response with a `null` id does not decode as a response to anything.
      if let error = try? JSONDecoder().decode(NullIDErrorResponse.self, from: message.body).error {
        answersWithoutID.append(error)
      }
    }
  }
}

/// A failure of the test client itself (no answer, unexpected message).
package struct TestClientError: Error, CustomStringConvertible {
  /// What went wrong.
  package var description: String

  /// Creates the error.
  package init(_ description: String) { self.description = description }
}

/// An error response whose id is `null`.
private struct NullIDErrorResponse: Decodable {
  var error: ResponseError
}

extension ServerOptions {
  /// Options for tests: logs are dropped, the clock is fixed and the file system is empty and in memory.
  package static var silent: ServerOptions {
    var options = ServerOptions()
    options.fileSystem = InMemoryFileSystem()
    options.currentDirectory = "/workspace"
    options.homeDirectory = "/home/user"
    options.stateDirectory = "/state/gloss"
    options.log = { _ in }
    options.now = { Date(timeIntervalSince1970: 1_790_000_000) }
    // Nothing of the machine running the tests: the extraction cache lives in the in-memory file system.
    options.cacheDirectory = "/home/user/.cache/gloss"
    // No restart snapshots: each test starts cold (`RestartSnapshotTests` turns them on in its own folders).
    options.restartCacheDirectory = nil
    return options
  }
}

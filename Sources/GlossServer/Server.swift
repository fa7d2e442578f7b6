import Dispatch
import GlossIndex
import GlossSyntax
package import LanguageServerProtocol

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The language server's state machine: `handle(_:)` takes one event and returns the messages to send.
///
/// Everything happens on the loop's thread, one event at a time, so handlers are plain synchronous methods with
/// no locks and no reentrancy. Requests and notifications are dispatched through the method table in
/// `Server+Methods.swift`; a request handler returns its result or throws (a `ResponseError` becomes the error
/// reply, anything else `internalError`). Handlers send other messages with `send(_:)`, `sendRequest(_:then:)` and
/// `logMessage(_:_:)`, which collect them for the current `handle` call to return.
package final class Server {
  /// Where the server is in the LSP lifecycle.
  package enum State: Hashable, Sendable {
    /// Before `initialize`: only `initialize` and `exit` are handled.
    case uninitialized
    /// After `initialize`: everything is handled.
    case running
    /// After `shutdown`: only `exit` is handled; requests are refused.
    case shutDown
  }

  /// What the server was given from outside.
  package let options: ServerOptions
  /// The lifecycle state.
  package internal(set) var state = State.uninitialized
  /// The exit status once `exit` arrived or the input ended: 0 after `shutdown`, else 1.
  package internal(set) var exitStatus: Int32?
  /// What was settled with the client in `initialize` (position encoding, capabilities) and the editor's settings.
  package internal(set) var connection = ClientConnection()
  /// The documents open in the editor, where each is attached, which changed since they were last indexed.
  package internal(set) var documents = DocumentStore()
  /// The workspace roots, in the order they were added (see `Server+Workspaces.swift`).
  package internal(set) var roots: [WorkspaceRoot] = []
  /// The background scan: its board, whether it runs, what was posted to it.
  package internal(set) var scanning = ScanningState()
  /// The extractions running in the background (PDF texts), fed by loading and scanning.
  package let extractions: ExtractionQueue
  /// Builds the search over the sources' text of each root's newest state in the background.
  package lazy var findPreparation = FindPreparation(delay: options.findPreparationDelay)
  /// When the client was last heard from, to pace memory trims and find handovers.
  var activity = ClientActivity()
  /// The extractions' progress and the publishing their texts made wait.
  var extractionReporting = ExtractionReporting()
  /// Where the loading of the roots stands, and the id the next root gets.
  package internal(set) var loading = RootLoading()
  /// How diagnostics reach the client and which pull reports it holds.
  package internal(set) var diagnosticsLedger = DiagnosticsLedger()

  /// Restart snapshots: the checks of restarted roots, a first publishing collected, the background writes.
  package internal(set) var restart = RestartState()

  /// The method table, built once (internal so tests can add methods).
  var table = MethodTable()
  /// The messages to send and our requests waiting for the client's responses.
  package var outbox = Outbox()
  /// The commands waiting for the client's answer to their `workspace/applyEdit`, by the command's request id.
  var waitingCommands: [RequestID: WaitingCommand] = [:]
  /// The request whose handler runs now, for handlers that answer later (`AnswerLater`).
  package private(set) var currentRequestID: RequestID?

  /// Creates a server with `options`.
  package init(options: ServerOptions = ServerOptions()) {
    self.options = options
    let cache = options.cacheWriter.map(ExtractionCache.init(writer:))
    let extract = options.extractText
    let log = options.log
    self.extractions = ExtractionQueue(limit: options.extractionLimit) { job in
      Self.extractAndCache(job, cache: cache, extract: extract, log: log)
    }
    self.table = Self.methodTable()
  }

  /// Handles one event and returns the messages to send, in order.
  package func handle(_ event: ServerEvent) -> [OutgoingMessage] {
    // A restarted root answers a citation's requests before its first indexing (`Server+EarlyAnswers.swift`).
    if answerBeforeLoading(event) { return outbox.takeMessages() }
    loadIfStillPending(before: event)
    if !documents.parses.isEmpty { takeOpenedNoteParses() }
    applyRestartChecks()
    // A restarted root answers some requests before its diagnosis is in: anything else waits for it.
    if restart.checks.isAwaiting && !mayRunBeforeRestartDiagnosis(event) {
      finishRestartDiagnoses(before: Self.name(of: event))
    }
    // Changes wait while more changes come; anything else sees them indexed first.
    let indexedChanges = !documents.changed.isEmpty && !event.isDocumentChange
    if indexedChanges { indexChangedDocuments() }
    if case .message = event { activity.clientSentMessage(at: options.now()) }
    switch event {
    case .message(.request(let request)):
      handleRequest(request)
    case .message(.notification(let notification)):
      handleNotification(notification)
    case .message(.response(let response)):
      handleResponse(response)
    case .cancelledRequest(let request):
      reply(to: request.id, error: .cancelled)
    case .unreadable(let failure):
      log("unreadable message: \(failure.error.message)")
      if !failure.isResponse { reply(to: failure.id, error: failure.error) }
    case .framingError(let error):
      log("unreadable input: \(error.message)")
      if state != .uninitialized { logMessage(.warning, "unreadable input: \(error.message)") }
    case .tick(let date):
      // Periodic work waits for a restarted root's diagnosis: the next tick does it (Server+RestartDiagnosis.swift).
      if restart.checks.isAwaiting { break }
      stopWaiting(at: date)
      tick(at: date)
      publishDeferredExtractionResults()
      saveSettledRestartSnapshots()
      saveSettledKeyFingerprints()
      if activity.isTrimDue(finishedRounds: findPreparation.finishedRounds, now: date) {
        handBackFreedMemory(saying: "built the search over the sources' text")
      }
    case .scanned(let result):
      applyScan(result)
    case .restartChecked:
      // Only a wake-up: the checks were taken above.
      break
    case .extracted:
      // Only a wake-up: the texts are put in place at the next moment no message waits (`runDeferredWork`), so a
      // keystroke never queues behind a batch of them.
      break
    case .endOfInput:
      if exitStatus == nil { exitStatus = state == .shutDown ? 0 : 1 }
    case .idle:
      // The changed documents' diagnostics go out first; the rest waits for the next idle moment.
      if !indexedChanges { runDeferredWork() }
    }
    postScanTargetsIfChanged()
    refreshStaleDiagnostics(after: event)
    // Whatever changed a source (an edit, a scan, an extraction), its search is brought up to date off the loop.
    prepareFindInEveryRoot()
    return outbox.takeMessages()
  }

  // MARK: Dispatch

  func handleRequest(_ request: IncomingRequest) {
    switch state {
    case .uninitialized where request.method != InitializeRequest.method:
      return reply(to: request.id, error: .serverNotInitialized)
    case .running where request.method == InitializeRequest.method:
      return reply(to: request.id, error: .invalidRequest("server already initialized"))
    case .shutDown:
      return reply(to: request.id, error: .invalidRequest("server is shut down: only 'exit' is accepted"))
    default:
      break
    }
    guard let handler = table.requests[request.method] else {
      return reply(to: request.id, error: .methodNotFound(request.method))
    }
    currentRequestID = request.id
    let started = options.now()
    defer {
      currentRequestID = nil
      logIfSlow(request.method, since: started)
    }
    do {
      outbox.append(OutgoingMessage(kind: .response(request.id), body: try handler(self, request)))
    } catch is AnswerLater {
      // The handler answers with `answer(_:result:)` or `answer(_:error:)` when the event it waits for arrives.
    } catch let error as ResponseError {
      reply(to: request.id, error: error)
    } catch {
      log("'\(request.method)' failed: \(error)")
      reply(to: request.id, error: .internalError("'\(request.method)' failed: \(error)"))
    }
  }

  func handleNotification(_ notification: IncomingNotification) {
    if notification.method == ExitNotification.method {
      exitStatus = state == .shutDown ? 0 : 1
      return
    }
    // Before `initialize` and after `shutdown`, notifications are dropped (LSP 3.17).
    guard state == .running, let handler = table.notifications[notification.method] else { return }
    let started = options.now()
    defer { logIfSlow(notification.method, since: started) }
    do {
      try handler(self, notification)
    } catch let error as ResponseError {
      log("'\(notification.method)' ignored: \(error.message)")
      logMessage(.warning, "'\(notification.method)' ignored: \(error.message)")
    } catch {
      log("'\(notification.method)' failed: \(error)")
      logMessage(.error, "'\(notification.method)' failed: \(error)")
    }
  }

  /// How long handling one message may take before the log says so (a request waiting for an index being built, a
  /// huge document): what a user's report needs to tell a slow answer from a lost one.
  static let slowHandling: TimeInterval = 0.25

  private func logIfSlow(_ method: String, since started: Date) {
    let elapsed = options.now().timeIntervalSince(started)
    guard elapsed >= Self.slowHandling else { return }
    let hundredths = Int((elapsed * 100).rounded())
    let fraction = hundredths % 100
    log("'\(method)' took \(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s")
  }

  private func handleResponse(_ response: IncomingResponse) {
    guard let continuation = outbox.takeReply(to: response.id) else {
      log("response to unknown request \(response.id) ignored")
      return
    }
    continuation(self, response.result)
  }

  // MARK: Outgoing messages

  /// Sends a notification to the client.
  package func send<N: NotificationType>(_ notification: N) {
    do {
      let body = try JSONRPC.encode(NotificationMessage(params: notification))
      outbox.append(OutgoingMessage(kind: .notification(method: N.method), body: body))
    } catch {
      log("could not encode '\(N.method)': \(error)")
    }
  }

  /// Sends a request to the client; `then` runs on the loop when the client's response arrives.
  package func sendRequest<R: RequestType>(
    _ request: R, then: @escaping (Server, Result<R.Response, ResponseError>) -> Void = { _, _ in }
  ) {
    let id = outbox.nextRequestID()
    do {
      let body = try JSONRPC.encode(RequestMessage(id: id, params: request))
      outbox.expectReply(to: id) { server, result in
        then(server, result.flatMap { raw in Result { () throws(ResponseError) in try raw.decode(R.Response.self) } })
      }
      outbox.append(OutgoingMessage(kind: .request(id: id, method: R.method), body: body))
    } catch {
      log("could not encode '\(R.method)': \(error)")
    }
  }

  /// Writes the messages collected so far at once when the loop allows it (`writeNow`); else they wait for the end
  /// of the event as usual.
  package func flushOutbox() {
    guard let writeNow = outbox.writeNow, !outbox.isEmpty else { return }
    writeNow(outbox.takeMessages())
  }

  /// Sends a message already encoded (such as a hand-written `publishDiagnostics`).
  package func send(encoded message: OutgoingMessage) {
    outbox.append(message)
  }

  /// Answers the request `id` whose handler threw `AnswerLater`.
  package func answer<T: Encodable & Sendable>(_ id: RequestID, result: T) {
    do {
      outbox.append(OutgoingMessage(kind: .response(id), body: try JSONRPC.encodeResponse(id: id, result: result)))
    } catch {
      reply(to: id, error: .internalError("could not encode the answer: \(error)"))
    }
  }

  /// Answers the request `id` whose handler threw `AnswerLater` with an error.
  package func answer(_ id: RequestID, error: ResponseError) {
    reply(to: id, error: error)
  }

  /// The number of our requests still waiting for the client's response.
  package var pendingReplyCount: Int { outbox.pendingReplyCount }

  /// Logs a line in the client's log (`window/logMessage`) once initialized.
  package func logMessage(_ type: MessageType, _ message: String) {
    guard state != .uninitialized else { return }
    send(LogMessageNotification(type: type, message: message))
  }

  /// Logs a line on stderr.
  package func log(_ message: String) {
    options.log(message)
  }

  private func reply(to id: RequestID?, error: ResponseError) {
    do {
      outbox.append(
        OutgoingMessage(kind: .response(id), body: try JSONRPC.encode(ErrorResponseMessage(id: id, error: error))))
    } catch {
      log("could not encode an error response: \(error)")
    }
  }

}

import Foundation
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

@testable import GlossServer

@Suite struct LifecycleTests {
  @Test func initializeAnswersServerInfoAndOnlyImplementedCapabilities() throws {
    let client = TestClient()
    let result = try client.initialize()
    #expect(result.serverInfo == ServerInfo(name: "gloss", version: "0.1.0"))
    var expected = ServerCapabilities(
      positionEncoding: "utf-16",
      textDocumentSync: TextDocumentSyncOptions(
        openClose: true, change: .incremental, save: SaveOptions(includeText: false)),
      workspace: WorkspaceServerCapabilities(
        workspaceFolders: WorkspaceFoldersServerCapabilities(supported: true, changeNotifications: true),
        fileOperations: FileOperationsServerCapabilities(
          didCreate: .allFiles, willRename: .allFiles, didRename: .allFiles, didDelete: .allFiles)))
    expected.completionProvider = CompletionOptions(
      triggerCharacters: ["@", "#", "[", "/", "("], resolveProvider: true)
    expected.hoverProvider = true
    expected.definitionProvider = true
    expected.referencesProvider = true
    expected.codeLensProvider = CodeLensOptions(resolveProvider: false)
    expected.executeCommandProvider = ExecuteCommandOptions(commands: [
      "gloss.showReferences", "gloss.saveAsNote", "gloss.newNote", "gloss.convertToSource", "gloss.reindex",
      "gloss.export", "gloss.find", "gloss.openSource", "gloss.createLiteratureNote",
    ])
    // A client that does not announce `prepareSupport` gets rename without `prepareProvider`.
    expected.renameProvider = RenameOptions()
    expected.codeActionProvider = CodeActionOptions(codeActionKinds: [
      "quickfix", "refactor.extract", "refactor.rewrite",
    ])
    // The outline features' capabilities are checked in OutlineEndToEndTests.
    client.server.addOutlineCapabilities(to: &expected)
    #expect(result.capabilities == expected)
    #expect(client.server.state == .running)
  }

  @Test(
    arguments: [
      (nil, "utf-16"), ([], "utf-16"), (["utf-8"], "utf-8"), (["utf-32", "utf-8"], "utf-32"),
      (["utf-7", "utf-8", "utf-16"], "utf-8"), (["latin-1"], "utf-16"), (["utf-16", "utf-8"], "utf-16"),
    ] as [([String]?, String)])
  func positionEncodingIsTheClientsFirstSupportedChoice(offered: [String]?, agreed: String) throws {
    let client = TestClient()
    let result = try client.initialize(
      InitializeRequest(capabilities: ClientCapabilities(general: .init(positionEncodings: offered))))
    #expect(result.capabilities.positionEncoding == agreed)
    #expect(client.server.connection.positionEncoding.rawValue == agreed)
  }

  @Test func requestBeforeInitializeIsRefusedAndNotificationIgnored() throws {
    let client = TestClient()
    #expect(throws: ResponseError.serverNotInitialized) { try client.send(ShutdownRequest()) }
    client.notify(
      DidOpenTextDocumentNotification(
        textDocument: TextDocumentItem(uri: "u", languageId: "markdown", version: 1, text: "x")))
    #expect(client.server.documents["u"] == nil)
    #expect(client.notifications.isEmpty)
    try client.initialize()
    #expect(client.server.state == .running)
  }

  @Test func secondInitializeIsAnInvalidRequest() throws {
    let client = TestClient()
    try client.initialize()
    #expect(throws: ResponseError.invalidRequest("server already initialized")) { try client.initialize() }
  }

  @Test func unknownRequestIsMethodNotFound() throws {
    let client = TestClient()
    try client.initialize()
    client.enqueue(body: #"{"jsonrpc":"2.0","id":"h","method":"textDocument/moniker","params":{}}"#)
    client.processQueue()
    #expect(client.errorCode(of: .string("h")) == .methodNotFound)
  }

  @Test(arguments: ["$/setTrace", "$/unknown", "gloss/whatever", "workspace/didChangeConfiguration"])
  func unknownNotificationsAreNeverAnswered(method: String) throws {
    let client = TestClient()
    try client.initialize()
    client.enqueue(body: #"{"jsonrpc":"2.0","method":"\#(method)","params":{"value":"off"}}"#)
    client.processQueue()
    #expect(client.notifications.isEmpty)
    #expect(client.answersWithoutID.isEmpty)
    #expect(client.answers.count == 1)  // Only `initialize`.
  }

  @Test func invalidParamsNameTheField() {
    let client = TestClient()
    client.enqueue(body: #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":1}}"#)
    client.processQueue()
    #expect(throws: ResponseError.invalidParams("missing field 'capabilities'")) {
      try client.response(to: .number(1), as: InitializeRequest.self)
    }
    #expect(client.server.state == .uninitialized)
  }

  @Test func invalidParamsOfANotificationAreLoggedNotAnswered() throws {
    let client = TestClient()
    try client.initialize()
    client.enqueue(body: #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":1}}}"#)
    client.processQueue()
    #expect(client.answers.count == 1)
    let logs = client.notifications(LogMessageNotification.self)
    #expect(
      logs.map(\.message) == [
        "'textDocument/didOpen' ignored: field 'textDocument.uri' has the wrong type, expected a string"
      ])
  }

  @Test func unreadableJSONIsAParseErrorAndTheNextMessageIsRead() throws {
    let client = TestClient()
    client.enqueue(body: #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"#)
    client.enqueue(InitializeRequest())
    client.processQueue()
    #expect(client.answersWithoutID.map(\.code) == [.parseError])
    #expect(client.errorCode(of: .number(1)) == nil)
    #expect(client.server.state == .running)
  }

  @Test func messageWithoutMethodOrResultIsAnInvalidRequest() {
    let client = TestClient()
    client.enqueue(body: #"{"jsonrpc":"2.0","id":5}"#)
    client.processQueue()
    #expect(client.errorCode(of: .number(5)) == .invalidRequest)
  }

  @Test(arguments: [
    #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}"#,
    #"{"jsonrpc":"2.0","id":null,"result":5}"#, #"{"jsonrpc":"2.0","error":"bad"}"#,
  ])
  func responseWithoutUsableIdIsNeverAnswered(body: String) throws {
    let client = TestClient()
    try client.initialize()
    client.enqueue(body: body)
    client.processQueue()
    #expect(client.answersWithoutID.isEmpty)
    #expect(client.answers.count == 1)
  }

  @Test func requestsAfterShutdownAreInvalidAndExitEndsWithZero() throws {
    let client = TestClient()
    try client.initialize()
    _ = try client.send(ShutdownRequest())
    #expect(throws: ResponseError.invalidRequest("server is shut down: only 'exit' is accepted")) {
      try client.send(ShutdownRequest())
    }
    #expect(client.server.exitStatus == nil)
    client.notify(ExitNotification())
    #expect(client.server.exitStatus == 0)
  }

  @Test func exitWithoutShutdownEndsWithOneEvenBeforeInitialize() {
    let client = TestClient()
    client.notify(ExitNotification())
    #expect(client.server.exitStatus == 1)
  }

  @Test(arguments: [false, true])
  func endOfInputEndsWithZeroOnlyAfterShutdown(shutDown: Bool) throws {
    let client = TestClient()
    try client.initialize()
    if shutDown { _ = try client.send(ShutdownRequest()) }
    client.enqueue(event: .endOfInput)
    client.processQueue()
    #expect(client.server.exitStatus == (shutDown ? 0 : 1))
  }

  @Test func handlerThrowingAnyOtherErrorIsAnInternalError() throws {
    var logged: [String] = []
    let lines = LockedLines()
    var options = ServerOptions.silent
    options.log = { lines.append($0) }
    let client = TestClient(options: options)
    client.server.table.on(ProbeRequest.self) { _ in { _ in throw CocoaError(.fileReadCorruptFile) } }
    try client.initialize()
    #expect {
      try client.send(ProbeRequest(text: "x"))
    } throws: { error in
      (error as? ResponseError)?.code == .internalError
    }
    // (A machine under load may also log a slow `initialize`.)
    logged = lines.all.filter { !$0.hasPrefix("'initialize' took") }
    #expect(logged.count == 1)
    #expect(logged.first?.hasPrefix("'gloss/probe' failed: ") == true)
  }

  /// A message whose handling takes a quarter of a second or more is logged with its time; quicker ones are not.
  @Test func slowRequestsAndNotificationsAreLoggedWithTheirTime() throws {
    let lines = LockedLines()
    let clock = SteppingClock(step: 0.2)
    var options = ServerOptions.silent
    options.log = { lines.append($0) }
    options.now = { clock.next() }
    let client = TestClient(options: options)
    // A slow probe asks the time itself: twice the step.
    client.server.table.on(ProbeRequest.self) { server in
      { probe in
        if probe.text?.hasPrefix("chậm") == true { _ = server.options.now() }
        return probe.text
      }
    }
    try client.initialize()
    #expect(try client.send(ProbeRequest(text: "nhanh")) == "nhanh")
    #expect(!lines.all.contains { $0.contains("gloss/probe") })
    #expect(try client.send(ProbeRequest(text: "chậm 🐢")) == "chậm 🐢")
    #expect(lines.all.contains("'gloss/probe' took 0.40 s"), "\(lines.all)")
  }

  @Test func framingErrorIsLoggedToTheClientOnceInitialized() throws {
    let client = TestClient()
    client.enqueue(event: .framingError(FramingError("skipped 3 bytes that are not a message header")))
    client.processQueue()
    #expect(client.notifications.isEmpty)
    try client.initialize()
    client.enqueue(event: .framingError(FramingError("skipped 3 bytes that are not a message header")))
    client.processQueue()
    #expect(
      client.notifications(LogMessageNotification.self) == [
        LogMessageNotification(
          type: .warning, message: "unreadable input: skipped 3 bytes that are not a message header")
      ])
  }
}

/// A request registered only in tests: echoes its text, or fails as the test's handler says.
struct ProbeRequest: RequestType, Hashable {
  typealias Response = String?
  static let method = "gloss/probe"
  var text: String?
}

/// A clock whose every reading is `step` seconds after the previous one.
final class SteppingClock: @unchecked Sendable {
  private let lock = NSLock()
  private var seconds = 1_790_000_000.0
  private let step: TimeInterval

  init(step: TimeInterval) { self.step = step }

  func next() -> Date {
    lock.withLock {
      seconds += step
      return Date(timeIntervalSince1970: seconds)
    }
  }
}

/// Log lines collected from the server's log function.
final class LockedLines: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []

  func append(_ line: String) {
    lock.lock()
    lines.append(line)
    lock.unlock()
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return lines
  }
}

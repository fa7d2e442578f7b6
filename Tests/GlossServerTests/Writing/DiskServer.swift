import Foundation
import GlossIndex
import GlossServer
import LanguageServerProtocol
import TestSupport

/// A test client of a server working on a `WriteFixture`'s real folders.
final class DiskServer {
  let fixture: WriteFixture
  let client: TestClient

  init(_ fixture: WriteFixture, configure: (inout ServerOptions) -> Void = { _ in }) {
    self.fixture = fixture
    var options = ServerOptions.silent
    options.fileSystem = LocalFileSystem()
    options.stateDirectory = fixture.state + "/gloss"
    // On the real disk, the in-memory default (`/home/user/.cache/gloss`) would be a folder of the machine.
    options.cacheDirectory = fixture.state + "/cache/gloss"
    configure(&options)
    client = TestClient(options: options)
  }

  /// Initializes with the fixture's root as the one workspace folder.
  func start(capabilities: ClientCapabilities = ClientCapabilities()) throws {
    try client.initialize(
      InitializeRequest(
        capabilities: capabilities, workspaceFolders: [WorkspaceFolder(uri: uri(""), name: "workspace")]))
  }

  /// The `file://` URI of a root-relative path.
  func uri(_ path: String) -> String {
    FileURI(filePath: path.isEmpty ? fixture.root : fixture.root + "/" + path).string
  }

  /// Runs `command` with one object argument; returns the request id (the answer may wait for the client).
  @discardableResult
  func enqueue(_ command: String, _ argument: [String: JSONValue]) -> RequestID {
    let id = client.enqueue(ExecuteCommandRequest(command: command, arguments: [.object(argument)]))
    client.processQueue()
    return id
  }

  /// Runs `command` and returns its result, or throws its error.
  func run(_ command: String, _ argument: [String: JSONValue]) throws -> JSONValue? {
    try client.response(to: enqueue(command, argument), as: ExecuteCommandRequest.self)
  }

  /// The error message of the answer to `id`, nil when it succeeded or has no answer.
  func errorMessage(of id: RequestID) -> String? {
    guard case .failure(let error)? = client.answers[id]?.last else { return nil }
    return error.message
  }

  /// Opens a document with `text`.
  func open(_ path: String, _ text: String, version: Int = 1) {
    client.notify(
      DidOpenTextDocumentNotification(
        textDocument: TextDocumentItem(uri: uri(path), languageId: "markdown", version: version, text: text)))
  }

  /// The paths (root-relative) that got diagnostics published.
  var publishedPaths: Set<String> {
    Set(
      client.notifications(PublishDiagnosticsNotification.self).compactMap {
        FileURI($0.uri).filePath.flatMap { PathComponents.relative($0, to: fixture.root) }
      })
  }
}

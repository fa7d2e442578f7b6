import Foundation
import GlossServer
import LanguageServerProtocol
import TestSupport

/// A multi-file workspace in memory with a test client over it, and functions to read what the server published.
final class WorkspaceFixture {
  let fileSystem: InMemoryFileSystem
  let client: TestClient
  let root: String

  /// A workspace at `root` holding `files` (root-relative path → text), for a user whose home is `homeDirectory`.
  init(
    root: String = "/w", files: [String: String], homeDirectory: String? = "/home/user",
    configure: (inout ServerOptions) -> Void = { _ in }
  ) {
    self.root = root
    fileSystem = InMemoryFileSystem(root: root, files: files)
    var options = ServerOptions.silent
    options.fileSystem = fileSystem
    options.homeDirectory = homeDirectory
    configure(&options)
    client = TestClient(options: options)
  }

  /// A fixture over an existing file system (a restart: same files, same cache).
  init(root: String, fileSystem: InMemoryFileSystem, configure: (inout ServerOptions) -> Void = { _ in }) {
    self.root = root
    self.fileSystem = fileSystem
    var options = ServerOptions.silent
    options.fileSystem = fileSystem
    configure(&options)
    client = TestClient(options: options)
  }

  /// Waits for the background extractions and lets the server take their outcomes.
  func finishExtractions() {
    client.server.extractions.waitUntilIdle()
    client.enqueue(event: .extracted)
    client.processQueue()
  }

  /// Initializes with the root as the one workspace folder (or as `params` say).
  func start(
    capabilities: ClientCapabilities = ClientCapabilities(), initializationOptions: JSONValue? = nil,
    folders: [String]? = nil
  ) throws {
    let folderPaths = folders ?? [root]
    try client.initialize(
      InitializeRequest(
        initializationOptions: initializationOptions, capabilities: capabilities,
        workspaceFolders: folderPaths.map { WorkspaceFolder(uri: uri($0), name: "w") }))
  }

  /// The `file://` URI of an absolute path, or of a path relative to the root.
  func uri(_ path: String) -> String {
    FileURI(filePath: path.hasPrefix("/") ? path : root + "/" + path).string
  }

  /// The publishDiagnostics sent so far.
  var published: [PublishDiagnosticsNotification] {
    client.notifications(PublishDiagnosticsNotification.self)
  }

  /// The root-relative paths published so far, in order (files outside the root keep their absolute path).
  var publishedPaths: [String] {
    published.map(relativePath)
  }

  /// The codes last published for `path`, or nil if nothing was published for it.
  func codes(_ path: String) -> [String]? {
    published.last { relativePath($0) == path }.map { $0.diagnostics.compactMap(\.code) }
  }

  private func relativePath(_ notification: PublishDiagnosticsNotification) -> String {
    let path = FileURI(notification.uri).filePath ?? notification.uri
    return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
  }

  /// Opens a document with `text`.
  func open(_ path: String, _ text: String, version: Int = 1) {
    client.notify(
      DidOpenTextDocumentNotification(
        textDocument: TextDocumentItem(uri: uri(path), languageId: "markdown", version: version, text: text)))
  }

  /// Replaces the whole text of an open document.
  func replace(_ path: String, with text: String, version: Int) {
    client.notify(
      DidChangeTextDocumentNotification(
        textDocument: VersionedTextDocumentIdentifier(uri: uri(path), version: version),
        contentChanges: [TextDocumentContentChangeEvent(range: nil, text: text)]))
  }

  /// Closes a document.
  func close(_ path: String) {
    client.notify(DidCloseTextDocumentNotification(textDocument: TextDocumentIdentifier(uri: uri(path))))
  }

  /// Runs the periodic scan once.
  func tick() {
    client.enqueue(event: .tick(Date(timeIntervalSince1970: 1_790_000_100)))
    client.processQueue()
  }
}

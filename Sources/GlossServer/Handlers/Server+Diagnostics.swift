import GlossIndex
import GlossSyntax
package import LanguageServerProtocol

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How diagnostics reach a client: never both ways to one client (docs/features.md).
package enum DiagnosticsMode: Hashable, Sendable {
  /// `textDocument/publishDiagnostics` for every file, kept current.
  case push
  /// `textDocument/diagnostic` and `workspace/diagnostic`, for clients that announce them.
  case pull
}

extension Server {
  /// The LSP diagnostics of the file at `path` in root `id`, in the negotiated encoding.
  package func lspDiagnostics(for path: String, in id: RootID) -> [LanguageServerProtocol.Diagnostic] {
    guard let root = root(id) else { return [] }
    let diagnostics = root.workspace.diagnostics(for: path)
    guard !diagnostics.isEmpty, let text = text(of: path, in: id) else { return [] }
    return diagnostics.map { $0.lspDiagnostic(in: text, encoding: connection.positionEncoding) }
  }

  /// Publishes (push) or invalidates (pull) the diagnostics of `paths` in root `id`, in the order given. The
  /// notifications are encoded on all cores: the first indexing publishes one for every file.
  func publish(_ paths: some Sequence<String>, in id: RootID) {
    guard let root = root(id) else { return }
    switch diagnosticsLedger.mode {
    case .push:
      // Only open documents have a version; everything else is looked up and encoded on all cores.
      let paths = Array(paths)
      // What waits to be published after texts arrived goes out now, current.
      extractionReporting.published(paths, in: id)
      var openDocuments: [String: (version: Int?, text: SourceText)] = [:]
      for path in paths {
        if let uri = root.openPaths[path], let document = documents[uri] {
          openDocuments[path] = (document.version, document.text)
        }
      }
      let open = openDocuments
      let encoding = connection.positionEncoding
      let fileSystem = options.reader
      // In slices, each written as soon as it is encoded, so that the client reads the first while the next are
      // encoded (the first indexing publishes one notification for every file), on a thread of their own
      // (`BulkWriter`): the loop goes on at once, and what it sends next (the answers to the requests that came
      // during the indexing, an opened note's diagnostics) overtakes them, rather than waiting for a slow client to
      // read 10,000 notifications (2 s in Emacs, and Neovim then handled them all before the answer).
      let writeInBackground = paths.count > Self.publishSlice ? outbox.writeInBackground : nil
      for slice in stride(from: 0, to: paths.count, by: Self.publishSlice) {
        let slicePaths = Array(paths[slice..<min(paths.count, slice + Self.publishSlice)])
        let bodies = ParallelWork.map(count: slicePaths.count) { index -> Data? in
          let path = slicePaths[index]
          let diagnostics = root.workspace.diagnostics(for: path)
          // A closed note's released text is not read again while its file is as indexed: its table places them.
          if !diagnostics.isEmpty, open[path] == nil,
            let table = root.positionTable(of: path, fileSystem: fileSystem)
          {
            return DiagnosticJSON.publishBody(
              uri: root.uri(for: path), version: nil, diagnostics: diagnostics, in: table, encoding: encoding)
          }
          let text = diagnostics.isEmpty ? nil : open[path]?.text ?? root.storedText(of: path, fileSystem: fileSystem)
          // A released note changed on disk has no positions for its offsets: the scan that indexes it again
          // publishes it.
          if !diagnostics.isEmpty, text == nil, open[path] == nil, root.releasedTexts[path] != nil { return nil }
          guard let text else {
            return DiagnosticJSON.publishBody(uri: root.uri(for: path), version: open[path]?.version, diagnostics: [])
          }
          return DiagnosticJSON.publishBody(
            uri: root.uri(for: path), version: open[path]?.version, diagnostics: diagnostics, in: text,
            encoding: encoding)
        }
        var messages: [OutgoingMessage] = []
        messages.reserveCapacity(slicePaths.count)
        for (path, body) in zip(slicePaths, bodies) {
          guard let body else { continue }
          restart.captured?.append(PublishedDiagnostics(path: path, body: body))
          messages.append(.publishDiagnostics(body: body))
        }
        if let writeInBackground {
          // What the loop collected before them goes first.
          flushOutbox()
          writeInBackground(messages)
          continue
        }
        for message in messages { send(encoded: message) }
        if paths.count > Self.publishSlice { flushOutbox() }
      }
    case .pull:
      for path in paths {
        // A report the client holds went stale; `refreshStaleDiagnostics` asks for it again when no request did.
        let uri = root.uri(for: path)
        diagnosticsLedger.invalidate(uri, isOpen: documents[uri] != nil)
      }
    }
  }

  /// How many notifications `publish` encodes before writing them.
  static let publishSlice = 1_024

  /// After an event the client did not cause by a request or an edit (a file changed on disk, a scan, the notes an
  /// edit affects, a new config), asks a pull client to request its diagnostics again (`workspace/diagnostic/
  /// refresh`) when it supports that and a report it held went stale. What a request makes stale (a command's
  /// edits) waits for the next such event.
  func refreshStaleDiagnostics(after event: ServerEvent) {
    guard diagnosticsLedger.hasStale else { return }
    switch event {
    case .message(.request), .message(.response), .endOfInput: return
    case .message(.notification(let notification)) where Self.editNotifications.contains(notification.method):
      // The client pulls again after its own edits (`interFileDependencies` makes it pull every open document),
      // but not the documents it does not have open: an edit of a source makes the reports of the notes citing
      // it stale, and those must be asked for.
      guard diagnosticsLedger.hasStaleUnopened else {
        diagnosticsLedger.hasStale = false
        return
      }
    default: break
    }
    diagnosticsLedger.clearStale()
    guard diagnosticsLedger.mode == .pull, connection.capabilities.workspace?.diagnostics?.refreshSupport == true else {
      return
    }
    sendRequest(DiagnosticRefreshRequest())
  }

  /// The notifications by which the client edits a document: it asks for that document's diagnostics itself.
  static let editNotifications: Set<String> = [
    DidOpenTextDocumentNotification.method, DidChangeTextDocumentNotification.method,
    DidCloseTextDocumentNotification.method, DidSaveTextDocumentNotification.method,
  ]

  /// Publishes `paths` sorted, so what a client sees does not depend on hashing.
  func publishSorted(_ paths: Set<String>, in id: RootID) {
    publish(paths.sorted { $0.utf8Precedes($1) }, in: id)
  }

  /// Publishes every diagnosed file of root `id`, empty ones too: once at start, the client's sign of readiness.
  func publishAll(in id: RootID) {
    guard let root = root(id) else { return }
    var paths = root.workspace.diagnosedPaths
    if !paths.contains(root.workspace.configPath), root.files.files.contains(where: { $0.role == .config }) {
      paths.append(root.workspace.configPath)
    }
    publish(paths, in: id)
  }

  /// Clears every diagnostic a removed root had published.
  func clearDiagnostics(of root: WorkspaceRoot) {
    for path in root.workspace.diagnosticsByPath.keys.sorted() {
      let uri = root.uri(for: path)
      switch diagnosticsLedger.mode {
      case .push: send(PublishDiagnosticsNotification(uri: uri, diagnostics: []))
      case .pull:
        diagnosticsLedger.invalidate(uri, isOpen: false)
      }
    }
  }

  // MARK: Pull diagnostics

  /// `textDocument/diagnostic`: the document's report, or `unchanged` when the client holds the current one.
  func documentDiagnostic(_ params: DocumentDiagnosticRequest) -> DocumentDiagnosticReport {
    report(for: params.textDocument.uri, previous: params.previousResultId)
  }

  /// `workspace/diagnostic`: a report for every diagnosed file of every root whose report the client does not hold.
  func workspaceDiagnostic(_ params: WorkspaceDiagnosticRequest) -> WorkspaceDiagnosticReport {
    var previous: [DocumentURI: String] = [:]
    for item in params.previousResultIds { previous[item.uri] = item.value }
    var items: [WorkspaceDocumentDiagnosticReport] = []
    for root in roots {
      for path in root.workspace.diagnosedPaths {
        let uri = root.uri(for: path)
        let report = report(for: uri, previous: previous[uri])
        // Documents the client already holds current are left out: clients ask again as soon as they get an answer,
        // and 10,000 `unchanged` reports each time would be a megabyte of nothing.
        if report.kind == "unchanged" { continue }
        let version = root.openPaths[path].flatMap { documents[$0]?.version }
        items.append(WorkspaceDocumentDiagnosticReport(uri: uri, version: version, report: report))
      }
    }
    return WorkspaceDiagnosticReport(items: items)
  }

  /// The report of the document at `uri` given the client's result id.
  private func report(for uri: DocumentURI, previous: String?) -> DocumentDiagnosticReport {
    let current = diagnosticsLedger.resultID(for: uri)
    if previous == current { return .unchanged(resultId: current) }
    guard let location = locate(uri) else { return .full(resultId: current, items: []) }
    return .full(resultId: current, items: lspDiagnostics(for: location.path, in: location.root))
  }
}

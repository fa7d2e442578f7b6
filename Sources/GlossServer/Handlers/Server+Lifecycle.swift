import GlossSyntax
import LanguageServerProtocol

extension Server {
  /// `initialize`: agrees on the position encoding, keeps the client's capabilities and answers ours.
  func initialize(_ params: InitializeRequest) throws -> InitializeResult {
    connection.initializeParams = params
    connection.capabilities = params.capabilities
    connection.positionEncoding = Self.negotiatePositionEncoding(params.capabilities.general?.positionEncodings)
    state = .running
    connection.editorSettings = Self.editorSettings(from: params.initializationOptions)
    diagnosticsLedger.mode = Self.diagnosticsMode(for: params.capabilities)
    // The roots (`workspaceFolders`, else `rootUri`, else `rootPath`, else single-file mode) are loaded on
    // `initialized`, once the client can take our requests and progress.
    return InitializeResult(
      capabilities: capabilities, serverInfo: ServerInfo(name: options.name, version: options.version))
  }

  /// `initialized`: the client is ready for our requests (such as registering file watchers).
  func initialized(_ params: InitializedNotification) {
    registerFileWatchers()
    guard !loading.hasLoaded, !loading.isPending else { return }
    if connection.capabilities.window?.workDoneProgress == true {
      // The first indexing reports progress once the client made the token; any other event first loads at once
      // (with progress too, `loadIfStillPending`).
      loading.isPending = true
      let token = Self.indexingProgressToken
      sendRequest(WorkDoneProgressCreateRequest(token: token)) { server, result in
        guard server.loading.isPending else { return }
        guard (try? result.get()) != nil else { return server.loadWorkspaces(progressToken: nil) }
        // `begin` goes out now; the indexing runs as deferred work, once this message has been written.
        server.loading.deferFirstIndexing(progress: token)
        server.beginIndexingProgress()
      }
    } else {
      // Without progress too, the first indexing waits for the first idle moment: a restart answers before it.
      loading.deferFirstIndexing(progress: nil)
    }
  }

  /// The progress token of the first indexing.
  static let indexingProgressToken = ProgressToken.string("gloss-indexing")

  /// Sends the first indexing's `begin` (its reports and `end` come from `loadWorkspaces`).
  func beginIndexingProgress() {
    send(ProgressNotification(token: Self.indexingProgressToken, value: .begin(title: "Indexing")))
  }

  /// `shutdown`: stop working; only `exit` is accepted from now on.
  func shutdown(_ params: ShutdownRequest) -> VoidResponse {
    state = .shutDown
    return VoidResponse()
  }

  /// What the server advertises: only what is implemented.
  var capabilities: ServerCapabilities {
    var capabilities = ServerCapabilities(
      positionEncoding: connection.positionEncoding.rawValue,
      textDocumentSync: TextDocumentSyncOptions(
        openClose: true, change: .incremental, save: SaveOptions(includeText: false)),
      diagnosticProvider: diagnosticsLedger.mode == .pull
        ? DiagnosticOptions(identifier: "gloss", interFileDependencies: true, workspaceDiagnostics: true) : nil,
      workspace: WorkspaceServerCapabilities(
        workspaceFolders: WorkspaceFoldersServerCapabilities(supported: true, changeNotifications: true),
        fileOperations: FileOperationsServerCapabilities(
          didCreate: .allFiles, willRename: .allFiles, didRename: .allFiles, didDelete: .allFiles)))
    capabilities.completionProvider = CompletionOptions(
      triggerCharacters: Self.completionTriggerCharacters, resolveProvider: true)
    capabilities.hoverProvider = true
    capabilities.definitionProvider = true
    capabilities.referencesProvider = true
    capabilities.codeLensProvider = CodeLensOptions(resolveProvider: false)
    capabilities.executeCommandProvider = ExecuteCommandOptions(commands: Self.executableCommands)
    // Rename and quick fixes (Server+Rename.swift, Server+CodeActions.swift); `willRename` takes every file and
    // folder, since a moved folder moves its notes.
    let prepares = connection.capabilities.textDocument?.rename?.prepareSupport ?? false
    capabilities.renameProvider = RenameOptions(prepareProvider: prepares ? true : nil)
    capabilities.codeActionProvider = CodeActionOptions(codeActionKinds: [CodeAction.quickFix] + Self.refactorKinds)
    addOutlineCapabilities(to: &capabilities)
    return capabilities
  }

  /// Pull for the clients that announce pull diagnostics and can be asked to pull again
  /// (`workspace.diagnostics.refreshSupport`): a report goes stale when another file changes (a bibliography
  /// rewritten on disk), and only a refresh request tells a pull client so. Push for every other client (Neovim 0.12
  /// announces pull without refresh); never both to one client.
  static func diagnosticsMode(for capabilities: ClientCapabilities) -> DiagnosticsMode {
    let pulls = capabilities.textDocument?.diagnostic != nil
    let refreshes = capabilities.workspace?.diagnostics?.refreshSupport == true
    return pulls && refreshes ? .pull : .push
  }

  /// The first encoding in the client's order of preference that the server supports; UTF-16 when none is.
  static func negotiatePositionEncoding(_ offered: [String]?) -> PositionEncoding {
    for name in offered ?? [] {
      if let encoding = PositionEncoding(rawValue: name) { return encoding }
    }
    return .utf16
  }
}

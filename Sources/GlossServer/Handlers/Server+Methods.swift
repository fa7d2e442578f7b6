import LanguageServerProtocol

/// The method table: one line per LSP method the server handles.
///
/// To add a feature: the query in GlossIndex (with tests), the message struct in LanguageServerProtocol (with a
/// coding test), a 5–15 line handler in a `Server+Feature.swift` file, one `on(…)` line here, and the capability
/// in `Server+Lifecycle.swift` (`capabilities`). Methods not listed are answered `methodNotFound` (requests) or
/// ignored (notifications, `$/…` included). `exit` is handled by the loop itself, and so is `$/cancelRequest` for a
/// request still queued; one for a command waiting for the client's edit comes here.
extension Server {
  static func methodTable() -> MethodTable {
    var table = MethodTable()
    // Lifecycle (Server+Lifecycle.swift).
    table.on(InitializeRequest.self, Server.initialize)
    table.on(InitializedNotification.self, Server.initialized)
    table.on(ShutdownRequest.self, Server.shutdown)
    table.on(CancelRequestNotification.self, Server.cancelRequest)
    // Document synchronisation (Server+Documents.swift).
    table.on(DidOpenTextDocumentNotification.self, Server.didOpen)
    table.on(DidChangeTextDocumentNotification.self, Server.didChange)
    table.on(DidSaveTextDocumentNotification.self, Server.didSave)
    table.on(DidCloseTextDocumentNotification.self, Server.didClose)
    // Workspace roots, settings and files changed outside the editor (Server+Workspaces, Server+FileChanges).
    table.on(DidChangeWorkspaceFoldersNotification.self, Server.didChangeWorkspaceFolders)
    table.on(DidChangeConfigurationNotification.self, Server.didChangeConfiguration)
    table.on(DidChangeWatchedFilesNotification.self, Server.didChangeWatchedFiles)
    table.on(DidCreateFilesNotification.self, Server.didCreateFiles)
    table.on(DidDeleteFilesNotification.self, Server.didDeleteFiles)
    table.on(DidRenameFilesNotification.self, Server.didRenameFiles)
    // Pull diagnostics (Server+Diagnostics.swift), for clients that announce them.
    table.on(DocumentDiagnosticRequest.self, Server.documentDiagnostic)
    table.on(WorkspaceDiagnosticRequest.self, Server.workspaceDiagnostic)
    // Completion (Server+Completion.swift).
    table.on(CompletionRequest.self, Server.completion)
    table.on(CompletionItemResolveRequest.self, Server.resolveCompletionItem)
    // Navigation (Server+Navigation.swift); commands: the code lens's (Server+ExecuteCommand.swift) and
    // docs/commands.md's (Server+Commands.swift, Server+CommandEdits.swift, Server+Export.swift).
    table.on(HoverRequest.self, Server.hover)
    table.on(DefinitionRequest.self, Server.definition)
    table.onEncoded(ReferencesRequest.self, Server.references)
    table.onEncoded(CodeLensRequest.self, Server.codeLens)
    table.on(ExecuteCommandRequest.self, Server.executeCommand)
    // Rename and quick fixes (Server+Rename.swift, Server+CodeActions.swift).
    table.on(PrepareRenameRequest.self, Server.prepareRename)
    table.on(RenameRequest.self, Server.rename)
    table.on(WillRenameFilesRequest.self, Server.willRenameFiles)
    table.on(CodeActionRequest.self, Server.codeAction)
    // Outline (Server+Outline.swift) and decorations (Server+Decorations.swift).
    table.on(DocumentSymbolRequest.self, Server.documentSymbol)
    table.on(WorkspaceSymbolRequest.self, Server.workspaceSymbol)
    table.on(FoldingRangeRequest.self, Server.foldingRange)
    table.on(DocumentLinkRequest.self, Server.documentLink)
    table.on(InlayHintRequest.self, Server.inlayHint)
    table.on(SemanticTokensRequest.self, Server.semanticTokens)
    return table
  }
}

/// What the server can do; only the fields the server fills are encoded.
package struct ServerCapabilities: Hashable, Sendable, Codable {
  /// The negotiated position encoding (`utf-8`, `utf-16`, `utf-32`).
  package var positionEncoding: String?
  /// How documents are synchronised.
  package var textDocumentSync: TextDocumentSyncOptions?
  /// Pull diagnostics, offered only to clients that announce them.
  package var diagnosticProvider: DiagnosticOptions?
  /// Workspace folders and file operations.
  package var workspace: WorkspaceServerCapabilities?
  /// Completion, with its trigger characters.
  package var completionProvider: CompletionOptions?
  /// Rename support (`{}`, or `{"prepareProvider": true}` for clients that send `prepareRename`).
  package var renameProvider: RenameOptions?
  /// The code action kinds answered.
  package var codeActionProvider: CodeActionOptions?

  /// Creates capabilities.
  package init(
    positionEncoding: String? = nil, textDocumentSync: TextDocumentSyncOptions? = nil,
    diagnosticProvider: DiagnosticOptions? = nil, workspace: WorkspaceServerCapabilities? = nil,
    completionProvider: CompletionOptions? = nil
  ) {
    self.positionEncoding = positionEncoding
    self.textDocumentSync = textDocumentSync
    self.diagnosticProvider = diagnosticProvider
    self.workspace = workspace
    self.completionProvider = completionProvider
  }

  // Navigation (hover, definition, references, code lens); set after `init`.
  /// Whether `textDocument/hover` is answered.
  package var hoverProvider: Bool?
  /// Whether `textDocument/definition` is answered.
  package var definitionProvider: Bool?
  /// Whether `textDocument/references` is answered.
  package var referencesProvider: Bool?
  /// Code lenses, when offered.
  package var codeLensProvider: CodeLensOptions?
  /// The commands `workspace/executeCommand` runs.
  package var executeCommandProvider: ExecuteCommandOptions?
  // Outline features (set by `Server.addOutlineCapabilities`): not in the init, so other features' fields can be
  // added without touching these.
  /// Whether `textDocument/documentSymbol` is served.
  package var documentSymbolProvider: Bool?
  /// Whether `workspace/symbol` is served.
  package var workspaceSymbolProvider: Bool?
  /// Whether `textDocument/foldingRange` is served.
  package var foldingRangeProvider: Bool?
  /// How `textDocument/documentLink` is served.
  package var documentLinkProvider: DocumentLinkOptions?
  /// Whether `textDocument/inlayHint` is served.
  package var inlayHintProvider: Bool?
  /// How `textDocument/semanticTokens` is served.
  package var semanticTokensProvider: SemanticTokensOptions?
}

/// The server's `workspace` capabilities.
package struct WorkspaceServerCapabilities: Hashable, Sendable, Codable {
  /// Workspace folder support.
  package var workspaceFolders: WorkspaceFoldersServerCapabilities?
  /// The file operations the server wants to hear about.
  package var fileOperations: FileOperationsServerCapabilities?

  /// Creates the capabilities.
  package init(
    workspaceFolders: WorkspaceFoldersServerCapabilities? = nil,
    fileOperations: FileOperationsServerCapabilities? = nil
  ) {
    self.workspaceFolders = workspaceFolders
    self.fileOperations = fileOperations
  }
}

/// Whether the server supports several workspace folders and wants to hear when they change.
package struct WorkspaceFoldersServerCapabilities: Hashable, Sendable, Codable {
  /// Whether several folders are supported.
  package var supported: Bool
  /// Whether `workspace/didChangeWorkspaceFolders` is wanted.
  package var changeNotifications: Bool

  /// Creates the capabilities.
  package init(supported: Bool, changeNotifications: Bool) {
    self.supported = supported
    self.changeNotifications = changeNotifications
  }
}

/// The file operations (`didCreateFiles`, `willRenameFiles`, …) the server wants, each with its file filters.
package struct FileOperationsServerCapabilities: Hashable, Sendable, Codable {
  /// `workspace/didCreateFiles`.
  package var didCreate: FileOperationRegistrationOptions?
  /// `workspace/willRenameFiles`.
  package var willRename: FileOperationRegistrationOptions?
  /// `workspace/didRenameFiles`.
  package var didRename: FileOperationRegistrationOptions?
  /// `workspace/didDeleteFiles`.
  package var didDelete: FileOperationRegistrationOptions?

  /// Creates the capabilities.
  package init(
    didCreate: FileOperationRegistrationOptions? = nil, willRename: FileOperationRegistrationOptions? = nil,
    didRename: FileOperationRegistrationOptions? = nil, didDelete: FileOperationRegistrationOptions? = nil
  ) {
    self.didCreate = didCreate
    self.willRename = willRename
    self.didRename = didRename
    self.didDelete = didDelete
  }
}

/// The files a file operation applies to.
package struct FileOperationRegistrationOptions: Hashable, Sendable, Codable {
  /// The filters.
  package var filters: [FileOperationFilter]

  /// Creates the options.
  package init(filters: [FileOperationFilter]) { self.filters = filters }

  /// Every file (`**/*`) of the `file` scheme.
  package static let allFiles = FileOperationRegistrationOptions(filters: [
    FileOperationFilter(scheme: "file", pattern: FileOperationPattern(glob: "**/*"))
  ])
}

/// One filter: a scheme and a glob.
package struct FileOperationFilter: Hashable, Sendable, Codable {
  /// The URI scheme (`file`).
  package var scheme: String?
  /// The glob.
  package var pattern: FileOperationPattern

  /// Creates the filter.
  package init(scheme: String?, pattern: FileOperationPattern) {
    self.scheme = scheme
    self.pattern = pattern
  }
}

/// A glob of a file operation filter.
package struct FileOperationPattern: Hashable, Sendable, Codable {
  /// The glob (`**/*.md`).
  package var glob: String

  /// Creates the pattern.
  package init(glob: String) { self.glob = glob }
}

/// How the client sends document changes.
package enum TextDocumentSyncKind: Int, Hashable, Sendable, Codable {
  /// Documents are not synchronised.
  case none = 0
  /// The full text is sent on each change.
  case full = 1
  /// Only the changed ranges are sent.
  case incremental = 2
}

/// The document synchronisation the server asks for.
package struct TextDocumentSyncOptions: Hashable, Sendable, Codable {
  /// Whether open and close notifications are sent.
  package var openClose: Bool?
  /// How changes are sent.
  package var change: TextDocumentSyncKind?
  /// Whether and how saves are sent.
  package var save: SaveOptions?

  /// Creates the options.
  package init(openClose: Bool? = nil, change: TextDocumentSyncKind? = nil, save: SaveOptions? = nil) {
    self.openClose = openClose
    self.change = change
    self.save = save
  }
}

/// Save notification options.
package struct SaveOptions: Hashable, Sendable, Codable {
  /// Whether `didSave` carries the text.
  package var includeText: Bool?

  /// Creates the options.
  package init(includeText: Bool? = nil) { self.includeText = includeText }
}

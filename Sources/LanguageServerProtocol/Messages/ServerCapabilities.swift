/// What the server can do; only the fields the server fills are encoded.
package struct ServerCapabilities: Hashable, Sendable, Codable {
  /// The negotiated position encoding (`utf-8`, `utf-16`, `utf-32`).
  package var positionEncoding: String?
  /// How documents are synchronised.
  package var textDocumentSync: TextDocumentSyncOptions?

  /// Creates capabilities.
  package init(positionEncoding: String? = nil, textDocumentSync: TextDocumentSyncOptions? = nil) {
    self.positionEncoding = positionEncoding
    self.textDocumentSync = textDocumentSync
  }

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

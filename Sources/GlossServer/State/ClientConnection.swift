package import GlossIndex
package import GlossSyntax
package import LanguageServerProtocol

/// What the client and the server settled in `initialize`, and the settings the editor gives: the position encoding
/// every range is read and written in, the client's capabilities, the `initialize` params (for the workspace roots)
/// and the editor's settings.
package struct ClientConnection {
  /// The position encoding agreed in `initialize`.
  package internal(set) var positionEncoding = PositionEncoding.utf16
  /// The client's capabilities from `initialize`.
  package internal(set) var capabilities = ClientCapabilities()
  /// The `initialize` params, for the workspace roots (`workspaceFolders`, `rootUri`, `rootPath`).
  package internal(set) var initializeParams: InitializeRequest?
  /// The settings the editor gave (`initializationOptions`, then `settings.gloss`); each root's file wins over them.
  package internal(set) var editorSettings: ConfigValue?
}

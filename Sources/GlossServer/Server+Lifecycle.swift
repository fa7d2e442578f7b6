import GlossSyntax
import LanguageServerProtocol

extension Server {
  /// `initialize`: agrees on the position encoding, keeps the client's capabilities and answers ours.
  func initialize(_ params: InitializeRequest) throws -> InitializeResult {
    initializeParams = params
    clientCapabilities = params.capabilities
    positionEncoding = Self.negotiatePositionEncoding(params.capabilities.general?.positionEncodings)
    state = .running
    // The workspace issue starts loading the workspace here: the roots are `params.workspaceFolders`, else
    // `params.rootUri`, else `params.rootPath`, else the current directory (SPEC §1).
    return InitializeResult(
      capabilities: capabilities, serverInfo: ServerInfo(name: options.name, version: options.version))
  }

  /// `initialized`: the client is ready for our requests (such as registering file watchers).
  func initialized(_ params: InitializedNotification) {}

  /// `shutdown`: stop working; only `exit` is accepted from now on.
  func shutdown(_ params: ShutdownRequest) -> VoidResponse {
    state = .shutDown
    return VoidResponse()
  }

  /// What the server advertises: only what is implemented.
  var capabilities: ServerCapabilities {
    ServerCapabilities(
      positionEncoding: positionEncoding.rawValue,
      textDocumentSync: TextDocumentSyncOptions(
        openClose: true, change: .incremental, save: SaveOptions(includeText: false)))
  }

  /// The first encoding in the client's order of preference that the server supports; UTF-16 when none is.
  static func negotiatePositionEncoding(_ offered: [String]?) -> PositionEncoding {
    for name in offered ?? [] {
      if let encoding = PositionEncoding(rawValue: name) { return encoding }
    }
    return .utf16
  }
}

/// `initialize`: the first request, with the client's capabilities and workspace.
package struct InitializeRequest: RequestType, Hashable {
  package typealias Response = InitializeResult
  package static let method = "initialize"

  /// The client's process id, to exit when it dies.
  package var processId: Int?
  /// The client's name and version.
  package var clientInfo: ClientInfo?
  /// The client's locale (`en-US`).
  package var locale: String?
  /// The deprecated workspace root path.
  package var rootPath: String?
  /// The deprecated workspace root URI.
  package var rootUri: DocumentURI?
  /// The `initializationOptions` from the editor config, as sent.
  package var initializationOptions: JSONValue?
  /// What the client can do.
  package var capabilities: ClientCapabilities
  /// The workspace folders; nil when the client does not support them, empty when none is open.
  package var workspaceFolders: [WorkspaceFolder]?

  /// Creates the params.
  package init(
    processId: Int? = nil, clientInfo: ClientInfo? = nil, locale: String? = nil, rootPath: String? = nil,
    rootUri: DocumentURI? = nil, initializationOptions: JSONValue? = nil, capabilities: ClientCapabilities = .init(),
    workspaceFolders: [WorkspaceFolder]? = nil
  ) {
    self.processId = processId
    self.clientInfo = clientInfo
    self.locale = locale
    self.rootPath = rootPath
    self.rootUri = rootUri
    self.initializationOptions = initializationOptions
    self.capabilities = capabilities
    self.workspaceFolders = workspaceFolders
  }

  private enum CodingKeys: String, CodingKey {
    case processId, clientInfo, locale, rootPath, rootUri, initializationOptions, capabilities, workspaceFolders
  }

  package init(from decoder: any Decoder) throws {
    // Only `capabilities` is required; the rest is read leniently so an odd client still initializes.
    let container = try decoder.container(keyedBy: CodingKeys.self)
    processId = try? container.decodeIfPresent(Int.self, forKey: .processId)
    clientInfo = try? container.decodeIfPresent(ClientInfo.self, forKey: .clientInfo)
    locale = try? container.decodeIfPresent(String.self, forKey: .locale)
    rootPath = try? container.decodeIfPresent(String.self, forKey: .rootPath)
    rootUri = try? container.decodeIfPresent(String.self, forKey: .rootUri)
    initializationOptions = try? container.decodeIfPresent(JSONValue.self, forKey: .initializationOptions)
    capabilities = try container.decode(ClientCapabilities.self, forKey: .capabilities)
    workspaceFolders = try? container.decodeIfPresent([WorkspaceFolder].self, forKey: .workspaceFolders)
  }
}

/// The name and version of a client or server.
package struct ClientInfo: Hashable, Sendable, Codable {
  /// The program's name.
  package var name: String
  /// Its version.
  package var version: String?

  /// Creates the info.
  package init(name: String, version: String? = nil) {
    self.name = name
    self.version = version
  }
}

/// The server's name and version, sent in `InitializeResult`.
package typealias ServerInfo = ClientInfo

/// The result of `initialize`: what the server can do.
package struct InitializeResult: Hashable, Sendable, Codable {
  /// The server's capabilities.
  package var capabilities: ServerCapabilities
  /// The server's name and version.
  package var serverInfo: ServerInfo?

  /// Creates the result.
  package init(capabilities: ServerCapabilities, serverInfo: ServerInfo?) {
    self.capabilities = capabilities
    self.serverInfo = serverInfo
  }
}

/// `initialized`: the client has received the `initialize` result.
package struct InitializedNotification: NotificationType, Hashable {
  package static let method = "initialized"

  /// Creates the notification.
  package init() {}
}

/// `shutdown`: the server should stop working and wait for `exit`.
package struct ShutdownRequest: RequestType, Hashable {
  package typealias Response = VoidResponse
  package static let method = "shutdown"

  /// Creates the request.
  package init() {}
}

/// `exit`: the server process should end.
package struct ExitNotification: NotificationType, Hashable {
  package static let method = "exit"

  /// Creates the notification.
  package init() {}
}

/// `$/cancelRequest`: the client no longer needs the answer to a request.
package struct CancelRequestNotification: NotificationType, Hashable {
  package static let method = "$/cancelRequest"
  /// The id of the request to cancel.
  package var id: RequestID

  /// Creates the notification.
  package init(id: RequestID) { self.id = id }
}

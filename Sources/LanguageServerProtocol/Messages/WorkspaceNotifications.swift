/// `client/registerCapability`: registers capabilities dynamically, such as file watchers.
package struct RegistrationRequest: RequestType, Hashable {
  package typealias Response = VoidResponse
  package static let method = "client/registerCapability"
  /// The registrations.
  package var registrations: [Registration]

  /// Creates the request.
  package init(registrations: [Registration]) { self.registrations = registrations }
}

/// One dynamic registration.
package struct Registration: Hashable, Sendable, Codable {
  /// An id to unregister it with.
  package var id: String
  /// The method registered (`workspace/didChangeWatchedFiles`).
  package var method: String
  /// The method's registration options.
  package var registerOptions: JSONValue?

  /// Creates a registration.
  package init(id: String, method: String, registerOptions: JSONValue? = nil) {
    self.id = id
    self.method = method
    self.registerOptions = registerOptions
  }
}

/// The registration options of `workspace/didChangeWatchedFiles`.
package struct DidChangeWatchedFilesRegistrationOptions: Hashable, Sendable, Codable {
  /// The watchers.
  package var watchers: [FileSystemWatcher]

  /// Creates the options.
  package init(watchers: [FileSystemWatcher]) { self.watchers = watchers }
}

/// A glob of files to watch.
package struct FileSystemWatcher: Hashable, Sendable, Codable {
  /// The glob (`**/*.md`).
  package var globPattern: String
  /// Which events: 1 create, 2 change, 4 delete, summed; nil for all.
  package var kind: Int?

  /// Creates a watcher.
  package init(globPattern: String, kind: Int? = nil) {
    self.globPattern = globPattern
    self.kind = kind
  }
}

/// `workspace/didChangeConfiguration`: the client's settings changed.
package struct DidChangeConfigurationNotification: NotificationType, Hashable {
  package static let method = "workspace/didChangeConfiguration"
  /// The settings, as sent.
  package var settings: JSONValue?

  /// Creates the notification.
  package init(settings: JSONValue?) { self.settings = settings }
}

/// `workspace/didChangeWorkspaceFolders`: folders were added to or removed from the workspace.
package struct DidChangeWorkspaceFoldersNotification: NotificationType, Hashable {
  package static let method = "workspace/didChangeWorkspaceFolders"
  /// The folders added and removed.
  package var event: WorkspaceFoldersChangeEvent

  /// Creates the notification.
  package init(event: WorkspaceFoldersChangeEvent) { self.event = event }
}

/// The folders added and removed.
package struct WorkspaceFoldersChangeEvent: Hashable, Sendable, Codable {
  /// The new folders.
  package var added: [WorkspaceFolder]
  /// The folders gone.
  package var removed: [WorkspaceFolder]

  /// Creates the event.
  package init(added: [WorkspaceFolder], removed: [WorkspaceFolder]) {
    self.added = added
    self.removed = removed
  }
}

/// `workspace/didChangeWatchedFiles`: files changed outside the editor.
package struct DidChangeWatchedFilesNotification: NotificationType, Hashable {
  package static let method = "workspace/didChangeWatchedFiles"
  /// The changes.
  package var changes: [FileEvent]

  /// Creates the notification.
  package init(changes: [FileEvent]) { self.changes = changes }
}

/// A file that was created, changed or deleted.
package struct FileEvent: Hashable, Sendable, Codable {
  /// The file.
  package var uri: DocumentURI
  /// What happened.
  package var type: FileChangeType

  /// Creates the event.
  package init(uri: DocumentURI, type: FileChangeType) {
    self.uri = uri
    self.type = type
  }
}

/// What happened to a watched file.
package enum FileChangeType: Int, Hashable, Sendable, Codable {
  case created = 1
  case changed = 2
  case deleted = 3
}

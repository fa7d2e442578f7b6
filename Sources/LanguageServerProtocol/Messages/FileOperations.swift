/// `workspace/didCreateFiles`: files were created from within the editor.
package struct DidCreateFilesNotification: NotificationType, Hashable {
  package static let method = "workspace/didCreateFiles"
  /// The files created.
  package var files: [FileCreate]

  /// Creates the notification.
  package init(files: [FileCreate]) { self.files = files }
}

/// A file created.
package struct FileCreate: Hashable, Sendable, Codable {
  /// The file's URI.
  package var uri: DocumentURI

  /// Creates the record.
  package init(uri: DocumentURI) { self.uri = uri }
}

/// `workspace/didDeleteFiles`: files were deleted from within the editor.
package struct DidDeleteFilesNotification: NotificationType, Hashable {
  package static let method = "workspace/didDeleteFiles"
  /// The files deleted.
  package var files: [FileDelete]

  /// Creates the notification.
  package init(files: [FileDelete]) { self.files = files }
}

/// A file deleted.
package struct FileDelete: Hashable, Sendable, Codable {
  /// The file's URI.
  package var uri: DocumentURI

  /// Creates the record.
  package init(uri: DocumentURI) { self.uri = uri }
}

/// `workspace/didRenameFiles`: files were renamed from within the editor.
package struct DidRenameFilesNotification: NotificationType, Hashable {
  package static let method = "workspace/didRenameFiles"
  /// The files renamed.
  package var files: [FileRename]

  /// Creates the notification.
  package init(files: [FileRename]) { self.files = files }
}

/// A file renamed: its old and new URI.
package struct FileRename: Hashable, Sendable, Codable {
  /// The old URI.
  package var oldUri: DocumentURI
  /// The new URI.
  package var newUri: DocumentURI

  /// Creates the record.
  package init(oldUri: DocumentURI, newUri: DocumentURI) {
    self.oldUri = oldUri
    self.newUri = newUri
  }
}

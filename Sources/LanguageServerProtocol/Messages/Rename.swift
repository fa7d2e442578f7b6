/// `textDocument/prepareRename`: what would be renamed at a position, or `null` when nothing can be.
package struct PrepareRenameRequest: RequestType, Hashable {
  package typealias Response = PrepareRenameResult?
  package static let method = "textDocument/prepareRename"
  /// The document.
  package var textDocument: TextDocumentIdentifier
  /// The cursor.
  package var position: Position

  /// Creates the request.
  package init(textDocument: TextDocumentIdentifier, position: Position) {
    self.textDocument = textDocument
    self.position = position
  }
}

/// The answer to `textDocument/prepareRename`: the range of the name and the text offered for editing.
package struct PrepareRenameResult: Hashable, Sendable, Codable {
  /// The range of the name at the cursor.
  package var range: LSPRange
  /// The current name, offered for editing.
  package var placeholder: String

  /// Creates the result.
  package init(range: LSPRange, placeholder: String) {
    self.range = range
    self.placeholder = placeholder
  }
}

/// `textDocument/rename`: the workspace edit renaming what is at a position to `newName`.
package struct RenameRequest: RequestType, Hashable {
  package typealias Response = WorkspaceEdit?
  package static let method = "textDocument/rename"
  /// The document.
  package var textDocument: TextDocumentIdentifier
  /// The cursor.
  package var position: Position
  /// The new name.
  package var newName: String

  /// Creates the request.
  package init(textDocument: TextDocumentIdentifier, position: Position, newName: String) {
    self.textDocument = textDocument
    self.position = position
    self.newName = newName
  }
}

/// The server's `renameProvider` options.
package struct RenameOptions: Hashable, Sendable, Codable {
  /// Whether `textDocument/prepareRename` is answered.
  package var prepareProvider: Bool?

  /// Creates the options.
  package init(prepareProvider: Bool? = nil) { self.prepareProvider = prepareProvider }
}

/// `workspace/willRenameFiles`: the edit to apply before files are renamed in the editor (links to them).
package struct WillRenameFilesRequest: RequestType, Hashable {
  package typealias Response = WorkspaceEdit?
  package static let method = "workspace/willRenameFiles"
  /// The files about to be renamed.
  package var files: [FileRename]

  /// Creates the request.
  package init(files: [FileRename]) { self.files = files }
}

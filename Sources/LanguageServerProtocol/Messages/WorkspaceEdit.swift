/// Changes to many documents: text edits and file create, rename and delete operations.
package struct WorkspaceEdit: Hashable, Sendable, Codable {
  /// Text edits by document URI, for clients without `documentChanges`.
  package var changes: [DocumentURI: [TextEdit]]?
  /// Text edits and file operations, applied in order.
  package var documentChanges: [DocumentChange]?

  /// Creates a workspace edit.
  package init(changes: [DocumentURI: [TextEdit]]? = nil, documentChanges: [DocumentChange]? = nil) {
    self.changes = changes
    self.documentChanges = documentChanges
  }
}

/// One entry of `documentChanges`: a document's text edits or a file operation.
package enum DocumentChange: Hashable, Sendable, Codable {
  /// Text edits to one document.
  case textDocumentEdit(TextDocumentEdit)
  /// A file to create.
  case createFile(CreateFile)
  /// A file to rename.
  case renameFile(RenameFile)
  /// A file to delete.
  case deleteFile(DeleteFile)

  private enum CodingKeys: String, CodingKey { case kind }

  package init(from decoder: any Decoder) throws {
    let kind = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .kind)
    switch kind {
    case "create": self = .createFile(try CreateFile(from: decoder))
    case "rename": self = .renameFile(try RenameFile(from: decoder))
    case "delete": self = .deleteFile(try DeleteFile(from: decoder))
    default: self = .textDocumentEdit(try TextDocumentEdit(from: decoder))
    }
  }

  package func encode(to encoder: any Encoder) throws {
    switch self {
    case .textDocumentEdit(let edit): try edit.encode(to: encoder)
    case .createFile(let operation): try operation.encode(to: encoder)
    case .renameFile(let operation): try operation.encode(to: encoder)
    case .deleteFile(let operation): try operation.encode(to: encoder)
    }
  }
}

/// Text edits to one version of a document.
package struct TextDocumentEdit: Hashable, Sendable, Codable {
  /// The document and the version the edits apply to.
  package var textDocument: OptionalVersionedTextDocumentIdentifier
  /// The edits, non-overlapping.
  package var edits: [TextEdit]

  /// Creates a document edit.
  package init(textDocument: OptionalVersionedTextDocumentIdentifier, edits: [TextEdit]) {
    self.textDocument = textDocument
    self.edits = edits
  }
}

/// Options of a file creation or rename.
package struct FileOperationOptions: Hashable, Sendable, Codable {
  /// Whether an existing file is overwritten.
  package var overwrite: Bool?
  /// Whether an existing file makes the operation a no-op.
  package var ignoreIfExists: Bool?

  /// Creates the options.
  package init(overwrite: Bool? = nil, ignoreIfExists: Bool? = nil) {
    self.overwrite = overwrite
    self.ignoreIfExists = ignoreIfExists
  }
}

/// Options of a file deletion.
package struct DeleteFileOptions: Hashable, Sendable, Codable {
  /// Whether a folder is deleted with its contents.
  package var recursive: Bool?
  /// Whether a missing file makes the operation a no-op.
  package var ignoreIfNotExists: Bool?

  /// Creates the options.
  package init(recursive: Bool? = nil, ignoreIfNotExists: Bool? = nil) {
    self.recursive = recursive
    self.ignoreIfNotExists = ignoreIfNotExists
  }
}

/// A file to create (`kind: "create"`).
package struct CreateFile: Hashable, Sendable, Codable {
  /// Always `create`.
  package var kind = "create"
  /// The new file.
  package var uri: DocumentURI
  /// Whether to overwrite an existing file.
  package var options: FileOperationOptions?

  /// Creates the operation.
  package init(uri: DocumentURI, options: FileOperationOptions? = nil) {
    self.uri = uri
    self.options = options
  }
}

/// A file to rename (`kind: "rename"`).
package struct RenameFile: Hashable, Sendable, Codable {
  /// Always `rename`.
  package var kind = "rename"
  /// The file's current URI.
  package var oldUri: DocumentURI
  /// Its new URI.
  package var newUri: DocumentURI
  /// Whether to overwrite an existing file.
  package var options: FileOperationOptions?

  /// Creates the operation.
  package init(oldUri: DocumentURI, newUri: DocumentURI, options: FileOperationOptions? = nil) {
    self.oldUri = oldUri
    self.newUri = newUri
    self.options = options
  }
}

/// A file to delete (`kind: "delete"`).
package struct DeleteFile: Hashable, Sendable, Codable {
  /// Always `delete`.
  package var kind = "delete"
  /// The file.
  package var uri: DocumentURI
  /// Deletion options.
  package var options: DeleteFileOptions?

  /// Creates the operation.
  package init(uri: DocumentURI, options: DeleteFileOptions? = nil) {
    self.uri = uri
    self.options = options
  }
}

/// `workspace/applyEdit`: asks the client to apply a workspace edit, keeping its buffers and undo.
package struct ApplyWorkspaceEditRequest: RequestType, Hashable {
  package typealias Response = ApplyWorkspaceEditResult
  package static let method = "workspace/applyEdit"
  /// A label for the undo stack.
  package var label: String?
  /// The edit.
  package var edit: WorkspaceEdit

  /// Creates the request.
  package init(label: String? = nil, edit: WorkspaceEdit) {
    self.label = label
    self.edit = edit
  }
}

/// The answer to `workspace/applyEdit`.
package struct ApplyWorkspaceEditResult: Hashable, Sendable, Codable {
  /// Whether the edit was applied.
  package var applied: Bool
  /// Why not, when the client says.
  package var failureReason: String?
  /// The index of the failed change, when known.
  package var failedChange: Int?

  /// Creates the result.
  package init(applied: Bool, failureReason: String? = nil, failedChange: Int? = nil) {
    self.applied = applied
    self.failureReason = failureReason
    self.failedChange = failedChange
  }
}

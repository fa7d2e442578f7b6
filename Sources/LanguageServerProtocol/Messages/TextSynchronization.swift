/// `textDocument/didOpen`: the editor opened a document; its buffer is now the truth for that file.
package struct DidOpenTextDocumentNotification: NotificationType, Hashable {
  package static let method = "textDocument/didOpen"
  /// The document and its full text.
  package var textDocument: TextDocumentItem

  /// Creates the notification.
  package init(textDocument: TextDocumentItem) { self.textDocument = textDocument }
}

/// `textDocument/didChange`: edits to an open document, applied in order.
package struct DidChangeTextDocumentNotification: NotificationType, Hashable {
  package static let method = "textDocument/didChange"
  /// The document and its version after the changes.
  package var textDocument: VersionedTextDocumentIdentifier
  /// The changes, each relative to the text after the previous one.
  package var contentChanges: [TextDocumentContentChangeEvent]

  /// Creates the notification.
  package init(textDocument: VersionedTextDocumentIdentifier, contentChanges: [TextDocumentContentChangeEvent]) {
    self.textDocument = textDocument
    self.contentChanges = contentChanges
  }
}

/// One change: a range replaced by text, or (without a range) the whole new text.
package struct TextDocumentContentChangeEvent: Hashable, Sendable, Codable {
  /// The range replaced; nil for a full replacement.
  package var range: LSPRange?
  /// The deprecated length of the range, ignored.
  package var rangeLength: Int?
  /// The new text of the range or document.
  package var text: String

  /// Creates a change.
  package init(range: LSPRange? = nil, rangeLength: Int? = nil, text: String) {
    self.range = range
    self.rangeLength = rangeLength
    self.text = text
  }
}

/// `textDocument/didSave`: the document was saved.
package struct DidSaveTextDocumentNotification: NotificationType, Hashable {
  package static let method = "textDocument/didSave"
  /// The document.
  package var textDocument: TextDocumentIdentifier
  /// The saved text, when the server asked for it.
  package var text: String?

  /// Creates the notification.
  package init(textDocument: TextDocumentIdentifier, text: String? = nil) {
    self.textDocument = textDocument
    self.text = text
  }
}

/// `textDocument/didClose`: the editor closed a document; the file on disk is the truth again.
package struct DidCloseTextDocumentNotification: NotificationType, Hashable {
  package static let method = "textDocument/didClose"
  /// The document.
  package var textDocument: TextDocumentIdentifier

  /// Creates the notification.
  package init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

/// `textDocument/codeLens`: the lenses of a document; `null` when there are none.
package struct CodeLensRequest: RequestType, Hashable {
  package typealias Response = [CodeLens]?
  package static let method = "textDocument/codeLens"
  /// The document.
  package var textDocument: TextDocumentIdentifier

  /// Creates the request.
  package init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

/// A command shown above a line (`cited 3 times`); a lens without a command waits for `codeLens/resolve`.
package struct CodeLens: Hashable, Sendable, Codable {
  /// The range the lens is about; clients show it above the range's first line.
  package var range: LSPRange
  /// The title shown and the command run when it is clicked.
  package var command: Command?
  /// Data kept for `codeLens/resolve`.
  package var data: JSONValue?

  /// Creates a code lens.
  package init(range: LSPRange, command: Command? = nil, data: JSONValue? = nil) {
    self.range = range
    self.command = command
    self.data = data
  }
}

/// The code lens options the server advertises.
package struct CodeLensOptions: Hashable, Sendable, Codable {
  /// Whether lenses are sent without commands and completed by `codeLens/resolve`.
  package var resolveProvider: Bool?

  /// Creates the options.
  package init(resolveProvider: Bool? = nil) { self.resolveProvider = resolveProvider }
}

/// `textDocument/hover`: what to show for the element at a position; `null` when there is nothing.
package struct HoverRequest: RequestType, Hashable {
  package typealias Response = Hover?
  package static let method = "textDocument/hover"
  /// The document.
  package var textDocument: TextDocumentIdentifier
  /// The position hovered.
  package var position: Position

  /// Creates the request.
  package init(textDocument: TextDocumentIdentifier, position: Position) {
    self.textDocument = textDocument
    self.position = position
  }
}

/// The result of a hover: Markdown (or plain text) contents and the range they are about.
package struct Hover: Hashable, Sendable, Codable {
  /// What is shown.
  package var contents: MarkupContent
  /// The range of the element hovered, highlighted by some clients.
  package var range: LSPRange?

  /// Creates a hover.
  package init(contents: MarkupContent, range: LSPRange? = nil) {
    self.contents = contents
    self.range = range
  }
}

/// Text in a markup kind (`markdown` or `plaintext`).
package struct MarkupContent: Hashable, Sendable, Codable {
  /// `markdown` or `plaintext`.
  package var kind: MarkupKind
  /// The text.
  package var value: String

  /// Creates markup content.
  package init(kind: MarkupKind, value: String) {
    self.kind = kind
    self.value = value
  }
}

/// The markup kinds of LSP.
package enum MarkupKind: String, Hashable, Sendable, Codable {
  /// Plain text, shown as is.
  case plaintext
  /// Markdown (GitHub flavoured), rendered by the client.
  case markdown
}

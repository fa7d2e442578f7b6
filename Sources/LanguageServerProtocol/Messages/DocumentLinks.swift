/// `textDocument/documentLink`: the clickable spans of a document.
package struct DocumentLinkRequest: RequestType, Hashable {
  package typealias Response = [DocumentLink]
  package static let method = "textDocument/documentLink"

  /// The document.
  package var textDocument: TextDocumentIdentifier

  /// Creates the params.
  package init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

/// A span of a document and the URI it leads to.
package struct DocumentLink: Hashable, Sendable, Codable {
  /// The span.
  package var range: LSPRange
  /// Where it leads (a `file:` URI or a URL).
  package var target: String?
  /// Shown when hovering the link.
  package var tooltip: String?

  /// Creates a link.
  package init(range: LSPRange, target: String?, tooltip: String? = nil) {
    self.range = range
    self.target = target
    self.tooltip = tooltip
  }
}

/// The document-link capability.
package struct DocumentLinkOptions: Hashable, Sendable, Codable {
  /// Whether `documentLink/resolve` fills targets later.
  package var resolveProvider: Bool

  /// Creates the options.
  package init(resolveProvider: Bool = false) { self.resolveProvider = resolveProvider }
}

/// `textDocument/inlayHint`: labels shown inline in a range of a document.
package struct InlayHintRequest: RequestType, Hashable {
  package typealias Response = [InlayHint]
  package static let method = "textDocument/inlayHint"

  /// The document.
  package var textDocument: TextDocumentIdentifier
  /// The visible range hints are asked for.
  package var range: LSPRange

  /// Creates the params.
  package init(textDocument: TextDocumentIdentifier, range: LSPRange) {
    self.textDocument = textDocument
    self.range = range
  }
}

/// A label shown at a position.
package struct InlayHint: Hashable, Sendable, Codable {
  /// Where the label goes.
  package var position: Position
  /// The text shown.
  package var label: String
  /// Shown when hovering the label.
  package var tooltip: String?
  /// Whether a space separates it from the text before.
  package var paddingLeft: Bool?
  /// Whether a space separates it from the text after.
  package var paddingRight: Bool?

  /// Creates a hint.
  package init(
    position: Position, label: String, tooltip: String? = nil, paddingLeft: Bool? = nil, paddingRight: Bool? = nil
  ) {
    self.position = position
    self.label = label
    self.tooltip = tooltip
    self.paddingLeft = paddingLeft
    self.paddingRight = paddingRight
  }
}

/// `textDocument/foldingRange`: the foldable line ranges of a document.
package struct FoldingRangeRequest: RequestType, Hashable {
  package typealias Response = [FoldingRange]
  package static let method = "textDocument/foldingRange"

  /// The document.
  package var textDocument: TextDocumentIdentifier

  /// Creates the params.
  package init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

/// A foldable range of whole lines.
package struct FoldingRange: Hashable, Sendable, Codable {
  /// The first line, which stays visible (0-based).
  package var startLine: Int
  /// The last line folded away.
  package var endLine: Int
  /// `comment`, `imports` or `region`.
  package var kind: String?

  /// Creates a range.
  package init(startLine: Int, endLine: Int, kind: String? = nil) {
    self.startLine = startLine
    self.endLine = endLine
    self.kind = kind
  }

  /// The kind of a comment.
  package static let comment = "comment"
  /// The kind of other regions.
  package static let region = "region"
}

/// `textDocument/references`: every reference to the element at a position; `null` when there is none.
package struct ReferencesRequest: RequestType, Hashable {
  package typealias Response = [Location]?
  package static let method = "textDocument/references"
  /// The document.
  package var textDocument: TextDocumentIdentifier
  /// The position asked about.
  package var position: Position
  /// Whether the declaration is wanted too.
  package var context: ReferenceContext

  /// Creates the request.
  package init(textDocument: TextDocumentIdentifier, position: Position, context: ReferenceContext) {
    self.textDocument = textDocument
    self.position = position
    self.context = context
  }
}

/// What `textDocument/references` should include.
package struct ReferenceContext: Hashable, Sendable, Codable {
  /// Whether the declaration of the element is listed with its references.
  package var includeDeclaration: Bool

  /// Creates the context.
  package init(includeDeclaration: Bool) { self.includeDeclaration = includeDeclaration }
}

/// `textDocument/semanticTokens/full`: the coloured spans of a whole document.
package struct SemanticTokensRequest: RequestType, Hashable {
  package typealias Response = SemanticTokens
  package static let method = "textDocument/semanticTokens/full"

  /// The document.
  package var textDocument: TextDocumentIdentifier

  /// Creates the params.
  package init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

/// Semantic tokens, five integers each: line delta, start delta, length, type index, modifier bits.
package struct SemanticTokens: Hashable, Sendable, Codable {
  /// An id for later delta requests (unused by Gloss).
  package var resultId: String?
  /// The encoded tokens.
  package var data: [Int]

  /// Creates the result.
  package init(resultId: String? = nil, data: [Int]) {
    self.resultId = resultId
    self.data = data
  }
}

/// The names of the token types and modifiers the integers of `SemanticTokens.data` index.
package struct SemanticTokensLegend: Hashable, Sendable, Codable {
  /// Token type names, by index.
  package var tokenTypes: [String]
  /// Token modifier names, by bit.
  package var tokenModifiers: [String]

  /// Creates a legend.
  package init(tokenTypes: [String], tokenModifiers: [String]) {
    self.tokenTypes = tokenTypes
    self.tokenModifiers = tokenModifiers
  }
}

/// The semantic-tokens capability.
package struct SemanticTokensOptions: Hashable, Sendable, Codable {
  /// The legend.
  package var legend: SemanticTokensLegend
  /// Whether `semanticTokens/range` is served.
  package var range: Bool
  /// Whether `semanticTokens/full` is served.
  package var full: Bool

  /// Creates the options.
  package init(legend: SemanticTokensLegend, range: Bool = false, full: Bool = true) {
    self.legend = legend
    self.range = range
    self.full = full
  }
}

/// `workspace/semanticTokens/refresh` (server to client): ask for the tokens of every visible document again.
package struct SemanticTokensRefreshRequest: RequestType, Hashable {
  package typealias Response = VoidResponse
  package static let method = "workspace/semanticTokens/refresh"

  /// Creates the request.
  package init() {}
}

/// `workspace/inlayHint/refresh` (server to client): ask for the inlay hints of every visible document again.
package struct InlayHintRefreshRequest: RequestType, Hashable {
  package typealias Response = VoidResponse
  package static let method = "workspace/inlayHint/refresh"

  /// Creates the request.
  package init() {}
}

extension ClientCapabilities {
  /// Whether the client accepts a server's request to refresh something (`workspace.semanticTokens`, …).
  package struct RefreshSupport: Hashable, Sendable, Codable {
    /// Whether the refresh request is supported.
    package var refreshSupport: Bool?

    /// Creates the capability.
    package init(refreshSupport: Bool? = nil) { self.refreshSupport = refreshSupport }
  }
}

extension SemanticTokens: JSONWritable {
  /// Writes the tokens by hand: a long note has tens of thousands of integers, each a `JSONEncoder` round.
  package func write(to writer: inout JSONWriter) {
    writer.raw("{")
    if let resultId {
      writer.raw("\"resultId\":")
      writer.string(resultId)
      writer.raw(",")
    }
    writer.raw("\"data\":[")
    for (index, value) in data.enumerated() {
      if index > 0 { writer.raw(",") }
      writer.int(value)
    }
    writer.raw("]}")
  }
}

/// `textDocument/documentSymbol`: the outline of one document.
package struct DocumentSymbolRequest: RequestType, Hashable {
  package typealias Response = DocumentSymbolResponse
  package static let method = "textDocument/documentSymbol"

  /// The document.
  package var textDocument: TextDocumentIdentifier

  /// Creates the params.
  package init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

/// `workspace/symbol`: symbols of the whole workspace matching a query.
package struct WorkspaceSymbolRequest: RequestType, Hashable {
  package typealias Response = [SymbolInformation]
  package static let method = "workspace/symbol"

  /// What the user typed (may be empty).
  package var query: String

  /// Creates the params.
  package init(query: String) { self.query = query }
}

/// LSP's `SymbolKind`: an integer the client turns into an icon.
package struct SymbolKind: RawRepresentable, Hashable, Sendable, Codable {
  package var rawValue: Int
  /// Creates a kind from its number.
  package init(rawValue: Int) { self.rawValue = rawValue }

  /// A file.
  package static let file = SymbolKind(rawValue: 1)
  /// A namespace.
  package static let namespace = SymbolKind(rawValue: 3)
  /// A constant.
  package static let constant = SymbolKind(rawValue: 14)
  /// A string (what Markdown outlines use for headings).
  package static let string = SymbolKind(rawValue: 15)
  /// A key.
  package static let key = SymbolKind(rawValue: 20)
}

/// One symbol of a document outline, with its children.
package struct DocumentSymbol: Hashable, Sendable, Codable {
  /// The name shown.
  package var name: String
  /// More detail shown beside the name.
  package var detail: String?
  package var kind: SymbolKind
  /// The whole extent of the symbol.
  package var range: LSPRange
  /// What to select and reveal (inside `range`).
  package var selectionRange: LSPRange
  /// The nested symbols (omitted when empty).
  package var children: [DocumentSymbol]?

  /// Creates a symbol.
  package init(
    name: String, detail: String? = nil, kind: SymbolKind, range: LSPRange, selectionRange: LSPRange,
    children: [DocumentSymbol]? = nil
  ) {
    self.name = name
    self.detail = detail
    self.kind = kind
    self.range = range
    self.selectionRange = selectionRange
    self.children = children
  }
}

/// A workspace symbol with its location (LSP `SymbolInformation`, understood by every client).
package struct SymbolInformation: Hashable, Sendable, Codable {
  /// The name shown.
  package var name: String
  package var kind: SymbolKind
  /// Where the symbol is.
  package var location: Location
  /// What holds it, shown beside the name.
  package var containerName: String?

  /// Creates a symbol.
  package init(name: String, kind: SymbolKind, location: Location, containerName: String? = nil) {
    self.name = name
    self.kind = kind
    self.location = location
    self.containerName = containerName
  }
}

/// The answer to `textDocument/documentSymbol`: a tree for clients that support one, else a flat list.
package enum DocumentSymbolResponse: Hashable, Sendable, Codable {
  /// `DocumentSymbol[]`, nested.
  case tree([DocumentSymbol])
  /// `SymbolInformation[]`, for clients without `hierarchicalDocumentSymbolSupport`.
  case flat([SymbolInformation])

  package init(from decoder: any Decoder) throws {
    // A flat list's items carry a `location`; a tree's do not, so the flat reading fails on a tree.
    if let flat = try? [SymbolInformation](from: decoder) {
      self = .flat(flat)
    } else {
      self = .tree(try [DocumentSymbol](from: decoder))
    }
  }

  package func encode(to encoder: any Encoder) throws {
    switch self {
    case .tree(let symbols): try symbols.encode(to: encoder)
    case .flat(let symbols): try symbols.encode(to: encoder)
    }
  }
}

extension ClientCapabilities {
  /// The client's `textDocument.documentSymbol` capabilities.
  package struct DocumentSymbolSupport: Hashable, Sendable, Codable {
    /// Whether the client takes `DocumentSymbol` trees.
    package var hierarchicalDocumentSymbolSupport: Bool?

    /// Creates the capability.
    package init(hierarchicalDocumentSymbolSupport: Bool? = nil) {
      self.hierarchicalDocumentSymbolSupport = hierarchicalDocumentSymbolSupport
    }
  }
}

/// `textDocument/completion`: what may be typed at a position.
package struct CompletionRequest: RequestType, Hashable {
  package typealias Response = CompletionList
  package static let method = "textDocument/completion"
  /// The document.
  package var textDocument: TextDocumentIdentifier
  /// The cursor.
  package var position: Position
  /// How the completion was triggered, when the client says.
  package var context: CompletionContext?

  /// Creates the request.
  package init(textDocument: TextDocumentIdentifier, position: Position, context: CompletionContext? = nil) {
    self.textDocument = textDocument
    self.position = position
    self.context = context
  }
}

/// How a completion request was triggered.
package struct CompletionContext: Hashable, Sendable, Codable {
  /// 1 invoked (typing or a key), 2 a trigger character, 3 re-triggered for an incomplete list.
  package var triggerKind: Int
  /// The trigger character typed, for `triggerKind` 2.
  package var triggerCharacter: String?

  /// Creates the context.
  package init(triggerKind: Int, triggerCharacter: String? = nil) {
    self.triggerKind = triggerKind
    self.triggerCharacter = triggerCharacter
  }
}

/// The answer to a completion request.
package struct CompletionList: Hashable, Sendable, Codable {
  /// True when the client must ask again as the user types (the list was capped).
  package var isIncomplete: Bool
  /// The items.
  package var items: [CompletionItem]

  /// Creates the list.
  package init(isIncomplete: Bool, items: [CompletionItem]) {
    self.isIncomplete = isIncomplete
    self.items = items
  }
}

/// One completion item; only the fields the server fills are encoded.
package struct CompletionItem: Hashable, Sendable, Codable {
  /// The text shown in the list (and inserted when there is no edit).
  package var label: String
  /// What the item is (an icon).
  package var kind: CompletionItemKind?
  /// One line of detail beside the label.
  package var detail: String?
  /// Longer documentation, usually filled by `completionItem/resolve`.
  package var documentation: MarkupContent?
  /// The order among items (compared as strings).
  package var sortText: String?
  /// The text the client filters on.
  package var filterText: String?
  /// Whether `textEdit`'s text is plain (nil: plain) or a snippet.
  package var insertTextFormat: InsertTextFormat?
  /// The edit applied when the item is accepted.
  package var textEdit: TextEdit?
  /// Anything the server needs to resolve the item later; sent back unchanged.
  package var data: JSONValue?

  /// Creates an item.
  package init(
    label: String, kind: CompletionItemKind? = nil, detail: String? = nil, documentation: MarkupContent? = nil,
    sortText: String? = nil, filterText: String? = nil, insertTextFormat: InsertTextFormat? = nil,
    textEdit: TextEdit? = nil, data: JSONValue? = nil
  ) {
    self.label = label
    self.kind = kind
    self.detail = detail
    self.documentation = documentation
    self.sortText = sortText
    self.filterText = filterText
    self.insertTextFormat = insertTextFormat
    self.textEdit = textEdit
    self.data = data
  }

  /// How an item's text is inserted: as is (1), or as a snippet (2) whose `$`, `}` and `\` are escaped.
  package enum InsertTextFormat: Int, Hashable, Sendable, Codable {
    case plainText = 1
    case snippet = 2

    /// `text` as a snippet that inserts exactly `text`.
    package static func snippet(of text: String) -> String {
      var out = ""
      for character in text {
        if character == "$" || character == "}" || character == "\\" { out.append("\\") }
        out.append(character)
      }
      return out
    }
  }

  /// Text shown in a given markup: `markdown` or `plaintext`; decodes from a bare string (plain text) too.
  package struct MarkupContent: Hashable, Sendable, Codable {
    /// `markdown` or `plaintext`.
    package var kind: String
    /// The text.
    package var value: String

    /// Creates the content.
    package init(kind: String, value: String) {
      self.kind = kind
      self.value = value
    }

    /// Markdown text.
    package static func markdown(_ value: String) -> MarkupContent { MarkupContent(kind: "markdown", value: value) }

    private enum CodingKeys: String, CodingKey { case kind, value }

    package init(from decoder: any Decoder) throws {
      if let text = try? decoder.singleValueContainer().decode(String.self) {
        self.init(kind: "plaintext", value: text)
        return
      }
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        kind: try container.decode(String.self, forKey: .kind), value: try container.decode(String.self, forKey: .value)
      )
    }

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(kind, forKey: .kind)
      try container.encode(value, forKey: .value)
    }
  }
}

/// The kind of a completion item (LSP numbers; any number a client sends back decodes).
package struct CompletionItemKind: RawRepresentable, Hashable, Sendable, Codable {
  package var rawValue: Int

  /// Creates the kind with LSP number `rawValue`.
  package init(rawValue: Int) { self.rawValue = rawValue }

  /// Plain text.
  package static let text = CompletionItemKind(rawValue: 1)
  /// A file (a note).
  package static let file = CompletionItemKind(rawValue: 17)
  /// A reference (a source key).
  package static let reference = CompletionItemKind(rawValue: 18)
  /// A keyword (a tag).
  package static let keyword = CompletionItemKind(rawValue: 14)
  /// A module, used for sections and headings.
  package static let module = CompletionItemKind(rawValue: 9)
}

/// `completionItem/resolve`: fills an item's documentation; the params are the item itself.
package struct CompletionItemResolveRequest: RequestType, Hashable {
  package typealias Response = CompletionItem
  package static let method = "completionItem/resolve"
  /// The item to resolve, as the server sent it.
  package var item: CompletionItem

  /// Creates the request.
  package init(item: CompletionItem) { self.item = item }

  package init(from decoder: any Decoder) throws { item = try CompletionItem(from: decoder) }

  package func encode(to encoder: any Encoder) throws { try item.encode(to: encoder) }
}

/// The completion the server offers (`completionProvider`).
package struct CompletionOptions: Hashable, Sendable, Codable {
  /// Characters that open completion as they are typed.
  package var triggerCharacters: [String]?
  /// Whether the server answers `completionItem/resolve`.
  package var resolveProvider: Bool?

  /// Creates the options.
  package init(triggerCharacters: [String]? = nil, resolveProvider: Bool? = nil) {
    self.triggerCharacters = triggerCharacters
    self.resolveProvider = resolveProvider
  }
}

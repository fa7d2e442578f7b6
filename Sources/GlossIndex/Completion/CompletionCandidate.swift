/// One completion offered at a cursor, in editor terms: UTF-8 offsets of the text it replaces and plain strings.
package struct CompletionCandidate: Hashable, Sendable {
  /// What a candidate completes (the server maps it to an LSP item kind).
  package enum Kind: Hashable, Sendable {
    /// A source key after `@`.
    case source
    /// A tag after `#` or in front-matter `tags:`.
    case tag
    /// A note after `[[`.
    case note
    /// A heading of a note after `[[note#`, `[[#`, `](note.md#` or `](#`.
    case heading
    /// A heading of a source's text in a section locator.
    case sourceHeading
    /// A cross-reference label after `@` (`fig-elephant`).
    case label
    /// A Zotero highlight of a source after `[@key, `, completed into a quotation with its citation.
    case highlight
  }

  /// What this candidate completes.
  package var kind: Kind
  /// The label shown in the list.
  package var label: String
  /// One line beside the label (`Bartlett 1932 — Remembering`, `12 notes`).
  package var detail: String?
  /// The words the editor filters on as the user types (nil: the label).
  package var filterText: String?
  /// The text that replaces `replaceRange`.
  package var newText: String
  /// The UTF-8 range of the note that `newText` replaces (the typed prefix and any word characters right of it).
  package var replaceRange: Range<Int>
  /// For sources, the key whose documentation `completionDocumentation(forKey:)` gives on resolve.
  package var sourceKey: String?

  /// A candidate from its parts.
  package init(
    kind: Kind, label: String, detail: String? = nil, filterText: String? = nil, newText: String,
    replaceRange: Range<Int>, sourceKey: String? = nil
  ) {
    self.kind = kind
    self.label = label
    self.detail = detail
    self.filterText = filterText
    self.newText = newText
    self.replaceRange = replaceRange
    self.sourceKey = sourceKey
  }
}

/// The completions at a cursor, best first.
package struct CompletionResult: Hashable, Sendable {
  /// The candidates in rank order (the server sends their index as `sortText`).
  package var items: [CompletionCandidate]
  /// True when the list was capped: the editor must ask again as the user types.
  package var isIncomplete: Bool

  /// A result from its parts.
  package init(items: [CompletionCandidate] = [], isIncomplete: Bool = false) {
    self.items = items
    self.isIncomplete = isIncomplete
  }

  /// No completion.
  package static let empty = CompletionResult()
}

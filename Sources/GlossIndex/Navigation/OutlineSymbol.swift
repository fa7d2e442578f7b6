/// A symbol of a file's outline or of the workspace: a heading, a bibliography entry, a note, a source or a tag.
package struct OutlineSymbol: Hashable, Sendable {
  /// What a symbol names.
  package enum Kind: Hashable, Sendable {
    /// A heading of a note or a source document, with its level (1–6).
    case heading(level: Int)
    /// An entry of a bibliography file.
    case entry
    /// A whole note.
    case note
    /// A citable source (by key).
    case source
    /// A tag.
    case tag
    /// A cross-reference label (`{#fig-x}`).
    case label
  }

  /// The name shown: heading text, entry key, note title, source key or `#tag`.
  package var name: String
  /// A second line: an entry's title.
  package var detail: String?
  package var kind: Kind
  /// The whole extent: a heading's section (to its last content before the next heading of the same or higher
  /// level), or an entry; UTF-8 offsets.
  package var range: Range<Int>
  /// What to select: the heading's text or the entry's key.
  package var selectionRange: Range<Int>
  /// The subsections of a heading.
  package var children: [OutlineSymbol]

  /// A symbol from its parts.
  package init(
    name: String, detail: String? = nil, kind: Kind, range: Range<Int>, selectionRange: Range<Int>,
    children: [OutlineSymbol] = []
  ) {
    self.name = name
    self.detail = detail
    self.kind = kind
    self.range = range
    self.selectionRange = selectionRange
    self.children = children
  }
}

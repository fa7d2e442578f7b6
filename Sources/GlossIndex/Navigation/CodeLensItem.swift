/// A code lens: a count shown above a line ("cited 3 times", "2 backlinks").
package struct CodeLensItem: Hashable, Sendable {
  /// What the count is of.
  package enum Kind: Hashable, Sendable {
    /// Citations of a source key.
    case citations(key: String)
    /// Links to a note.
    case backlinks
  }

  /// The range the lens stands above (UTF-8 offsets in the file asked about).
  package var range: Range<Int>
  /// The text shown: `cited 3 times`, `1 backlink`.
  package var title: String
  /// What is counted.
  package var kind: Kind
  /// The count.
  package var count: Int

  /// A lens from its parts.
  package init(range: Range<Int>, title: String, kind: Kind, count: Int) {
    self.range = range
    self.title = title
    self.kind = kind
    self.count = count
  }
}

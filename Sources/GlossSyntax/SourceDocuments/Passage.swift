/// The part of a source's text that a locator points at.
package struct Passage: Hashable, Sendable {
  /// The passage in the source document's `text`.
  package var textRange: Range<Int>
  /// The passage in the source file's bytes (what the editor shows).
  package var fileRange: Range<Int>
  /// How a reader names it: `lines 40–52`, `page 4`, `pages 4–6`, `section 2.1 Methods`, `paragraph 3`.
  package var description: String

  /// A passage from its parts.
  package init(textRange: Range<Int>, fileRange: Range<Int>, description: String) {
    self.textRange = textRange
    self.fileRange = fileRange
    self.description = description
  }
}

/// The result of resolving a locator against a source document's text.
package enum PassageLookup: Hashable, Sendable {
  /// The locator names this passage.
  case resolved(Passage)
  /// The locator does not fit the text; the reason reads like `page 40 is past the last page (12)`.
  case unresolved(reason: String)
  /// A term Gloss does not resolve (`chap.`, `fig.`, `vol.`, …).
  case notResolvable

  /// The passage, when resolved.
  package var passage: Passage? {
    if case .resolved(let passage) = self { return passage }
    return nil
  }
}

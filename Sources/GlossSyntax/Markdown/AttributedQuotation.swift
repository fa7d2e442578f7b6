/// A quotation in a note attributed to one cited source, to be checked against that source's text
/// (docs/citations-and-quotations.md).
package struct AttributedQuotation: Hashable, Sendable {
  /// Where the quotation stands relative to its citation.
  package enum Kind: Hashable, Sendable {
    /// `"words" [@key, p. 4]`: a quotation in double quotes directly before a bracketed citation of one key.
    case inline
    /// `[@key, p. 4, "words"]`: a quotation inside a citation's suffix.
    case inSuffix
    /// A blockquote whose last line ends with a bracketed citation of one key, maybe after a dash.
    case blockQuote
  }

  package var kind: Kind
  /// The quoted words, quote marks and `>` markers removed.
  package var text: String
  /// The quoted words in the note (inside the quote marks; for a blockquote, from its first word to its last).
  package var range: Range<Int>
  /// The index of the citation in `note.citations`.
  package var citationIndex: Int
  /// The index of the cited item in that citation's `items`.
  package var itemIndex: Int

  package init(kind: Kind, text: String, range: Range<Int>, citationIndex: Int, itemIndex: Int) {
    self.kind = kind
    self.text = text
    self.range = range
    self.citationIndex = citationIndex
    self.itemIndex = itemIndex
  }
}

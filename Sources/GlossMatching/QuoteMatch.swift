/// The result of checking a quotation against a source text.
package enum QuoteMatch: Hashable, Sendable {
  /// The quotation is in the text; the range runs from its first word to its last (UTF-8 offsets in the text).
  case found(textRange: Range<Int>)
  /// The quotation is not in the text; `closest` is the most similar passage (nil when nothing is alike) and
  /// `similarity` (0...1) how alike it is, token by token.
  case notFound(closest: Range<Int>?, similarity: Double)
}

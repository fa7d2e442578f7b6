extension QuoteIndex {
  /// Every occurrence of `phrase` in the text, in text order, at most `limit`, read as a quotation is (`…` between
  /// pieces, `[word]` for any word), with the same normalisation; each range runs from its first word to its last.
  ///
  /// Occurrences do not overlap: the next is looked for after the end of the one before.
  package func occurrences(of phrase: String, limit: Int = .max) -> [Range<Int>] {
    occurrences(of: SpelledQuotation(phrase), limit: limit)
  }

  /// `occurrences(of:limit:)` of a phrase already tokenised (a search looking for it in many texts tokenises it
  /// once).
  package func occurrences(of phrase: SpelledQuotation, limit: Int = .max) -> [Range<Int>] {
    let (globalIDs, rules) = (self.globalIDs, variantRules)
    let query = lexicon.reading { vocabulary in
      QuoteQuery(phrase, spelling: rules) { bytes, hash in
        vocabulary.id(of: bytes, hash: hash).flatMap { Self.localID(ofGlobal: $0, in: globalIDs) }
      }
    }
    guard !query.pieces.isEmpty, limit > 0 else { return [] }
    var out: [Range<Int>] = []
    var lower = 0
    let end = tokenIDs.count
    while out.count < limit, lower < end, let found = find(query, in: lower..<end) {
      out.append(textRange(ofPositions: found))
      lower = max(found.upperBound, found.lowerBound + 1)
    }
    return out
  }
}

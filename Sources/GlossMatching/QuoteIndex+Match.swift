import GlossSyntax

extension QuoteIndex {
  /// Checks `quotation` against the text, within `textRange` (a passage) or the whole text when nil.
  ///
  /// The pieces between ellipses must appear in order inside the range; a `[bracketed]` insertion matches any
  /// one word. When the quotation is not there, the most similar passage of the same range is returned (aligned
  /// as `alignment` says); with `leastSimilarity`, only when it is at least that alike (found sooner:
  /// `closest(to:in:alignment:leastSimilarity:givingUp:)`).
  package func match(
    _ quotation: String, within textRange: Range<Int>? = nil, alignment: Alignment = .banded,
    leastSimilarity: Double = 0, givingUp: Bool = true
  ) -> QuoteMatch {
    match(
      SpelledQuotation(quotation), within: textRange, alignment: alignment, leastSimilarity: leastSimilarity,
      givingUp: givingUp)
  }

  /// `match(_:within:alignment:leastSimilarity:givingUp:)` of a quotation already tokenised (a search looking for
  /// it in many texts tokenises it once).
  package func match(
    _ quotation: SpelledQuotation, within textRange: Range<Int>? = nil, alignment: Alignment = .banded,
    leastSimilarity: Double = 0, givingUp: Bool = true
  ) -> QuoteMatch {
    // One look at the lexicon for the whole quotation, not one per token: checks run on every core at once.
    // An index with a lexicon of its own (a search's chunk) has its local ids for global ids: no search needed.
    // The lookup captures the ids alone: calling a method of the index there copied the whole index at each token.
    let (globalIDs, rules) = (self.globalIDs, variantRules)
    let globalIsLocal = globalIDs.last.map { Int($0) == globalIDs.count - 1 } ?? true
    let query = lexicon.reading { vocabulary in
      QuoteQuery(quotation, spelling: rules) { bytes, hash in
        vocabulary.id(of: bytes, hash: hash).flatMap {
          globalIsLocal ? (Int($0) < globalIDs.count ? $0 : nil) : Self.localID(ofGlobal: $0, in: globalIDs)
        }
      }
    }
    let range = positionRange(textRange)
    guard !query.pieces.isEmpty, !range.isEmpty else { return .notFound(closest: nil, similarity: 0) }
    if let found = find(query, in: range) { return .found(textRange: self.textRange(ofPositions: found)) }
    return closest(
      to: query, in: range, alignment: alignment, leastSimilarity: leastSimilarity, givingUp: givingUp)
  }

  /// The positions of the first occurrence of all pieces in order inside `range`, tightened so that the first
  /// piece is its last occurrence before the second.
  func find(_ query: QuoteQuery, in range: Range<Int>) -> Range<Int>? {
    let firstVariants = query.variants(ofPiece: 0)
    guard let first = occurrence(of: query.pieces[0], in: range, variants: firstVariants) else { return nil }
    var start = first.lowerBound
    var end = first.upperBound
    var secondStart = range.upperBound
    for (k, piece) in query.pieces.enumerated().dropFirst() {
      // The earliest occurrence after the previous piece: if it fails here, no later start can succeed.
      guard let next = occurrence(of: piece, in: end..<range.upperBound, variants: query.variants(ofPiece: k)) else {
        return nil
      }
      if k == 1 { secondStart = next.lowerBound }
      end = next.upperBound
    }
    if query.pieces.count > 1 {
      var later = first
      while let candidate = occurrence(
        of: query.pieces[0], in: (later.lowerBound + 1)..<secondStart, variants: firstVariants)
      {
        later = candidate
      }
      start = later.lowerBound
    }
    return start..<end
  }

  /// What the text allows a quotation's tokens to be besides their own spelling (`QuoteVariants`).
  var variantRules: QuoteVariants.Rules { QuoteVariants.Rules(losesLigatures: losesLigatures) }

  /// The first occurrence of `piece` (whose tokens may also be spelt as `variants` says) lying wholly inside `range`.
  func occurrence(of piece: [UInt32], in range: Range<Int>, variants: QuoteVariants = QuoteVariants()) -> Range<Int>? {
    guard !range.isEmpty else { return nil }
    guard let anchor = anchorIndex(of: piece, variants: variants) else {
      if piece.allSatisfy({ $0 == QuoteQuery.wildcard }) { return wordRun(of: piece.count, in: range) }
      // No token to anchor on: try every start.
      for start in range {
        if let end = matchForward(piece, 0, from: start, limit: range.upperBound, variants: variants) {
          return start..<end
        }
      }
      return nil
    }
    let id = piece[anchor]
    guard id != QuoteQuery.unknown else { return nil }
    guard hasPostings else {
      // A small text: scan its token stream for the anchor.
      return tokenIDs.withUnsafeBufferPointer { ids in
        for p in range where ids[p] == id {
          if let start = matchBackward(piece, anchor, endingAt: p, limit: range.lowerBound, variants: variants),
            let end = matchForward(piece, anchor + 1, from: p + 1, limit: range.upperBound, variants: variants)
          {
            return start..<end
          }
        }
        return nil
      }
    }
    let list = positions(of: id)
    var k = lowerBound(in: list, of: UInt32(clamping: range.lowerBound))
    // A long list is first narrowed by a second token at a fixed distance (two sorted lists merged, read in
    // order), so that few candidates cost a random access into the token stream.
    let second = list.count > 64 ? secondAnchor(of: piece, beside: anchor, variants: variants) : nil
    let secondList = second.map { positions(of: piece[$0]) } ?? 0..<0
    let delta = (second ?? anchor) - anchor
    var k2 = second == nil ? 0 : lowerBound(in: secondList, of: UInt32(clamping: range.lowerBound + max(0, delta)))
    return postings.withUnsafeBufferPointer { post in
      while k < list.upperBound {
        let p = Int(post[k])
        if p >= range.upperBound { return nil }
        k += 1
        if second != nil {
          let target = p + delta
          while k2 < secondList.upperBound, Int(post[k2]) < target { k2 += 1 }
          if k2 == secondList.upperBound { return nil }
          if Int(post[k2]) != target { continue }
        }
        guard let start = matchBackward(piece, anchor, endingAt: p, limit: range.lowerBound, variants: variants),
          let end = matchForward(piece, anchor + 1, from: p + 1, limit: range.upperBound, variants: variants)
        else { continue }
        return start..<end
      }
      return nil
    }
  }

  /// The first `length` consecutive words inside `range`: what a piece of `[bracketed]` insertions alone matches, found
  /// in one pass (trying every start would cost the range's length times the piece's).
  private func wordRun(of length: Int, in range: Range<Int>) -> Range<Int>? {
    var run = 0
    for position in range {
      run = isWord[Int(tokenIDs[position])] ? run + 1 : 0
      if run == length { return (position + 1 - length)..<(position + 1) }
    }
    return nil
  }

  /// The rarest token with postings in the stretch around `anchor` free of wildcards and dashes (so that its
  /// distance to the anchor in the source is fixed), if any.
  private func secondAnchor(of piece: [UInt32], beside anchor: Int, variants: QuoteVariants) -> Int? {
    func fixed(_ i: Int) -> Bool {
      piece[i] != QuoteQuery.wildcard && piece[i] != dashID && !variants.changesLength(i)
        && !unmarkedSet.contains(piece[i])
    }
    var lower = anchor
    while lower > 0, fixed(lower - 1) { lower -= 1 }
    var upper = anchor + 1
    while upper < piece.count, fixed(upper) { upper += 1 }
    var best: Int?
    var bestCount = Int.max
    for i in lower..<upper where i != anchor && piece[i] != QuoteQuery.unknown && !variants.isVariable(i) {
      // Next to a dash at the stretch's edge, the token may be half of a joined source word.
      if (i == lower && i > 0) || (i == upper - 1 && upper < piece.count) { continue }
      let count = postingCount(of: piece[i])
      if count < bestCount {
        bestCount = count
        best = i
      }
    }
    return best
  }

  /// The index of the rarest token of `piece` that must stand at its own position in the source, or nil when
  /// there is none (wildcards only, or every token beside a dash: `well-known` may be one joined source word
  /// holding no posting for its halves). An unknown token is chosen at once: the piece cannot occur.
  func anchorIndex(of piece: [UInt32], variants: QuoteVariants = QuoteVariants()) -> Int? {
    var best: Int?
    var bestCount = Int.max
    for (i, id) in piece.enumerated() where id != QuoteQuery.wildcard {
      let besideDash =
        id == dashID || (i > 0 && piece[i - 1] == dashID) || (i + 1 < piece.count && piece[i + 1] == dashID)
      if besideDash || variants.isVariable(i) || unmarkedSet.contains(id) { continue }
      if id == QuoteQuery.unknown { return i }
      let count = postingCount(of: id)
      if count < bestCount {
        bestCount = count
        best = i
      }
    }
    return best
  }

  private func lowerBound(in list: Range<Int>, of value: UInt32) -> Int {
    postings[list].partitioningIndex { $0 >= value }
  }

  /// The end of the white-space-delimited chunk (a word with the punctuation stuck to it) starting at `j`.
  private func chunkEnd(from j: Int, limit: Int) -> Int {
    var k = j + 1
    while k < limit, isGlued(k) { k += 1 }
    return k
  }

  /// The start of the white-space-delimited chunk ending just before `j`.
  private func chunkStart(endingAt j: Int, limit: Int) -> Int {
    var k = j - 1
    while k > limit, isGlued(k) { k -= 1 }
    return k
  }

  private func hasWord(_ positions: Range<Int>) -> Bool {
    positions.contains { isWord[Int(tokenIDs[$0])] }
  }

  /// Matches `piece[from...]` at positions `start...`; returns the position after the last token matched.
  ///
  /// A wildcard stands for one word, or for one white-space-delimited chunk (`examining.`, `society’s`) as an
  /// editor replacing a word with `[it]` would count it: both are tried. A chunk is whole, white space on both
  /// sides, whichever way it is matched (`x]:` of `x]:usness` is no chunk).
  func matchForward(
    _ piece: [UInt32], _ from: Int, from start: Int, limit: Int, variants: QuoteVariants = QuoteVariants()
  ) -> Int? {
    var i = from
    var j = start
    while i < piece.count {
      guard j < limit else { return nil }
      let id = tokenIDs[j]
      let q = piece[i]
      if q == QuoteQuery.wildcard {
        let end = chunkEnd(from: j, limit: limit)
        // A whole chunk only: one that white space starts (the token before is not stuck to it).
        if end > j + 1, !isGlued(j), hasWord(j..<end),
          let matched = matchForward(piece, i + 1, from: end, limit: limit, variants: variants)
        {
          return matched
        }
        guard isWord[Int(id)] else { return nil }
        i += 1
        j += 1
      } else if q == id {
        i += 1
        j += 1
      } else if i + 2 < piece.count, piece[i + 1] == dashID, let parts = joinedParts(at: j), parts.left == q,
        parts.right == piece[i + 2]
      {
        i += 3
        j += 1
      } else if !variants.isEmpty || !markedIDs.isEmpty, let step = variantStep(piece, i, at: j, limit: limit, variants)
      {
        i += step.quotation
        j += step.text
      } else {
        return nil
      }
    }
    return j
  }

  /// How many tokens of the quotation (from `i`) and of the text (from `j`, before `limit`) match when token `i` is
  /// spelt otherwise in the text (`QuoteVariants`, or the text's word carries a footnote mark); nil when it is not.
  private func variantStep(
    _ piece: [UInt32], _ i: Int, at j: Int, limit: Int, _ variants: QuoteVariants
  ) -> (quotation: Int, text: Int)? {
    let id = tokenIDs[j]
    let q = piece[i]
    if variants.isAlternate(id, at: i) { return (1, 1) }
    if let base = unmarkedID(at: j), base == q || variants.isAlternate(base, at: i) { return (1, 1) }
    if i + 2 < piece.count, piece[i + 1] == dashID, let joined = variants.joinedID(at: i), joined == id {
      return (3, 1)
    }
    if j + 2 < limit, tokenIDs[j + 1] == dashID, isGlued(j + 1) {
      let right = tokenIDs[j + 2]
      for half in variants.halves(at: i) where half.left == id && half.right == right { return (1, 3) }
    }
    return nil
  }

  /// As `variantStep`, backwards: the token of the quotation before `i` and of the text before `j` (after `limit`).
  private func variantStepBack(
    _ piece: [UInt32], _ i: Int, endingAt j: Int, limit: Int, _ variants: QuoteVariants
  ) -> (quotation: Int, text: Int)? {
    let id = tokenIDs[j - 1]
    let q = piece[i - 1]
    if variants.isAlternate(id, at: i - 1) { return (1, 1) }
    if let base = unmarkedID(at: j - 1), base == q || variants.isAlternate(base, at: i - 1) { return (1, 1) }
    if i >= 3, piece[i - 2] == dashID, let joined = variants.joinedID(at: i - 3), joined == id { return (3, 1) }
    if j - 3 >= limit, tokenIDs[j - 2] == dashID, isGlued(j - 2) {
      let left = tokenIDs[j - 3]
      for half in variants.halves(at: i - 1) where half.left == left && half.right == id { return (1, 3) }
    }
    return nil
  }

  /// Matches `piece[..<upTo]` at the positions just before `end`; returns the position of the first token matched.
  func matchBackward(
    _ piece: [UInt32], _ upTo: Int, endingAt end: Int, limit: Int, variants: QuoteVariants = QuoteVariants()
  ) -> Int? {
    var i = upTo
    var j = end
    while i > 0 {
      guard j > limit else { return nil }
      let id = tokenIDs[j - 1]
      let q = piece[i - 1]
      if q == QuoteQuery.wildcard {
        let start = chunkStart(endingAt: j, limit: limit)
        // A whole chunk only: one that white space ends (the token after is not stuck to it), as `matchForward`
        // reads it, so that the answer does not depend on which token anchored the match.
        if start < j - 1, j >= tokenIDs.count || !isGlued(j), hasWord(start..<j),
          let matched = matchBackward(piece, i - 1, endingAt: start, limit: limit, variants: variants)
        {
          return matched
        }
        guard isWord[Int(id)] else { return nil }
        i -= 1
        j -= 1
      } else if q == id {
        i -= 1
        j -= 1
      } else if i >= 3, piece[i - 2] == dashID, let parts = joinedParts(at: j - 1), parts.left == piece[i - 3],
        parts.right == q
      {
        i -= 3
        j -= 1
      } else if !variants.isEmpty || !markedIDs.isEmpty,
        let step = variantStepBack(piece, i, endingAt: j, limit: limit, variants)
      {
        i -= step.quotation
        j -= step.text
      } else {
        return nil
      }
    }
    return j
  }
}

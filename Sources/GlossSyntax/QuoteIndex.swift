/// An inverted index over the normalised tokens of one source text, built once, for checking quotations fast.
///
/// Tokens are what `QuoteTokenizer` makes of the text: words (each CJK ideograph or kana its own word) and
/// punctuation marks, each mark its own token (quote marks all one token, dash runs all one token); white space is
/// not a token. Each position keeps its token id and the UTF-8 offset where it starts; the postings list every
/// position of every id, so a check looks up the quotation's rarest token and verifies the few candidates.
package struct QuoteIndex: Sendable {
  /// The source text (shared storage with the caller's array, not a copy).
  package let text: [UInt8]
  /// The token id at each position.
  var tokenIDs: [UInt32] = []
  /// The UTF-8 offset in `text` where each position's token starts.
  var tokenStarts: [UInt32] = []
  var vocabulary = QuoteVocabulary()
  /// Where each id's positions start in `postings` (one more entry than ids).
  var postingOffsets: [UInt32] = [0]
  /// The positions of each id in ascending order, ids one after the other.
  var postings: [UInt32] = []
  /// Positions holding a word joined across a line-end hyphen, ascending, with the ids of the two halves, so that
  /// the quotation may spell it with the hyphen (`well-known`) or without.
  var joinPositions: [UInt32] = []
  var joinParts: [(left: UInt32, right: UInt32)] = []
  /// The id of the dash token, when the text has one.
  var dashID: UInt32?

  /// Indexes `text` (any bytes: invalid UTF-8 is read as U+FFFD; only the first 4 GiB are indexed).
  package init(text: [UInt8]) {
    self.text = text
    let limit = min(text.count, Int(UInt32.max) - 1)
    tokenIDs.reserveCapacity(limit / 5 + 16)
    tokenStarts.reserveCapacity(limit / 5 + 16)
    text.withUnsafeBufferPointer { whole in
      let p = UnsafeBufferPointer(rebasing: whole[0..<limit])
      var tokenizer = QuoteTokenizer(isQuotation: false)
      var i = 0
      while let token = tokenizer.next(p, &i) {
        let id = vocabulary.intern(tokenizer.scratch, isWord: token.kind == .word)
        if let split = token.joinSplit {
          let left = vocabulary.intern(Array(tokenizer.scratch[..<split]), isWord: true)
          let right = vocabulary.intern(Array(tokenizer.scratch[split...]), isWord: true)
          joinPositions.append(UInt32(tokenIDs.count))
          joinParts.append((left, right))
        }
        tokenIDs.append(id)
        tokenStarts.append(UInt32(token.start))
      }
    }
    vocabulary.trim()
    tokenIDs = Array(tokenIDs)
    tokenStarts = Array(tokenStarts)
    dashID = vocabulary.id(of: [UInt8(ascii: "-")])
    buildPostings()
  }

  private mutating func buildPostings() {
    var counts = [UInt32](repeating: 0, count: vocabulary.count + 1)
    for id in tokenIDs { counts[Int(id) + 1] += 1 }
    for k in 1..<counts.count { counts[k] += counts[k - 1] }
    postingOffsets = counts
    var next = counts
    postings = [UInt32](repeating: 0, count: tokenIDs.count)
    postings.withUnsafeMutableBufferPointer { out in
      for (position, id) in tokenIDs.enumerated() {
        out[Int(next[Int(id)])] = UInt32(position)
        next[Int(id)] += 1
      }
    }
  }

  /// How many tokens the text has.
  package var tokenCount: Int { tokenIDs.count }

  /// Bytes the index holds besides the text, for memory reports.
  package var indexByteCount: Int {
    tokenIDs.capacity * 4 + tokenStarts.capacity * 4 + postings.capacity * 4 + postingOffsets.capacity * 4
      + joinPositions.capacity * 12 + vocabulary.byteCount
  }

  /// The positions of `id`, ascending.
  func positions(of id: UInt32) -> Range<Int> {
    Int(postingOffsets[Int(id)])..<Int(postingOffsets[Int(id) + 1])
  }

  /// The token positions whose tokens start inside `textRange` (all positions for nil).
  func positionRange(_ textRange: Range<Int>?) -> Range<Int> {
    guard let textRange else { return 0..<tokenIDs.count }
    return firstPosition(
      startingAtOrAfter: textRange.lowerBound)..<firstPosition(
        startingAtOrAfter: textRange.upperBound)
  }

  private func firstPosition(startingAtOrAfter offset: Int) -> Int {
    var lower = 0
    var upper = tokenStarts.count
    while lower < upper {
      let mid = (lower + upper) / 2
      if Int(tokenStarts[mid]) < offset { lower = mid + 1 } else { upper = mid }
    }
    return lower
  }

  /// The UTF-8 range of the tokens at `positions` (non-empty) in `text`.
  func textRange(ofPositions positions: Range<Int>) -> Range<Int> {
    let start = Int(tokenStarts[positions.lowerBound])
    let last = Int(tokenStarts[positions.upperBound - 1])
    let end = text.withUnsafeBufferPointer { p -> Int in
      var tokenizer = QuoteTokenizer(isQuotation: false)
      var i = last
      return tokenizer.next(p, &i)?.end ?? p.count
    }
    return start..<max(start, end)
  }

  /// The halves of the word joined at a line-end hyphen at `position`, if it is one.
  func joinedParts(at position: Int) -> (left: UInt32, right: UInt32)? {
    var lower = 0
    var upper = joinPositions.count
    let target = UInt32(position)
    while lower < upper {
      let mid = (lower + upper) / 2
      if joinPositions[mid] < target { lower = mid + 1 } else { upper = mid }
    }
    return lower < joinPositions.count && joinPositions[lower] == target ? joinParts[lower] : nil
  }
}

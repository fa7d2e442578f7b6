extension Note {
  /// The quotations of this note attributed to one cited source (docs/citations-and-quotations.md), in document order;
  /// `bytes` are the note's text that the note was parsed from.
  ///
  /// - `"words" [@key, p. 4]`: double quotes (straight, “…”, „…“, «…», »…«) closing with only white space (one
  ///   line break at most) before a bracketed citation of one key, opening in the same paragraph.
  /// - `[@key, p. 4, "words"]`: the first quotation inside an item's suffix.
  /// - A blockquote whose last line ends with a bracketed citation of one key, alone on the line (maybe after
  ///   `—`, `–` or `--`) or after the last words; the quotation is the blockquote's text before the citation.
  package func attributedQuotations(in bytes: [UInt8]) -> [AttributedQuotation] {
    attributedQuotations(in: bytes, citations: citations.indices, topLevelBlocks: blocks.indices)
  }

  /// The quotations of `attributedQuotations(in:)` that belong to the top-level blocks starting in `region`: a
  /// quotation, its citation and its blockquote always lie in one top-level block, so after an edit only those of
  /// the blocks parsed again (`NoteSplice`) need to be found again.
  package func attributedQuotations(in bytes: [UInt8], blocksStartingIn region: Range<Int>) -> [AttributedQuotation] {
    attributedQuotations(
      in: bytes, citations: NoteSplice.indices(of: citations, startingIn: region) { $0.range.lowerBound },
      topLevelBlocks: NoteSplice.indices(of: blocks, startingIn: region) { $0.range.lowerBound })
  }

  private func attributedQuotations(
    in bytes: [UInt8], citations citationIndices: Range<Int>, topLevelBlocks: Range<Int>
  ) -> [AttributedQuotation] {
    var found: [AttributedQuotation] = []
    var citedInline = Set<Int>()
    // Ranges past the end of `bytes` (a note parsed from other bytes) are skipped, never read.
    for c in citationIndices where citations[c].range.upperBound <= bytes.count {
      let citation = citations[c]
      for (i, item) in citation.items.enumerated() {
        if let inner = QuoteMarks.firstQuotation(in: bytes, within: item.suffixRange) {
          found.append(quotation(.inSuffix, inner, bytes, citation: c, item: i))
        }
      }
      guard citation.isBracketed, citation.items.count == 1,
        let inner = QuoteMarks.quotation(
          in: bytes, endingBefore: citation.range.lowerBound, notBefore: paragraphStart(of: citation.range, bytes))
      else { continue }
      found.append(quotation(.inline, inner, bytes, citation: c, item: 0))
      citedInline.insert(c)
    }
    for block in blockQuotes(blocks[topLevelBlocks])
    where block.range.upperBound <= bytes.count && block.range.lowerBound >= 0 {
      guard let (inner, c) = blockQuotation(block, bytes), !citedInline.contains(c) else { continue }
      found.append(quotation(.blockQuote, inner, bytes, citation: c, item: 0))
    }
    return found.sorted { ($0.range.lowerBound, $0.citationIndex) < ($1.range.lowerBound, $1.citationIndex) }
  }

  private func quotation(
    _ kind: AttributedQuotation.Kind, _ range: Range<Int>, _ bytes: [UInt8], citation: Int, item: Int
  ) -> AttributedQuotation {
    AttributedQuotation(
      kind: kind, text: Self.unquotedText(bytes[range]), range: range, citationIndex: citation, itemIndex: item)
  }

  /// The text with the `>` markers and indentation at the start of every line after the first removed.
  static func unquotedText(_ slice: ArraySlice<UInt8>) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(slice.count)
    var atLineStart = false
    for b in slice {
      if b == 0x0A {
        out.append(b)
        atLineStart = true
        continue
      }
      if atLineStart, b == 0x20 || b == 0x09 || b == UInt8(ascii: ">") || b == 0x0D { continue }
      atLineStart = false
      out.append(b)
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Where the paragraph holding `range` starts: its innermost leaf block, else the line after the last blank line.
  func paragraphStart(of range: Range<Int>, _ bytes: [UInt8]) -> Int {
    var candidates = blocks
    var start: Int?
    // Blocks are in document order and do not overlap: the one holding the offset is found by bisection (a linear
    // search for each citation made a note of 100,000 citations quadratic).
    while let block = Self.block(containing: range.lowerBound, in: candidates) {
      start = block.range.lowerBound
      candidates = block.children
    }
    if let start { return start }
    // No block model: go back to a blank line.
    var j = min(range.lowerBound, bytes.count)
    var lineHasText = false
    while j > 0 {
      let b = bytes[j - 1]
      if b == 0x0A {
        if !lineHasText, j < range.lowerBound { return j }
        lineHasText = false
      } else if b != 0x20, b != 0x09, b != 0x0D, b != UInt8(ascii: ">") {
        lineHasText = true
      }
      j -= 1
    }
    return 0
  }

  /// The block of `blocks` (in document order, not overlapping) whose range contains `offset`.
  static func block(containing offset: Int, in blocks: [Block]) -> Block? {
    let low = blocks.partitioningIndex { $0.range.lowerBound > offset }
    guard low > 0, blocks[low - 1].range.contains(offset) else { return nil }
    return blocks[low - 1]
  }

  /// The index of the first citation starting at or after `offset` (citations are in document order).
  func firstCitation(startingAtOrAfter offset: Int) -> Int {
    citations.partitioningIndex { $0.range.lowerBound >= offset }
  }

  /// The outermost blockquotes, in document order.
  func blockQuotes(_ blocks: ArraySlice<Block>) -> [Block] {
    var out: [Block] = []
    for block in blocks {
      if block.kind == .blockQuote { out.append(block) } else { out += blockQuotes(block.children[...]) }
    }
    return out
  }

  /// The quoted words of a blockquote closed by a bracketed citation of one key on its last line, and that citation.
  func blockQuotation(_ block: Block, _ bytes: [UInt8]) -> (Range<Int>, Int)? {
    let end = min(block.range.upperBound, bytes.count)
    var lastLineStart = end
    while lastLineStart > block.range.lowerBound, bytes[lastLineStart - 1] != 0x0A { lastLineStart -= 1 }
    var lineEnd = end
    while lineEnd > lastLineStart, QuoteMarks.isSpace(bytes[lineEnd - 1]) { lineEnd -= 1 }
    // Only citations starting on the last line can end it.
    var found: Int?
    var index = firstCitation(startingAtOrAfter: lastLineStart)
    while index < citations.count, citations[index].range.lowerBound < max(lineEnd, lastLineStart + 1) {
      if citations[index].isBracketed && citations[index].range.upperBound == lineEnd {
        found = index
        break
      }
      index += 1
    }
    guard let c = found, citations[c].items.count == 1 else { return nil }
    // What precedes the citation on its line: only markers and a dash means the citation stands alone.
    var wordsEnd = citations[c].range.lowerBound
    while wordsEnd > lastLineStart, QuoteMarks.isSpace(bytes[wordsEnd - 1]) { wordsEnd -= 1 }
    wordsEnd = QuoteMarks.droppingDash(bytes, before: wordsEnd, notBefore: lastLineStart)
    while wordsEnd > lastLineStart, QuoteMarks.isSpace(bytes[wordsEnd - 1]) { wordsEnd -= 1 }
    let standsAlone = bytes[lastLineStart..<wordsEnd].allSatisfy { $0 == UInt8(ascii: ">") || QuoteMarks.isSpace($0) }
    if standsAlone {
      wordsEnd = lastLineStart
      while wordsEnd > block.range.lowerBound,
        QuoteMarks.isSpace(bytes[wordsEnd - 1]) || bytes[wordsEnd - 1] == 0x0A
          || bytes[wordsEnd - 1] == UInt8(ascii: ">")
      {
        wordsEnd -= 1
      }
    }
    var wordsStart = block.range.lowerBound
    while wordsStart < wordsEnd,
      QuoteMarks.isSpace(bytes[wordsStart]) || bytes[wordsStart] == UInt8(ascii: ">")
        || bytes[wordsStart] == 0x0A
    {
      wordsStart += 1
    }
    guard wordsStart < wordsEnd else { return nil }
    return (wordsStart..<wordsEnd, c)
  }
}

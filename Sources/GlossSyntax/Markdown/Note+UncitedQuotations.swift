/// A quotation of a note that no citation follows (yet): what the "cite" actions and completion after a quotation
/// look up in the sources.
package struct UncitedQuotation: Hashable, Sendable {
  /// The quoted words as the quotation check reads them (a blockquote's `>` markers left out).
  package var text: String
  /// The range of the quoted words in the note.
  package var range: Range<Int>
  /// Where a citation of it goes: right after the closing mark, or at the end of the blockquote's last line.
  package var citationOffset: Int
}

extension Note {
  /// The quotation around `offset` that no citation follows, in any form the quotation check reads once cited:
  /// between quotation marks (every pair it knows, across the lines of a paragraph), else the blockquote holding
  /// `offset`; `bytes` are the note's text.
  package func uncitedQuotation(at offset: Int, in bytes: [UInt8]) -> UncitedQuotation? {
    guard offset >= 0, offset <= bytes.count else { return nil }
    let paragraph = leafBlockRange(around: offset, bytes)
    // From the opening mark to the end of the closing one.
    for (start, inner, end) in QuoteMarks.quotations(in: bytes, within: paragraph)
    where start <= offset && offset <= end {
      guard !isCited(after: end, bytes) else { return nil }
      return UncitedQuotation(text: text(of: inner, bytes), range: inner, citationOffset: end)
    }
    guard
      let block = blockQuotes(blocks[...]).first(where: { $0.range.contains(offset) || $0.range.upperBound == offset }),
      block.range.upperBound <= bytes.count, blockQuotation(block, bytes) == nil
    else { return nil }
    var end = block.range.upperBound
    while end > block.range.lowerBound, QuoteMarks.isSpace(bytes[end - 1]) { end -= 1 }
    guard let words = blockQuoteWords(from: block.range.lowerBound, to: end, bytes) else { return nil }
    return UncitedQuotation(text: text(of: words, bytes), range: words, citationOffset: end)
  }

  /// The quotation that a citation opening with the `[` at `bracket` would check: one closing just before it (white
  /// space and one line break between at most), or the blockquote whose last line it ends; `bytes` are the note's
  /// text. For completion after a quotation.
  package func quotation(beforeCitationAt bracket: Int, in bytes: [UInt8]) -> UncitedQuotation? {
    guard bracket >= 0, bracket < bytes.count else { return nil }
    if let inner = QuoteMarks.quotation(
      in: bytes, endingBefore: bracket, notBefore: paragraphStart(of: bracket..<(bracket + 1), bytes))
    {
      return UncitedQuotation(text: text(of: inner, bytes), range: inner, citationOffset: bracket)
    }
    guard let block = blockQuotes(blocks[...]).first(where: { $0.range.contains(bracket) }) else { return nil }
    var lineStart = bracket
    while lineStart > block.range.lowerBound, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
    // Only on the blockquote's last line: nothing but white space after the citation's line.
    var lineEnd = bracket
    while lineEnd < block.range.upperBound, bytes[lineEnd] != 0x0A { lineEnd += 1 }
    guard lineEnd >= block.range.upperBound else { return nil }
    var end = bracket
    while end > lineStart, QuoteMarks.isSpace(bytes[end - 1]) { end -= 1 }
    end = QuoteMarks.droppingDash(bytes, before: end, notBefore: lineStart)
    while end > lineStart, QuoteMarks.isSpace(bytes[end - 1]) { end -= 1 }
    if bytes[lineStart..<end].allSatisfy({ $0 == UInt8(ascii: ">") || QuoteMarks.isSpace($0) }) {
      // The citation stands alone on its line: the words end with the line before.
      end = lineStart
      while end > block.range.lowerBound,
        QuoteMarks.isSpace(bytes[end - 1]) || bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D
          || bytes[end - 1] == UInt8(ascii: ">")
      {
        end -= 1
      }
    }
    guard let words = blockQuoteWords(from: block.range.lowerBound, to: end, bytes) else { return nil }
    return UncitedQuotation(text: text(of: words, bytes), range: words, citationOffset: bracket)
  }

  /// The words of a blockquote between `start` and `end`, its leading markers and white space left out.
  private func blockQuoteWords(from start: Int, to end: Int, _ bytes: [UInt8]) -> Range<Int>? {
    var lower = start
    while lower < end, QuoteMarks.isSpace(bytes[lower]) || bytes[lower] == UInt8(ascii: ">") || bytes[lower] == 0x0A {
      lower += 1
    }
    return lower < end ? lower..<end : nil
  }

  private func text(of range: Range<Int>, _ bytes: [UInt8]) -> String { Self.unquotedText(bytes[range]) }

  /// The innermost block holding `offset` (a paragraph, a heading, a list item's paragraph), else its line.
  private func leafBlockRange(around offset: Int, _ bytes: [UInt8]) -> Range<Int> {
    var candidates = blocks
    var found: Range<Int>?
    while let block = Self.block(containing: offset, in: candidates)
      ?? candidates.first(where: {
        $0.range.upperBound == offset
      })
    {
      found = block.range
      candidates = block.children
    }
    if let found { return found }
    var lower = offset
    while lower > 0, bytes[lower - 1] != 0x0A { lower -= 1 }
    var upper = offset
    while upper < bytes.count, bytes[upper] != 0x0A { upper += 1 }
    return lower..<upper
  }

  /// True when a bracketed citation follows `end`, after white space and one line break at most.
  private func isCited(after end: Int, _ bytes: [UInt8]) -> Bool {
    var j = end
    var lineBreaks = 0
    while j < bytes.count {
      let b = bytes[j]
      if b == 0x0A {
        lineBreaks += 1
        guard lineBreaks <= 1 else { return false }
      } else if !(QuoteMarks.isSpace(b) || b == 0x0D || (lineBreaks == 1 && b == UInt8(ascii: ">"))) {
        break
      }
      j += 1
    }
    guard j < bytes.count, bytes[j] == UInt8(ascii: "[") else { return false }
    let index = firstCitation(startingAtOrAfter: j)
    if index < citations.count, citations[index].range.lowerBound == j, citations[index].isBracketed { return true }
    // A citation being typed, not parsed yet.
    return j + 1 < bytes.count
      && (bytes[j + 1] == UInt8(ascii: "@")
        || (bytes[j + 1] == UInt8(ascii: "-") && j + 2 < bytes.count && bytes[j + 2] == UInt8(ascii: "@")))
  }
}

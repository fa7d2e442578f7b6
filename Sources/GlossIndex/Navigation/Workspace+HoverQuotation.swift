import GlossSyntax

extension Workspace {
  /// The Markdown paragraphs a citation hover starts with about the quotations attributed to item `itemIndex` of
  /// citation `citationIndex` in the note at `path`: for each, the verdict on one line (found, or not found and how
  /// alike the closest passage is, with where and in which source), then the source's sentence around the quotation
  /// or closest passage, the words themselves in bold.
  func quotationCheckLines(path: String, citationIndex: Int, itemIndex: Int) -> [String] {
    quotationChecks(in: path, citationIndex: citationIndex, itemIndex: itemIndex).map { check in
      var text = (check.isFound ? "✓ " : "✗ ") + HoverMarkdown.escape(check.summary)
      if let context = quotationContext(of: check) {
        text +=
          "\n\n> " + HoverMarkdown.escape(context.before) + "**" + HoverMarkdown.escape(context.passage) + "**"
          + HoverMarkdown.escape(context.after)
      } else if !check.isFound, let words = check.sourceWords, !words.isEmpty {
        // The text is not at hand (released and changed on disk): the source's words alone, bounded.
        text += "\n\n> " + HoverMarkdown.escape(QuoteCheck.bounded(words, to: 300))
      }
      if check.sourceLosesLigatures { text += "\n\n" + HoverMarkdown.escape(QuoteCheck.lostLigaturesNote) }
      return text
    }
  }

  /// The verdicts of the quotations attributed to a citation item and the source's sentences around them, as plain
  /// text (one line each): what an exported citation's tooltip says.
  func quotationCheckText(path: String, citationIndex: Int, itemIndex: Int) -> [String] {
    quotationChecks(in: path, citationIndex: citationIndex, itemIndex: itemIndex).map { check in
      var text = (check.isFound ? "✓ " : "✗ ") + check.summary
      if let context = quotationContext(of: check) {
        text += "\n“" + context.before + context.passage + context.after + "”"
      }
      return text
    }
  }

  /// The source's words of a check's passage (where the quotation was found, or the closest passage), with the rest
  /// of their sentence on each side (a little more than a line at most), white space collapsed; nil when the check
  /// has no passage or the text is not at hand.
  package func quotationContext(of check: QuoteCheck) -> QuotationContext? {
    guard let range = check.textRange, let document = textDocument(at: check.sourcePath) else { return nil }
    let text = document.text
    guard range.lowerBound >= 0, range.upperBound <= text.count, range.lowerBound < range.upperBound else { return nil }
    // Never into the front matter or a heading: the sentence stays in its section's body.
    var floor = min(document.bodyStart, range.lowerBound)
    var ceiling = text.count
    for heading in document.headings {
      if heading.range.upperBound <= range.lowerBound { floor = max(floor, heading.range.upperBound) }
      if heading.range.lowerBound >= range.upperBound { ceiling = min(ceiling, heading.range.lowerBound) }
    }
    let start = QuotationContext.sentenceStart(before: range.lowerBound, in: text, floor: floor)
    let end = QuotationContext.sentenceEnd(after: range.upperBound, in: text, ceiling: ceiling)
    var before = String(QuotationContext.collapsed(text[start.offset..<range.lowerBound]).drop { $0 == " " })
    var after = QuotationContext.collapsed(text[range.upperBound..<end.offset])
    while after.last == " " { after.removeLast() }
    if start.isCut { before = "…" + before }
    if end.isCut { after += "…" }
    let passage = QuotationContext.collapsed(text[range]).trimmingSpaces()
    return QuotationContext(before: before, passage: passage, after: after)
  }
}

/// A passage of a source's text with the rest of its sentence on each side, white space collapsed.
package struct QuotationContext: Hashable, Sendable {
  /// The words before the passage, from the start of their sentence (`…` first when cut), ending in a space when
  /// the text has one there.
  package var before: String
  /// The passage's own words.
  package var passage: String
  /// The words after the passage, to the end of their sentence (`…` last when cut).
  package var after: String

  /// The most bytes of context shown on each side of a passage.
  static let sideLimit = 240

  /// Where the sentence holding `offset` starts: after a sentence's final punctuation and a space, a blank line or a
  /// page break, not before `limit`, at most `sideLimit` bytes back (then at a space, and cut).
  static func sentenceStart(before offset: Int, in text: [UInt8], floor limit: Int = 0) -> (offset: Int, isCut: Bool) {
    let floor = max(limit, offset - sideLimit)
    var index = offset - 1
    while index >= floor {
      let byte = text[index]
      if byte == 0x0C { return (index + 1, false) }
      if byte == 10, index > 0, text[index - 1] == 10 { return (index + 1, false) }
      if isSpace(byte), index > 0, endsSentence(text, at: index) { return (index + 1, false) }
      index -= 1
    }
    guard floor > limit else { return (floor, false) }
    // Cut at the first space after the limit, or at a character boundary.
    var cut = floor
    while cut < offset, !isSpace(text[cut]) { cut += 1 }
    if cut == offset {
      cut = floor
      while cut < offset, text[cut] & 0xC0 == 0x80 { cut += 1 }
    }
    return (cut, true)
  }

  /// Where the sentence holding the byte before `offset` ends: after its final punctuation, before a blank line or a
  /// page break, not after `limit` (the text's end when nil), at most `sideLimit` bytes on (then at a space, and cut).
  static func sentenceEnd(after offset: Int, in text: [UInt8], ceiling limit: Int? = nil) -> (
    offset: Int, isCut: Bool
  ) {
    let end = min(limit ?? text.count, text.count)
    let ceiling = min(end, offset + sideLimit)
    var index = offset
    while index < ceiling {
      let byte = text[index]
      if byte == 0x0C { return (index, false) }
      if byte == 10, index + 1 < text.count, text[index + 1] == 10 { return (index, false) }
      if index + 1 == text.count || isSpace(text[index + 1]), endsSentence(text, at: index + 1) {
        return (index + 1, false)
      }
      index += 1
    }
    guard ceiling < end else { return (end, false) }
    var cut = ceiling
    while cut > offset, !isSpace(text[cut - 1]) { cut -= 1 }
    if cut == offset {
      cut = ceiling
      while cut > offset, text[cut] & 0xC0 == 0x80 { cut -= 1 }
    }
    return (cut, true)
  }

  /// Whether the bytes just before `end` close a sentence: `.`, `!`, `?` (perhaps followed by a closing quote or
  /// parenthesis), or `。`, `！`, `？`.
  private static func endsSentence(_ text: [UInt8], at end: Int) -> Bool {
    var last = end - 1
    while last >= 0, text[last] == UInt8(ascii: "\"") || text[last] == UInt8(ascii: ")") { last -= 1 }
    guard last >= 0 else { return false }
    if text[last] == UInt8(ascii: ".") || text[last] == UInt8(ascii: "!") || text[last] == UInt8(ascii: "?") {
      return true
    }
    guard last >= 2, text[last - 2] == 0xE3 || text[last - 2] == 0xEF else { return false }
    let tail = (text[last - 2], text[last - 1], text[last])
    return tail == (0xE3, 0x80, 0x82) || tail == (0xEF, 0xBC, 0x81) || tail == (0xEF, 0xBC, 0x9F)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == 0x0C
  }

  /// The bytes as text, each run of white space one space (kept at either end).
  static func collapsed(_ bytes: ArraySlice<UInt8>) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    for byte in bytes {
      if isSpace(byte) {
        if out.last != 32 { out.append(32) }
      } else {
        out.append(byte)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}

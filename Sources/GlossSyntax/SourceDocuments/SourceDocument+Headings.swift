/// Finding headings in Markdown and plain-text source documents.
extension SourceDocument {
  /// ATX and setext headings of a Markdown body (none inside fenced code), and the ranges that end paragraphs
  /// (headings and thematic breaks).
  static func markdownHeadings(in text: [UInt8], from start: Int) -> ([SourceHeading], [Range<Int>]) {
    var headings: [SourceHeading] = []
    var separators: [Range<Int>] = []
    var fence: (byte: UInt8, length: Int)?
    var run: Range<Int>?
    forEachLine(in: text, from: start) { lineStart, lineEnd in
      var index = lineStart
      while index < lineEnd, index - lineStart < 4, text[index] == 0x20 { index += 1 }
      let indent = index - lineStart
      let marker = index < lineEnd ? text[index] : 0
      var markerCount = 0
      while index + markerCount < lineEnd, text[index + markerCount] == marker { markerCount += 1 }
      if let open = fence {
        if indent < 4, marker == open.byte, markerCount >= open.length,
          text[(index + markerCount)..<lineEnd].allSatisfy(isBlank)
        {
          fence = nil
        }
        return
      }
      if indent < 4, marker == UInt8(ascii: "`") || marker == UInt8(ascii: "~"), markerCount >= 3 {
        fence = (marker, markerCount)
        run = nil
        return
      }
      if text[lineStart..<lineEnd].allSatisfy(isBlank) {
        run = nil
        return
      }
      if indent < 4, marker == UInt8(ascii: "#"), markerCount <= 6,
        index + markerCount == lineEnd || text[index + markerCount] == 0x20 || text[index + markerCount] == 0x09
      {
        var content = trimmed((index + markerCount)..<lineEnd, in: text)
        var closing = content.upperBound
        while closing > content.lowerBound, text[closing - 1] == UInt8(ascii: "#") { closing -= 1 }
        if closing == content.lowerBound || text[closing - 1] == 0x20 || text[closing - 1] == 0x09 {
          content = trimmed(content.lowerBound..<closing, in: text)
        }
        headings.append(heading(level: markerCount, in: text, textRange: content, range: lineStart..<lineEnd))
        separators.append(lineStart..<lineEnd)
        run = nil
        return
      }
      let isUnderline =
        indent < 4 && (marker == UInt8(ascii: "=") || marker == UInt8(ascii: "-"))
        && text[(index + markerCount)..<lineEnd].allSatisfy(isBlank)
      if isUnderline, let paragraph = run {
        let content = trimmed(paragraph, in: text)
        headings.append(
          heading(
            level: marker == UInt8(ascii: "=") ? 1 : 2, in: text, textRange: content,
            range: paragraph.lowerBound..<lineEnd))
        separators.append(paragraph.lowerBound..<lineEnd)
        run = nil
        return
      }
      if indent < 4, marker == UInt8(ascii: "-") || marker == UInt8(ascii: "*") || marker == UInt8(ascii: "_"),
        isThematicBreak(text[index..<lineEnd], marker: marker)
      {
        separators.append(lineStart..<lineEnd)
        run = nil
        return
      }
      run = (run?.lowerBound ?? lineStart)..<lineEnd
    }
    return (headings, separators)
  }

  private static func isThematicBreak(_ line: ArraySlice<UInt8>, marker: UInt8) -> Bool {
    var count = 0
    for byte in line {
      if byte == marker {
        count += 1
      } else if !isBlank(byte) {
        return false
      }
    }
    return count >= 3
  }

  /// Plain-text headings, kept conservative so that ordinary lines never become headings:
  /// - a line underlined by a line of three or more `=` (level 1) or `-` (level 2), with a blank line (or a page
  ///   break, or the start) before the heading and after the underline;
  /// - a numbered line (`2.1 Methods`, `3. Results`, `IV. Discussion`) of at most 80 bytes, standing alone between
  ///   blank lines (or page breaks), whose number is followed by a capital (or non-ASCII) letter and which does not end
  ///   in `.`, `,`, `;` or `:`; its level is the number's depth (`2.1` is 2), roman numerals are level 1.
  /// All-caps lines, short lines and anything else are not headings (running heads of `pdftotext` output would be).
  static func plainTextHeadings(in text: [UInt8], lines known: [Range<Int>]? = nil) -> [SourceHeading] {
    var lines = known ?? []
    if known == nil { forEachLine(in: text, from: 0) { lines.append($0..<$1) } }
    func isBlankLine(_ index: Int) -> Bool {
      index < 0 || index >= lines.count || text[lines[index]].allSatisfy(isBlank)
    }
    func startsPage(_ index: Int) -> Bool {
      index < lines.count && lines[index].lowerBound < text.count && text[lines[index].lowerBound] == 0x0C
    }
    var headings: [SourceHeading] = []
    var index = 0
    while index < lines.count {
      defer { index += 1 }
      let content = trimmed(lines[index], in: text)
      guard !content.isEmpty, isBlankLine(index - 1) || startsPage(index) else { continue }
      if index + 1 < lines.count, isBlankLine(index + 2) || startsPage(index + 2) {
        let underline = trimmed(lines[index + 1], in: text)
        if underline.count >= 3, let marker = text[underline].first, marker == UInt8(ascii: "=") || marker == 0x2D,
          text[underline].allSatisfy({ $0 == marker })
        {
          headings.append(
            heading(
              level: marker == UInt8(ascii: "=") ? 1 : 2, in: text, textRange: content,
              range: content.lowerBound..<lines[index + 1].upperBound))
          index += 1
          continue
        }
      }
      guard content.count <= 80, isBlankLine(index + 1) || startsPage(index + 1),
        let last = text[content].last, ![UInt8(ascii: "."), 0x2C, 0x3B, 0x3A].contains(last)
      else { continue }
      let first = text[content.lowerBound]
      guard (0x30...0x39).contains(first) || "IVXLCDMivxlcdm".utf8.contains(first) else { continue }
      let candidate = heading(level: 1, in: text, textRange: content, range: content)
      guard let number = candidate.number else { continue }
      var after = content.lowerBound + number.utf8.count
      while after < content.upperBound, text[after] == UInt8(ascii: ".") || isBlank(text[after]) { after += 1 }
      guard after < content.upperBound, (0x41...0x5A).contains(text[after]) || text[after] >= 0xC0 else { continue }
      var level = 1
      if RomanNumeral.value(of: number) == nil { level = min(6, number.split(separator: ".").count) }
      headings.append(heading(level: level, in: text, textRange: content, range: content))
    }
    return headings
  }
}

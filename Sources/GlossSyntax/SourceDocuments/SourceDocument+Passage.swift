/// Resolving a locator to the passage of the text it points at (docs/citations-and-quotations.md, "Locators").
///
/// Values may be a number, a range (`4-6`, `4--6`, `4–6`, abbreviated `123-8` meaning 123–128) or a list (`4, 7-9`,
/// `4 & 7`); a list resolves to the span from its lowest to its highest number, described as that span (`pages 4–9`).
/// Lines are the file's lines (1-based, as the editor shows them); in an HTML file a line range resolves to the visible
/// text extracted from those lines (trimmed; unresolved when they hold only markup), and the passage's `fileRange` is
/// the lines themselves.
extension SourceDocument {
  /// The passage a locator points at, `.unresolved` with a reason when it does not fit the text, `.notResolvable` for
  /// terms other than page, line, section and paragraph.
  package func passage(for locator: Locator) -> PassageLookup {
    switch locator.term {
    case .page: return pagePassage(locator.value)
    case .line: return linePassage(locator.value)
    case .paragraph: return paragraphPassage(locator.value)
    case .section: return sectionPassage(locator.value)
    case .other: return .notResolvable
    }
  }

  private func resolved(_ textRange: Range<Int>, _ description: String) -> PassageLookup {
    .resolved(Passage(textRange: textRange, fileRange: fileRange(ofText: textRange), description: description))
  }

  /// `page 4` or `pages 4–6`.
  static func describe(_ term: String, _ span: ClosedRange<Int>) -> String {
    span.count == 1 ? "\(term) \(span.lowerBound)" : "\(term)s \(span.lowerBound)–\(span.upperBound)"
  }

  /// Why a span does not fit `count` items, nil when it does.
  static func outOfRange(_ term: String, _ span: ClosedRange<Int>, count: Int) -> String? {
    if span.lowerBound < 1 { return "\(term) \(span.lowerBound) does not exist (\(term)s count from 1)" }
    guard span.upperBound > count else { return nil }
    let unit = count == 1 ? term : "\(term)s"
    if span.count == 1 { return "\(term) \(span.lowerBound) is past the last \(term) (\(count) \(unit))" }
    return "\(describe(term, span)) run past the last \(term) (\(count) \(unit))"
  }

  private func pagePassage(_ value: String) -> PassageLookup {
    guard let span = SourceDocument.numberSpan(value) else {
      return .unresolved(reason: "page '\(value)' is not a page number or range")
    }
    if let reason = SourceDocument.outOfRange("page", span, count: pageCount) {
      return .unresolved(reason: pageCount == 1 ? reason + "; the text has no page breaks (form feeds)" : reason)
    }
    let start = pageStarts[span.lowerBound - 1]
    let end = span.upperBound < pageCount ? pageStarts[span.upperBound] - 1 : lastPageEnd
    return resolved(start..<max(start, end), SourceDocument.describe("page", span))
  }

  private func linePassage(_ value: String) -> PassageLookup {
    guard let span = SourceDocument.numberSpan(value) else {
      return .unresolved(reason: "line '\(value)' is not a line number or range")
    }
    if let reason = SourceDocument.outOfRange("line", span, count: lineCount) { return .unresolved(reason: reason) }
    let file = Int(lineStarts[span.lowerBound - 1])..<lineEnd(span.upperBound - 1)
    var textRange = textRange(ofFile: file)
    if format == .html {
      textRange = visibleLines.trimmed(textRange, lines: (span.lowerBound - 1)...(span.upperBound - 1))
      if textRange.isEmpty {
        return .unresolved(
          reason:
            "\(SourceDocument.describe("line", span)) of the html file \(span.count == 1 ? "holds" : "hold") no visible text"
        )
      }
    }
    return .resolved(Passage(textRange: textRange, fileRange: file, description: SourceDocument.describe("line", span)))
  }

  private func paragraphPassage(_ value: String) -> PassageLookup {
    guard let span = SourceDocument.numberSpan(value) else {
      return .unresolved(reason: "paragraph '\(value)' is not a paragraph number or range")
    }
    if let reason = SourceDocument.outOfRange("paragraph", span, count: paragraphs.count) {
      return .unresolved(reason: reason)
    }
    let range = paragraphs[span.lowerBound - 1].lowerBound..<paragraphs[span.upperBound - 1].upperBound
    return resolved(range, SourceDocument.describe("paragraph", span))
  }

  /// The section of the first heading whose number, text (with or without its number) or slug matches the value,
  /// case-insensitively (in that order of preference); it runs to the next heading of the same or a higher level.
  private func sectionPassage(_ value: String) -> PassageLookup {
    let wanted = SourceMetadata.trim(value)
    if let index = headingIndex(matching: wanted) {
      return resolved(sectionRange(index), "section \(headings[index].text)")
    }
    // A list or range of section numbers (`2-3`, `2, 4`) spans from the first to the last.
    let pieces = wanted.split(whereSeparator: { $0 == "," || $0 == "&" || $0 == "–" || $0 == "-" || $0 == ";" })
      .map { SourceMetadata.trim($0) }.filter { !$0.isEmpty }
    if pieces.count > 1, let first = pieces.first, let last = pieces.last,
      let firstIndex = headingIndex(matching: first), let lastIndex = headingIndex(matching: last)
    {
      let lower = min(firstIndex, lastIndex)
      let upper = max(firstIndex, lastIndex)
      let range = sectionRange(lower).lowerBound..<max(sectionRange(lower).upperBound, sectionRange(upper).upperBound)
      return resolved(
        range,
        "sections \(headings[lower].number ?? headings[lower].text)–\(headings[upper].number ?? headings[upper].text)")
    }
    if headings.isEmpty { return .unresolved(reason: "no section '\(wanted)': the source has no headings") }
    return .unresolved(reason: "no section '\(wanted)' in the source")
  }

  private func headingIndex(matching value: String) -> Int? {
    var number = value
    while number.hasSuffix(".") { number.removeLast() }
    let lowered = value.lowercased()
    if !number.isEmpty,
      let index = headings.firstIndex(where: { $0.number?.caseInsensitivelyEquals(number) ?? false })
    {
      return index
    }
    if let index = headings.firstIndex(where: {
      $0.text.caseInsensitivelyEquals(value) || $0.title.caseInsensitivelyEquals(value)
    }) {
      return index
    }
    let slug = Slug.github(value)
    guard !slug.isEmpty else { return nil }
    return headings.firstIndex {
      $0.slug == lowered || Slug.github($0.text) == slug || Slug.github($0.title) == slug
    }
  }

  /// From a heading to the next heading of the same or a higher level (trailing blank lines excluded).
  private func sectionRange(_ index: Int) -> Range<Int> {
    let start = headings[index].range.lowerBound
    return start..<(index < sectionEnds.count ? max(start, sectionEnds[index]) : start)
  }

  /// The span of a number, a range or a list of them (`4`, `4-6`, `123-8`, `4, 7-9`, `4 & 7`), nil when the value
  /// has anything else (roman numerals, words).
  static func numberSpan(_ value: String) -> ClosedRange<Int>? {
    asciiNumberSpan(value) ?? generalNumberSpan(value)
  }

  /// `numberSpan` of any value, read as characters.
  static func generalNumberSpan(_ value: String) -> ClosedRange<Int>? {
    var lowest = Int.max
    var highest = Int.min
    let pieces = value.split(whereSeparator: { $0 == "," || $0 == "&" || $0 == ";" })
    guard !pieces.isEmpty else { return nil }
    for piece in pieces {
      let bounds = piece.split(whereSeparator: { $0 == "-" || $0 == "–" || $0 == "—" || $0 == "‐" })
        .map { SourceMetadata.trim($0) }
      guard (1...2).contains(bounds.count), let first = Int(bounds[0]), first < 10_000_000 else { return nil }
      var last = first
      if bounds.count == 2 {
        guard let written = Int(bounds[1]), written < 10_000_000 else { return nil }
        last = written
        // An abbreviated range end (`123-8`, `1995-97`) takes the start's leading digits.
        if written < first, bounds[1].count < bounds[0].count {
          let scale = Int(pow10: bounds[1].count)
          last = first / scale * scale + written
        }
        guard last >= first else { return nil }
      }
      lowest = min(lowest, first)
      highest = max(highest, last)
    }
    return lowest...highest
  }
}

extension SourceDocument {
  /// `numberSpan` read from the bytes, for values of ASCII and the three Unicode dashes (nearly all): `.some` with
  /// the answer, or nil when the value needs the general reading (other non-ASCII text).
  static func asciiNumberSpan(_ value: String) -> ClosedRange<Int>?? {
    var value = value
    return value.withUTF8 { p -> ClosedRange<Int>?? in
      // The length of the separator at `i`: 1 for `,` `&` `;` (pieces) and `-`, 3 for `‐` `–` `—`; 0 otherwise.
      func dashLength(_ i: Int) -> Int {
        if p[i] == UInt8(ascii: "-") { return 1 }
        if p[i] == 0xE2, i + 2 < p.count, p[i + 1] == 0x80, p[i + 2] == 0x90 || p[i + 2] == 0x93 || p[i + 2] == 0x94 {
          return 3
        }
        return 0
      }
      var i = 0
      while i < p.count {
        if p[i] >= 0x80 && dashLength(i) == 0 { return nil }
        i += max(1, dashLength(i))
      }
      // A bound: white space trimmed, then an optional `+` and digits, as `Int` reads it; its length counts the sign.
      func bound(_ range: Range<Int>) -> (value: Int, length: Int)? {
        let trimmed = p.trimming(range) { $0 == 0x20 || (0x09...0x0D).contains($0) }
        let (lower, upper) = (trimmed.lowerBound, trimmed.upperBound)
        var k = lower
        if k < upper, p[k] == UInt8(ascii: "+") { k += 1 }
        guard k < upper, upper - k <= 18 else { return nil }
        var number = 0
        for j in k..<upper {
          guard (0x30...0x39).contains(p[j]) else { return nil }
          number = number * 10 + Int(p[j] - 0x30)
        }
        return (number, upper - lower)
      }
      var lowest = Int.max
      var highest = Int.min
      var pieceStart = 0
      var pieces = 0
      for end in 0...p.count where end == p.count || p[end] == 0x2C || p[end] == 0x26 || p[end] == 0x3B {
        defer { pieceStart = end + 1 }
        guard end > pieceStart else { continue }
        var bounds: [(value: Int, length: Int)] = []
        var boundStart = pieceStart
        var j = pieceStart
        while j <= end {
          let separator = j < end ? dashLength(j) : 1
          guard separator > 0 else {
            j += 1
            continue
          }
          if j > boundStart {
            guard let parsed = bound(boundStart..<j) else { return .some(nil) }
            bounds.append(parsed)
          }
          j += separator
          boundStart = j
        }
        guard (1...2).contains(bounds.count), bounds[0].value < 10_000_000 else { return .some(nil) }
        let first = bounds[0].value
        var last = first
        if bounds.count == 2 {
          guard bounds[1].value < 10_000_000 else { return .some(nil) }
          last = bounds[1].value
          if last < first, bounds[1].length < bounds[0].length {
            let scale = Int(pow10: bounds[1].length)
            last = first / scale * scale + bounds[1].value
          }
          guard last >= first else { return .some(nil) }
        }
        pieces += 1
        lowest = min(lowest, first)
        highest = max(highest, last)
      }
      return pieces > 0 ? .some(lowest...highest) : .some(nil)
    }
  }
}

extension Int {
  /// 10 to the given power.
  fileprivate init(pow10 exponent: Int) {
    var value = 1
    for _ in 0..<exponent { value *= 10 }
    self = value
  }
}

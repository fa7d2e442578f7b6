/// The page numbers a PDF prints, from its page labels (ISO 32000, 12.4.2): ranges of pages, each numbered in one
/// style from a start number, after a prefix. `i`–`vi` for the front matter, `1`–`14` for the body, `A-1`, `A-2` for
/// an appendix.
///
/// Pages before the first range are numbered as the PDF counts them (decimal, from 1).
package struct PageLabels: Hashable, Sendable, Codable {
  /// How a range numbers its pages.
  package enum Style: String, Hashable, Sendable, Codable {
    /// `1, 2, 3` (`/D`).
    case decimal = "D"
    /// `I, II, III` (`/R`).
    case upperRoman = "R"
    /// `i, ii, iii` (`/r`).
    case lowerRoman = "r"
    /// `A … Z, AA … ZZ` (`/A`).
    case upperLetters = "A"
    /// `a … z, aa … zz` (`/a`).
    case lowerLetters = "a"
  }

  /// Pages numbered alike from `firstPage` (0-based, as the PDF counts) up to the next range.
  package struct Range: Hashable, Sendable, Codable {
    /// The range's first page, 0-based.
    package var firstPage: Int
    /// The numbering style; nil when the pages have only the prefix.
    package var style: Style?
    /// Written before each number (`A-`).
    package var prefix: String
    /// The number of the first page (1 or more).
    package var start: Int

    /// A range from its parts.
    package init(firstPage: Int, style: Style?, prefix: String = "", start: Int = 1) {
      self.firstPage = firstPage
      self.style = style
      self.prefix = prefix
      self.start = start
    }
  }

  /// The ranges, by first page, the first at page 0.
  package private(set) var ranges: [Range]

  /// Labels from ranges in any order; a range starting where another does replaces it, pages before the first are
  /// decimal. Nil when there is no range.
  package init?(ranges: [Range]) {
    var byPage: [Int: Range] = [:]
    for range in ranges where range.firstPage >= 0 {
      var range = range
      range.start = max(1, range.start)
      byPage[range.firstPage] = range
    }
    guard !byPage.isEmpty else { return nil }
    var sorted = byPage.values.sorted { $0.firstPage < $1.firstPage }
    if sorted[0].firstPage != 0 { sorted.insert(Range(firstPage: 0, style: .decimal), at: 0) }
    self.ranges = sorted
  }

  /// Whether the labels are the PDF's own numbering (one decimal range from 1 without prefix): they say nothing.
  package var isPlainNumbering: Bool {
    ranges.count == 1 && ranges[0].style == .decimal && ranges[0].prefix.isEmpty && ranges[0].start == 1
  }

  /// The label of 1-based PDF page `page`.
  package func label(ofPage page: Int) -> String {
    let index = page - 1
    guard let range = ranges.last(where: { $0.firstPage <= index }) else { return String(page) }
    guard let style = range.style else { return range.prefix }
    return range.prefix + Self.format(range.start + index - range.firstPage, style)
  }

  /// The 1-based PDF page labelled `label` among the first `pageCount`, nil when none is. An exact match wins over one
  /// that differs in case (`XII` for `xii`); when two ranges have the label, the longer range wins (the body over a
  /// cover numbered on its own).
  package func page(labelled label: String, pageCount: Int) -> Int? {
    var best: (page: Int, exact: Bool, length: Int)?
    for (index, range) in ranges.enumerated() {
      let end = min(index + 1 < ranges.count ? ranges[index + 1].firstPage : pageCount, pageCount)
      guard range.firstPage < end, let (offset, exact) = Self.offset(of: label, in: range) else { continue }
      let page = range.firstPage + offset
      guard page < end else { continue }
      let length = end - range.firstPage
      if let current = best, current.exact && !exact || current.exact == exact && current.length >= length {
        continue
      }
      best = (page + 1, exact, length)
    }
    return best?.page
  }

  /// The printed pages of a PDF of `pageCount` pages, range by range: `i–vi, 1–14, A-1–A-3`.
  package func summary(pageCount: Int) -> String {
    var parts: [String] = []
    for (index, range) in ranges.enumerated() {
      let end = min(index + 1 < ranges.count ? ranges[index + 1].firstPage : pageCount, pageCount)
      guard range.firstPage < end else { continue }
      // A range with neither style nor prefix labels its pages with nothing: say so rather than print nothing.
      let first = label(ofPage: range.firstPage + 1).nonEmpty ?? "unnumbered"
      let last = label(ofPage: end).nonEmpty ?? "unnumbered"
      parts.append(first == last ? first : "\(first)–\(last)")
    }
    return parts.joined(separator: ", ")
  }

  /// How many pages into `range` the label is, and whether its case is the range's; nil when it is not one of its.
  private static func offset(of label: String, in range: Range) -> (Int, Bool)? {
    var exact = true
    let rest: Substring
    if label.hasPrefix(range.prefix) {
      rest = label.dropFirst(range.prefix.count)
    } else if label.lowercased().hasPrefix(range.prefix.lowercased()), label.count >= range.prefix.count {
      rest = label.dropFirst(range.prefix.count)
      exact = false
    } else {
      return nil
    }
    guard let style = range.style else { return rest.isEmpty ? (0, exact) : nil }
    guard let number = number(String(rest), style), number >= range.start else { return nil }
    if format(number, style) != rest { exact = false }
    return (number - range.start, exact)
  }

  /// The largest number written in roman numerals, and in letters (`ZZ…Z`, 100 letters); larger ones are decimal.
  static let largestRoman = 3999
  static let largestLetters = 2600

  /// `number` written in `style`.
  static func format(_ number: Int, _ style: Style) -> String {
    switch style {
    case .decimal:
      return String(number)
    case .lowerRoman, .upperRoman:
      guard number <= largestRoman else { return String(number) }
      let numeral = RomanNumeral.numeral(number)
      return style == .upperRoman ? numeral.uppercased() : numeral
    case .lowerLetters, .upperLetters:
      guard number <= largestLetters else { return String(number) }
      let letter = Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8((number - 1) % 26)))
      let word = String(repeating: letter, count: (number - 1) / 26 + 1)
      return style == .upperLetters ? word.uppercased() : word
    }
  }

  /// The number `text` writes in `style`, either case, nil when it is not one.
  static func number(_ text: String, _ style: Style) -> Int? {
    let decimal: Int? =
      !text.isEmpty && text.count <= 15 && text.allSatisfy({ $0.isASCII && $0.isNumber }) ? Int(text) : nil
    switch style {
    case .decimal:
      return decimal
    case .lowerRoman, .upperRoman:
      if let decimal { return decimal > largestRoman ? decimal : nil }
      return RomanNumeral.value(of: text)
    case .lowerLetters, .upperLetters:
      if let decimal { return decimal > largestLetters ? decimal : nil }
      let lowered = Array(text.lowercased().unicodeScalars)
      guard let first = lowered.first, first.isASCII, ("a"..."z").contains(first), lowered.count <= 100,
        lowered.allSatisfy({ $0 == first })
      else { return nil }
      return (lowered.count - 1) * 26 + Int(first.value - 97) + 1
    }
  }
}

extension String {
  /// The string, or nil when it is empty.
  fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}

/// Finding the first locator in a citation suffix, following Pandoc's citeproc rules (`Text.Pandoc.Citeproc.Locator`).
///
/// The locator must open the suffix, after an optional comma and white space. It is either
/// - integrated: a CSL term (the longest one that matches, case-insensitive: `p.`, `pp.`, `page`, `§§`, …) then one or
///   more value words, each containing a digit or being a roman numeral, separated by white space, `,` or `;`
///   (`pp. 33-35, 40`); a value word runs over `-`, `–`, `:`, inner periods (`2.1`) and balanced brackets
///   (`34(1)(a)`); without a term, a first word with a digit means `page` (`[@key, 33]`);
/// - or delimited: `{sec. Related work}`, where anything up to the matching `}` is the value (no term: `page`).
///
/// Two extensions beyond Pandoc 2.17: `&` also separates value words (`pp. 4 & 7`), and a `section` term may be
/// followed by a name (`sec. Methods`, `section Related work`, `§ "Related work"`), which runs to the next `,`, `;` or
/// quotation mark (or is the quoted text). Anything else (`see p. 4`, `p 4`, `chap. one`) is no locator.
extension Locator {
  /// The first locator of a Pandoc citation suffix (`pp. 33-35, "exact words"` gives `pp. 33-35`), nil when the suffix
  /// does not start with one.
  package static func first(in suffix: String) -> Locator? {
    var scanner = LocatorScanner(suffix)
    return scanner.locator()
  }
}

/// A cursor over a suffix's Unicode scalars that knows each scalar's UTF-8 offset.
private struct LocatorScanner {
  let scalars: [Unicode.Scalar]
  /// `offsets[i]` is the UTF-8 offset of `scalars[i]`; `offsets[scalars.count]` is the suffix's length.
  let offsets: [Int]
  let string: String
  var position = 0

  init(_ string: String) {
    self.string = string
    // Sized at once (a scalar is at least a byte): grown from empty, the two arrays were reallocated several times
    // for every citation suffix.
    var scalars: [Unicode.Scalar] = []
    var offsets: [Int] = []
    scalars.reserveCapacity(string.utf8.count)
    offsets.reserveCapacity(string.utf8.count + 1)
    var offset = 0
    for scalar in string.unicodeScalars {
      scalars.append(scalar)
      offsets.append(offset)
      offset += UTF8.width(scalar)
    }
    offsets.append(offset)
    self.scalars = scalars
    self.offsets = offsets
  }

  func scalar(_ index: Int) -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

  func text(_ range: Range<Int>) -> String {
    let utf8 = string.utf8
    let lower = utf8.index(utf8.startIndex, offsetBy: offsets[range.lowerBound])
    let upper = utf8.index(lower, offsetBy: offsets[range.upperBound] - offsets[range.lowerBound])
    return String(Substring(utf8[lower..<upper]))
  }

  func skipWhitespace(from index: Int) -> Int {
    var index = index
    while let scalar = scalar(index), LocatorScanner.isSpace(scalar) { index += 1 }
    return index
  }

  /// White space (ASCII looked up directly, the rest by Unicode property).
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
  }

  mutating func locator() -> Locator? {
    position = skipWhitespace(from: 0)
    if scalar(position) == "," { position = skipWhitespace(from: position + 1) }
    if scalar(position) == "{" { return delimited() }
    return integrated()
  }

  /// `{label value}`: the label is optional (then `page`), the value is anything up to the matching brace.
  func delimited() -> Locator? {
    let open = position
    var depth = 0
    var close: Int?
    var index = open
    while let scalar = scalar(index) {
      if scalar == "{" || scalar == "[" { depth += 1 }
      if scalar == "}" || scalar == "]" {
        depth -= 1
        if depth == 0 {
          close = index
          break
        }
      }
      index += 1
    }
    guard let close, scalar(close) == "}" else { return nil }
    let labelStart = skipWhitespace(from: open + 1)
    var term = LocatorTerm.page
    var valueStart = labelStart
    var label = ""
    if let match = termMatch(at: labelStart, limit: close) {
      term = match.term
      label = text(labelStart..<match.end)
      valueStart = skipWhitespace(from: match.end)
    }
    var valueEnd = close
    while valueEnd > valueStart, LocatorScanner.isSpace(scalars[valueEnd - 1]) { valueEnd -= 1 }
    guard valueEnd > valueStart else { return nil }
    return Locator(
      term: term, label: label, value: text(valueStart..<valueEnd), range: offsets[open]..<offsets[close + 1])
  }

  func integrated() -> Locator? {
    let start = position
    if let match = termMatch(at: start, limit: scalars.count) {
      let valueStart = skipWhitespace(from: match.end)
      let label = text(start..<match.end)
      if let valueEnd = words(from: valueStart, requireDigits: false) {
        return Locator(
          term: match.term, label: label, value: text(valueStart..<valueEnd), range: offsets[start]..<offsets[valueEnd])
      }
      if match.term == .section, let name = sectionName(from: valueStart) {
        return Locator(
          term: .section, label: label, value: text(name.value), range: offsets[start]..<offsets[name.end])
      }
      return nil
    }
    guard let valueEnd = words(from: start, requireDigits: true) else { return nil }
    return Locator(term: .page, label: "", value: text(start..<valueEnd), range: offsets[start]..<offsets[valueEnd])
  }

  /// The longest locator term at `index` that ends at a word boundary (or with a period or a symbol).
  func termMatch(at index: Int, limit: Int) -> (term: LocatorTerm, end: Int)? {
    guard index < limit, let first = scalar(index) else { return nil }
    // Only the forms starting with the scalar there (folded) can match.
    let key = first.isASCII && first.value >= 0x41 && first.value <= 0x5A ? first.value + 0x20 : first.value
    guard let forms = LocatorScanner.termsByFirstScalar[key] else { return nil }
    var best: (term: LocatorTerm, end: Int)?
    for (form, term) in forms {
      let end = index + form.count
      guard end <= limit, best.map({ end > $0.end }) ?? true else { continue }
      var matches = true
      for (offset, expected) in form.enumerated() where !LocatorScanner.equalFolded(scalars[index + offset], expected) {
        matches = false
        break
      }
      guard matches else { continue }
      if let last = form.last, last.properties.isAlphabetic, let next = scalar(end),
        next.properties.isAlphabetic || next.properties.numericType != nil
      {
        continue
      }
      best = (term, end)
    }
    return best
  }

  /// The end of the value words starting at `index`, nil when the first word is not a locator value.
  func words(from index: Int, requireDigits: Bool) -> Int? {
    guard let first = word(at: index), first.isValue(requireDigits: requireDigits) else { return nil }
    var end = first.end
    while true {
      var next = skipWhitespace(from: end)
      if let separator = scalar(next), separator == "," || separator == ";" || separator == "&" {
        next = skipWhitespace(from: next + 1)
      } else if next == end {
        break
      }
      guard let following = word(at: next), following.isValue(requireDigits: requireDigits) else { break }
      end = following.end
    }
    return end
  }

  /// One value word: units of letters, digits, `-`, `–`, `:`, inner periods and balanced brackets.
  func word(at index: Int) -> LocatorWord? {
    var end = index
    var hasDigit = false
    var letters = ""
    while let scalar = scalar(end) {
      if LocatorScanner.isSpace(scalar) { break }
      if scalar == "(" || scalar == "[" {
        let close: Unicode.Scalar = scalar == "(" ? ")" : "]"
        var inner = end + 1
        while let c = self.scalar(inner), c != close, !LocatorScanner.isSpace(c), !LocatorScanner.isPunctuation(c) {
          inner += 1
        }
        guard self.scalar(inner) == close, inner > end + 1 else { break }
        for c in scalars[(end + 1)..<inner] where ("0"..."9").contains(c) { hasDigit = true }
        end = inner + 1
        continue
      }
      if scalar == "." {
        guard let next = self.scalar(end + 1), LocatorScanner.isUnit(next) else { break }
        letters.unicodeScalars.append(scalar)
        end += 1
        continue
      }
      guard LocatorScanner.isUnit(scalar) else { break }
      if ("0"..."9").contains(scalar) { hasDigit = true }
      letters.unicodeScalars.append(scalar)
      end += 1
    }
    guard end > index else { return nil }
    // A word with a digit is a value whatever else it is: only the others are tried as roman numerals.
    guard !hasDigit else { return LocatorWord(end: end, hasDigit: true, isRoman: false) }
    let parts = letters.split(whereSeparator: { $0 == "-" || $0 == "–" })
    let isRoman = !parts.isEmpty && parts.allSatisfy { RomanNumeral.value(of: String($0)) != nil }
    return LocatorWord(end: end, hasDigit: hasDigit, isRoman: isRoman)
  }

  /// A section name after a `section` term: quoted text, or the words up to `,`, `;` or a quotation mark.
  func sectionName(from index: Int) -> (value: Range<Int>, end: Int)? {
    guard let first = scalar(index) else { return nil }
    if let close = LocatorScanner.closingQuote[first] {
      var end = index + 1
      while let scalar = scalar(end), scalar != close { end += 1 }
      guard end < scalars.count, end > index + 1 else { return nil }
      return ((index + 1)..<end, end + 1)
    }
    guard first.properties.isAlphabetic || first.properties.numericType != nil else { return nil }
    var end = index
    while let scalar = scalar(end), scalar != ",", scalar != ";", LocatorScanner.closingQuote[scalar] == nil,
      scalar != "”", scalar != "»"
    {
      end += 1
    }
    while end > index, LocatorScanner.isSpace(scalars[end - 1]) { end -= 1 }
    return (index..<end, end)
  }

  static let closingQuote: [Unicode.Scalar: Unicode.Scalar] = ["\"": "\"", "“": "”", "„": "“", "«": "»"]

  static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII ? asciiPunctuation[Int(scalar.value)] : isPunctuationByCategory(scalar)
  }

  /// `isPunctuation` of every ASCII scalar, worked out once.
  static let asciiPunctuation: [Bool] = (0..<128).map { isPunctuationByCategory(Unicode.Scalar(UInt8($0))) }

  static func isPunctuationByCategory(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
      .finalPunctuation, .otherPunctuation:
      return true
    default:
      return false
    }
  }

  /// A character that may be part of a value unit: not space, not punctuation other than `-`, `–` and `:`.
  static func isUnit(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == "-" || scalar == "–" || scalar == ":" { return true }
    return !isSpace(scalar) && !isPunctuation(scalar)
  }

  static func equalFolded(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
    if a == b { return true }
    // An ASCII scalar lowercases to one ASCII scalar: no Unicode property lookup or String needed.
    if a.isASCII {
      let lower = a.value >= 0x41 && a.value <= 0x5A ? a.value + 0x20 : a.value
      return lower == b.value
    }
    return a.properties.lowercaseMapping == String(b)
  }

  /// Every form of every CSL locator term in the en-US locale, as Pandoc's citeproc builds its locator map (checked
  /// against pandoc 2.17: `no.` and `number` are the `issue` locator, `issue` itself is no term).
  static let terms: [([Unicode.Scalar], LocatorTerm)] = {
    let table: [(LocatorTerm, [String])] = [
      (.page, ["page", "pages", "p.", "pp."]),
      (.line, ["line", "lines", "l.", "ll."]),
      (.section, ["section", "sections", "sec.", "secs.", "§", "§§"]),
      (.paragraph, ["paragraph", "paragraphs", "para.", "paras.", "¶", "¶¶"]),
      (.other("book"), ["book", "books", "bk.", "bks."]),
      (.other("chapter"), ["chapter", "chapters", "chap.", "chaps."]),
      (.other("column"), ["column", "columns", "col.", "cols."]),
      (.other("figure"), ["figure", "figures", "fig.", "figs."]),
      (.other("folio"), ["folio", "folios", "fol.", "fols."]),
      (.other("issue"), ["number", "numbers", "no.", "nos."]),
      (.other("note"), ["note", "notes", "n.", "nn."]),
      (.other("opus"), ["opus", "opera", "op.", "opp."]),
      (.other("part"), ["part", "parts", "pt.", "pts."]),
      (.other("sub verbo"), ["sub verbo", "sub verbis", "s.v.", "s.vv."]),
      (.other("verse"), ["verse", "verses", "v.", "vv."]),
      (.other("volume"), ["volume", "volumes", "vol.", "vols."]),
    ]
    return table.flatMap { term, forms in forms.map { (Array($0.unicodeScalars), term) } }
  }()

  /// `terms` by the first scalar of the form (all forms are lowercase).
  static let termsByFirstScalar: [UInt32: [([Unicode.Scalar], LocatorTerm)]] = Dictionary(
    grouping: terms, by: { $0.0[0].value })
}

/// One value word of a locator: where it ends and whether it has a digit or is a roman numeral.
private struct LocatorWord {
  var end: Int
  var hasDigit: Bool
  var isRoman: Bool

  /// Pandoc requires digits after an implied `page`, and digits or a roman numeral after a term.
  func isValue(requireDigits: Bool) -> Bool { hasDigit || (!requireDigits && isRoman) }
}

extension Locator {
  /// Whether the locator names a place to look for: one with a label always; one without (Pandoc reads any word with
  /// a digit there as a page, `[@k, v2.22]`) only when its value starts with a digit, with one capital and a digit (a
  /// supplement's `S12`), or is a roman numeral. A version number or a name with a digit stays as Pandoc reads it,
  /// but is suffix text to Gloss's checks, not a page missing from the source's text.
  package var namesAPlace: Bool {
    guard label.isEmpty else { return true }
    let scalars = Array(value.unicodeScalars)
    guard let first = scalars.first else { return false }
    if first.properties.numericType != nil { return true }
    if ("A"..."Z").contains(first), scalars.count > 1, ("0"..."9").contains(scalars[1]) { return true }
    let word = scalars.prefix { !$0.properties.isWhitespace && $0 != "-" && $0 != "–" && $0 != "," }
    return word.allSatisfy { "ivxlcdmIVXLCDM".unicodeScalars.contains($0) }
  }
}

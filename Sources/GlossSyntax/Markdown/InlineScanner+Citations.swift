/// Pandoc's citation grammar (the Markdown reader of Pandoc 2.17), over bytes.
extension InlineScanner {
  /// A cite key at `index` (`@key`, `@{key}`, or `-@key` when `allowSuppress`): key range and the offset after it.
  func citeKey(at index: Int, allowSuppress: Bool) -> (keyRange: Range<Int>, end: Int, suppress: Bool)? {
    var cursor = index
    var suppress = false
    if allowSuppress && cursor < end && buffer[cursor] == UInt8(ascii: "-") {
      suppress = true
      cursor += 1
    }
    guard cursor + 1 < end, buffer[cursor] == UInt8(ascii: "@"), !isAfterString(index) else { return nil }
    cursor += 1
    if buffer[cursor] == UInt8(ascii: "{") {
      var depth = 0
      var probe = cursor
      let limit = min(end, cursor + 256)
      while probe < limit {
        let byte = buffer[probe]
        if ByteClass.isWhitespace(byte) { return nil }
        if byte == UInt8(ascii: "{") { depth += 1 }
        if byte == UInt8(ascii: "}") {
          depth -= 1
          if depth == 0 { return (cursor + 1..<probe, probe + 1, suppress) }
        }
        probe += 1
      }
      return nil
    }
    let keyStart = cursor
    if buffer[cursor] == UInt8(ascii: "_") || buffer[cursor] == UInt8(ascii: "*") {
      cursor += 1
    } else {
      let length = ByteClass.alphanumericLength(in: buffer, at: cursor, end: end)
      guard length > 0 else { return nil }
      cursor += length
    }
    while cursor < end {
      let length = regularLength(at: cursor)
      if length > 0 {
        cursor += length
        continue
      }
      let byte = buffer[cursor]
      if InlineScanner.internalPunctuation[Int(byte)] && regularLength(at: cursor + 1) > 0 {
        cursor += 1
        continue
      }
      if (byte == UInt8(ascii: ":") || byte == UInt8(ascii: "/")) && cursor + 1 < end
        && buffer[cursor + 1] == UInt8(ascii: "/")
      {
        cursor += 1
        continue
      }
      break
    }
    return (keyStart..<cursor, cursor, suppress)
  }

  private static let internalPunctuation: [Bool] = {
    var table = Array(repeating: false, count: 256)
    for byte in ":.#$%&-+?<>~/".utf8 { table[Int(byte)] = true }
    return table
  }()

  /// The length of a key's regular character (alphanumeric or `_`) at `index`, or 0.
  private func regularLength(at index: Int) -> Int {
    guard index < end else { return 0 }
    if buffer[index] == UInt8(ascii: "_") { return 1 }
    return ByteClass.alphanumericLength(in: buffer, at: index, end: end)
  }

  /// Pandoc's `notAfterString`: true right after a letter, a digit or a `.` (so `joe@example.com` is no citation),
  /// and after closing emphasis (`*x*@key`); false after an escaped `\.` or an ellipsis `...`, which are no string.
  func isAfterString(_ index: Int) -> Bool {
    if index == literalRunEnd { return true }
    guard index > 0, index != citationEnd else { return false }
    let before = buffer[index - 1]
    if before == UInt8(ascii: ".") { return !isEscapedOrEllipsis(period: index - 1) }
    if before == UInt8(ascii: "*") || before == UInt8(ascii: "_") { return closesEmphasis(runEnd: index) }
    if before < 0x80 { return ByteClass.isASCIIAlphanumeric(before) }
    let start = ByteClass.scalarStart(in: buffer, before: index, start: 0)
    let (scalar, _) = ByteClass.scalar(in: buffer, at: start, end: index)
    return ByteClass.isAlphanumeric(scalar)
  }

  /// Whether the `.` at `period` is escaped (`\.`) or ends an ellipsis of exactly three periods.
  private func isEscapedOrEllipsis(period: Int) -> Bool {
    var slashes = 0
    while period - slashes - 1 >= 0 && buffer[period - slashes - 1] == UInt8(ascii: "\\") { slashes += 1 }
    if slashes % 2 == 1 { return true }
    var dots = 1
    while period - dots >= 0 && buffer[period - dots] == UInt8(ascii: ".") { dots += 1 }
    return dots == 3
  }

  /// Whether the `*` or `_` run ending at `runEnd` closes emphasis: a non-blank before it and an opening run of the
  /// same character earlier in the content (a blank or the start before it, a non-blank after it).
  private func closesEmphasis(runEnd: Int) -> Bool {
    let mark = buffer[runEnd - 1]
    var runStart = runEnd - 1
    while runStart > 0 && buffer[runStart - 1] == mark { runStart -= 1 }
    guard runStart > 0, !ByteClass.isWhitespace(buffer[runStart - 1]) else { return false }
    // An escaped mark (`\*@key`) is a literal character, which Pandoc does not count as a string before a citation.
    if isEscaped(runStart) { return false }
    var cursor = runStart - 1
    let limit = max(0, runStart - InlineScanner.bracketReach)
    while cursor >= limit {
      if buffer[cursor] == mark, cursor + 1 < runStart, !ByteClass.isWhitespace(buffer[cursor + 1]),
        buffer[cursor + 1] != mark
      {
        var openStart = cursor
        while openStart > 0 && buffer[openStart - 1] == mark { openStart -= 1 }
        if isEscaped(openStart) {
          cursor = openStart - 1
          continue
        }
        if openStart == 0 || ByteClass.isWhitespace(buffer[openStart - 1])
          || ByteClass.isASCIIPunctuation(buffer[openStart - 1])
        {
          return true
        }
      }
      cursor -= 1
    }
    return false
  }

  /// Whether the character at `index` follows an odd number of backslashes.
  private func isEscaped(_ index: Int) -> Bool {
    var slashes = 0
    while index - slashes - 1 >= 0 && buffer[index - slashes - 1] == 0x5C { slashes += 1 }
    return slashes % 2 == 1
  }

  /// Spaces and tabs, then at most one line break and the spaces after it.
  func skipSpaceAndNewline(_ index: Int) -> Int {
    var cursor = index
    while cursor < end && (buffer[cursor] == 0x20 || buffer[cursor] == 0x09) { cursor += 1 }
    if cursor < end && buffer[cursor] == 0x0A {
      cursor += 1
      while cursor < end && (buffer[cursor] == 0x20 || buffer[cursor] == 0x09) { cursor += 1 }
    }
    return cursor
  }

  // MARK: Citations

  /// An in-text citation at `@`: `@key`, `@key [suffix]` or `@key [@more]`, with citations nested in suffixes.
  mutating func textualCitation(at index: Int) -> ((Citation, [Citation]), Int)? {
    guard let key = citeKey(at: index, allowSuppress: false) else { return nil }
    var first = item(key: key, mode: .authorInText, prefixStart: index, keyStart: index)
    var after = key.end
    var nested: [Citation] = []
    let open = skipSpaceAndNewline(after)
    if open < end && buffer[open] == UInt8(ascii: "[") && !(open + 1 < end && buffer[open + 1] == UInt8(ascii: "^"))
      && open < lastClosingBracket()
    {
      if let group = citeGroup(open: open) {
        let citation = Citation(range: index..<group.close + 1, isBracketed: false, items: [first] + group.items)
        return ((citation, group.nested), group.close + 1)
      }
      if let bare = bareLocator(open: open, first: &first, nested: &nested) {
        let citation = Citation(range: index..<bare.close + 1, isBracketed: false, items: [first] + bare.items)
        return ((citation, nested), bare.close + 1)
      }
    }
    after = key.end
    return ((Citation(range: index..<after, isBracketed: false, items: [first]), []), after)
  }

  /// A bracketed citation group `[see @a, p. 4; @b]` at `open`.
  mutating func bracketedCitation(open: Int) -> ((Citation, [Citation]), Int)? {
    guard let group = citeGroup(open: open) else { return nil }
    // Followed by `[`, `(` or `{`, the brackets are a link or a span to Pandoc, and their text is read as such.
    if group.close + 1 < end {
      let next = buffer[group.close + 1]
      if next == UInt8(ascii: "[") || next == UInt8(ascii: "(") || next == UInt8(ascii: "{") { return nil }
    }
    let citation = Citation(range: open..<group.close + 1, isBracketed: true, items: group.items)
    return ((citation, group.nested), group.close + 1)
  }

  /// Pandoc's `normalCite`: `[`, a `;`-separated citation list, `]`.
  private mutating func citeGroup(open: Int) -> (items: [CitationItem], nested: [Citation], close: Int)? {
    var nested: [Citation] = []
    guard let (items, after) = citeList(from: skipSpaceAndNewline(open + 1), nested: &nested) else { return nil }
    let close = skipSpaceAndNewline(after)
    guard close < end, buffer[close] == UInt8(ascii: "]") else { return nil }
    return (items, nested, close)
  }

  /// Pandoc's `bareloc`: the `[p. 4]` or `[p. 4; @more]` after an in-text key.
  private mutating func bareLocator(open: Int, first: inout CitationItem, nested: inout [Citation])
    -> (items: [CitationItem], close: Int)?
  {
    var found: [Citation] = []
    let suffix = scanSuffix(from: open + 1, nested: &found)
    var cursor = suffix.end
    var rest: [CitationItem] = []
    if cursor < end && buffer[cursor] == UInt8(ascii: ";") {
      if let (items, after) = citeList(from: skipSpaceAndNewline(cursor + 1), nested: &found) {
        rest = items
        cursor = after
      }
    }
    cursor = skipSpaceAndNewline(cursor)
    guard cursor < end, buffer[cursor] == UInt8(ascii: "]") else { return nil }
    if cursor + 1 < end && (buffer[cursor + 1] == UInt8(ascii: "[") || buffer[cursor + 1] == UInt8(ascii: "(")) {
      return nil
    }
    // `@key [map]` where the note defines `[map]: …` is a citation and a reference link to Pandoc.
    if !referenceDefinitions.isEmpty
      && referenceDefinitions[ReferenceDefinitionReader.normalizedLabel(text(open + 1..<cursor))] != nil
    {
      return nil
    }
    setSuffix(&first, suffix.range)
    first.range = first.range.lowerBound..<max(first.range.upperBound, suffix.range.upperBound)
    nested = found
    return (rest, cursor)
  }

  /// Pandoc's `citeList`: citations separated by `;`; any one failing fails the list.
  private mutating func citeList(from start: Int, nested: inout [Citation]) -> ([CitationItem], Int)? {
    var items: [CitationItem] = []
    var cursor = start
    while true {
      guard let keyStart = prefixEnd(from: cursor),
        let key = citeKey(at: keyStart, allowSuppress: true)
      else { return nil }
      var entry = item(
        key: key, mode: key.suppress ? .suppressAuthor : .normalCitation, prefixStart: cursor, keyStart: keyStart)
      let suffix = scanSuffix(from: key.end, nested: &nested)
      setSuffix(&entry, suffix.range)
      entry.range = entry.range.lowerBound..<max(entry.range.upperBound, suffix.range.upperBound)
      items.append(entry)
      cursor = suffix.end
      guard cursor < end, buffer[cursor] == UInt8(ascii: ";") else { return (items, cursor) }
      cursor = skipSpaceAndNewline(cursor + 1)
    }
  }

  /// Where a citation's prefix ends and its key begins, or nil when a `]` (or a `;` before a key) comes first.
  private mutating func prefixEnd(from start: Int) -> Int? {
    var cursor = start
    let limit = min(end, start + InlineScanner.bracketReach)
    while cursor < limit {
      let byte = buffer[cursor]
      switch byte {
      case UInt8(ascii: "]"), UInt8(ascii: ";"):
        return nil
      case UInt8(ascii: "@"), UInt8(ascii: "-"):
        if citeKey(at: cursor, allowSuppress: true) != nil { return cursor }
        cursor += 1
      case UInt8(ascii: "[") where cursor + 1 < end && buffer[cursor + 1] == UInt8(ascii: "["):
        // A wiki link in the prefix (`[see [[Note]] @a]`) is balanced bracketed text to Pandoc; one holding an `@`
        // (`[[@key]]`) may hold the key itself.
        if let (_, after) = wikiLink(open: cursor), !buffer[cursor..<after].contains(UInt8(ascii: "@")) {
          cursor = after
        } else {
          cursor += 1
        }
      case UInt8(ascii: "`"):
        cursor = skipCodeSpan(at: cursor)
      case UInt8(ascii: "\\"):
        cursor += cursor + 1 < end && ByteClass.isASCIIPunctuation(buffer[cursor + 1]) ? 2 : 1
      case UInt8(ascii: "*"), UInt8(ascii: "_"):
        cursor = skipEmphasis(at: cursor, limit: limit)
      default:
        cursor += 1
      }
    }
    return nil
  }

  /// Skips an emphasis span (`*…*`, `**…**`, `_…_`) that closes before the next `]`, as Pandoc reads it as one
  /// inline; otherwise just the delimiter run.
  private func skipEmphasis(at index: Int, limit: Int) -> Int {
    let delimiter = buffer[index]
    var runEnd = index
    while runEnd < limit && buffer[runEnd] == delimiter { runEnd += 1 }
    guard runEnd < limit, !ByteClass.isWhitespace(buffer[runEnd]) else { return runEnd }
    if delimiter == UInt8(ascii: "_") && index > 0 && ByteClass.isASCIIAlphanumeric(buffer[index - 1]) { return runEnd }
    let length = runEnd - index
    var cursor = runEnd + 1
    while cursor < limit {
      let byte = buffer[cursor]
      if byte == UInt8(ascii: "]") { return runEnd }
      if byte == delimiter {
        let closeStart = cursor
        while cursor < limit && buffer[cursor] == delimiter { cursor += 1 }
        if cursor - closeStart == length && !ByteClass.isWhitespace(buffer[closeStart - 1]) { return cursor }
        continue
      }
      cursor += 1
    }
    return runEnd
  }

  /// Pandoc's `suffix`: inline text up to a top-level `;` or `]`, nested brackets balanced; in-text citations
  /// inside it are collected into `nested`. Returns the trimmed suffix range and where scanning stopped.
  private mutating func scanSuffix(from start: Int, nested: inout [Citation]) -> (range: Range<Int>, end: Int) {
    var cursor = start
    var depth = 0
    let limit = min(end, start + InlineScanner.bracketReach)
    while cursor < limit {
      let byte = buffer[cursor]
      if depth == 0 && (byte == UInt8(ascii: "]") || byte == UInt8(ascii: ";")) { break }
      switch byte {
      case UInt8(ascii: "["):
        depth += 1
        cursor += 1
      case UInt8(ascii: "]"):
        depth -= 1
        cursor += 1
      case UInt8(ascii: "`"):
        cursor = skipCodeSpan(at: cursor)
      case UInt8(ascii: "\\"):
        cursor += cursor + 1 < end && ByteClass.isASCIIPunctuation(buffer[cursor + 1]) ? 2 : 1
      case UInt8(ascii: "@"):
        if let key = citeKey(at: cursor, allowSuppress: false) {
          let inner = item(key: key, mode: .authorInText, prefixStart: cursor, keyStart: cursor)
          nested.append(Citation(range: cursor..<key.end, isBracketed: false, items: [inner]))
          cursor = key.end
        } else {
          cursor += 1
        }
      default:
        cursor += 1
      }
    }
    var lower = start
    while lower < cursor && ByteClass.isWhitespace(buffer[lower]) { lower += 1 }
    if lower < cursor && buffer[lower] == UInt8(ascii: ",") {
      lower += 1
      while lower < cursor && ByteClass.isWhitespace(buffer[lower]) { lower += 1 }
    }
    var upper = cursor
    while upper > lower && ByteClass.isWhitespace(buffer[upper - 1]) { upper -= 1 }
    return (lower..<upper, cursor)
  }

  private func item(
    key: (keyRange: Range<Int>, end: Int, suppress: Bool), mode: CitationItem.Mode, prefixStart: Int, keyStart: Int
  ) -> CitationItem {
    var lower = prefixStart
    while lower < keyStart && ByteClass.isWhitespace(buffer[lower]) { lower += 1 }
    var upper = keyStart
    while upper > lower && ByteClass.isWhitespace(buffer[upper - 1]) { upper -= 1 }
    return CitationItem(
      key: text(key.keyRange), keyRange: key.keyRange, mode: mode, prefix: text(lower..<upper), suffix: "",
      suffixRange: key.end..<key.end, range: lower..<key.end)
  }

  private func setSuffix(_ entry: inout CitationItem, _ range: Range<Int>) {
    guard !range.isEmpty else { return }
    entry.suffix = text(range)
    entry.suffixRange = range
  }
}

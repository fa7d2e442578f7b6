/// Finds citations, links and tags in the inline content of one leaf block, skipping code, math and raw HTML.
///
/// The content is the block's lines joined by LF with container markers removed; ranges found here are offsets
/// into that content, mapped back to the note by the caller.
struct InlineScanner {
  let buffer: UnsafeBufferPointer<UInt8>
  let end: Int
  var citations: [Citation] = []
  var links: [Link] = []
  var tags: [TagUse] = []
  /// For each backtick run length, an offset after which no run of that length closes a code span.
  private var missingCloserFrom: [Int] = []
  /// An offset after which no `-->` closes an HTML comment.
  private var missingCommentCloseFrom = Int.max
  /// The `]` of the link whose text is being scanned, and where its destination ends.
  private var linkTextEnd = -1
  private var linkEnd = -1
  /// Where the last in-text citation ended: Pandoc's "after a string" test does not apply there.
  var citationEnd = -1
  /// Where an unmatched backtick run ended: Pandoc reads the run as a string, so `@` right after it is no citation.
  var literalRunEnd = -1
  /// Every `[` in order with its matching `]` (-1 when unmatched), computed on first need.
  var bracketOpens: [Int] = []
  var bracketCloses: [Int] = []
  var bracketsMatched = false
  /// The offset of the last `]` in the content (-1 when there is none): no citation can start after it.
  var lastCloseBracket = -2
  /// The labels of the example-list markers skipped (`(@good)` → `good`): Pandoc reads `(@good)` anywhere in the
  /// document as a reference to that example, not as a citation.
  var exampleLabels: [String] = []
  /// Example-list markers at the start of later lines of an example-list paragraph (`(@a) one\n(@b) two`).
  private var exampleMarkers: [Range<Int>] = []
  /// For each LaTeX environment name, an offset after which no `\end{name}` closes it.
  private var missingLaTeXEndFrom: [String: Int] = [:]
  /// The note's link reference definitions by label (`ReferenceDefinitionReader.normalizedLabel`), in note offsets:
  /// what `[text][label]` uses, and what makes `@key [map]` a citation followed by a link rather than a suffix.
  var referenceDefinitions: [String: Link] = [:]

  /// How far a bracket, link or citation may reach; keeps pathological input (a 5 MB line of `[`) linear.
  static let bracketReach = 4_096

  init(buffer: UnsafeBufferPointer<UInt8>, end: Int) {
    self.buffer = buffer
    self.end = end
  }

  private static let special: [Bool] = {
    var table = Array(repeating: false, count: 256)
    for byte in "\\`<[]!@#$".utf8 { table[Int(byte)] = true }
    return table
  }()

  /// Scans the whole content.
  mutating func scan(skipExampleMarker: Bool = false) {
    var index = 0
    if skipExampleMarker, let (markerEnd, label) = exampleListMarker(at: 0) {
      index = markerEnd
      if !label.isEmpty { exampleLabels.append(text(label)) }
      // Each later line starting with a marker is another item of the same example list.
      var cursor = markerEnd
      while cursor < end {
        if buffer[cursor] == 0x0A, let (nextEnd, nextLabel) = exampleListMarker(at: cursor + 1) {
          exampleMarkers.append(cursor + 1..<nextEnd)
          if !nextLabel.isEmpty { exampleLabels.append(text(nextLabel)) }
          cursor = nextEnd
          continue
        }
        cursor += 1
      }
    }
    let special = InlineScanner.special
    while index < end {
      let byte = buffer[index]
      guard special[Int(byte)] else {
        index += 1
        continue
      }
      index = scanSpecial(at: index, byte: byte)
    }
  }

  /// Handles the special byte at `index`, returning where scanning resumes.
  private mutating func scanSpecial(at index: Int, byte: UInt8) -> Int {
    // Raw HTML or an autolink inside link text may run past the text's `]`: the link is then over.
    if linkTextEnd >= 0 && index > linkTextEnd { linkTextEnd = -1 }
    switch byte {
    case UInt8(ascii: "\\"):
      if index + 1 < end && buffer[index + 1] == UInt8(ascii: "b"), let after = skipLaTeXEnvironment(at: index) {
        return after
      }
      return index + (index + 1 < end && ByteClass.isASCIIPunctuation(buffer[index + 1]) ? 2 : 1)
    case UInt8(ascii: "`"):
      return skipCodeSpan(at: index)
    case UInt8(ascii: "<"):
      return skipAngle(at: index)
    case UInt8(ascii: "$"):
      return skipMath(at: index)
    case UInt8(ascii: "]"):
      if index == linkTextEnd {
        linkTextEnd = -1
        return linkEnd
      }
      return index + 1
    case UInt8(ascii: "!"):
      if index + 1 < end && buffer[index + 1] == UInt8(ascii: "[") && linkTextEnd < 0,
        let link = markdownLink(open: index + 1, isImage: true)
          ?? (referenceDefinitions.isEmpty ? nil : referenceLink(open: index + 1, isImage: true))
      {
        return enterLinkText(link, textStart: index + 2)
      }
      return index + 1
    case UInt8(ascii: "["):
      return scanBracket(at: index)
    case UInt8(ascii: "@"):
      if !exampleMarkers.isEmpty, let marker = exampleMarkers.first(where: { $0.contains(index) }) {
        return marker.upperBound
      }
      if let (citation, after) = textualCitation(at: index) {
        appendCitation(citation)
        citationEnd = citation.0.items.count == 1 && !citation.0.isBracketed ? after : -1
        return after
      }
      return index + 1
    default:
      return scanTag(at: index)
    }
  }

  /// A `[`: a wiki link, a footnote reference, a Markdown link, a bracketed citation, or a literal bracket.
  private mutating func scanBracket(at index: Int) -> Int {
    // `^[…]` is an inline note: its text is scanned like any other.
    if index > 0 && buffer[index - 1] == UInt8(ascii: "^") { return index + 1 }
    if index + 1 < end && buffer[index + 1] == UInt8(ascii: "[") {
      if let (link, after) = wikiLink(open: index) {
        links.append(link)
        return after
      }
    }
    if index + 1 < end && buffer[index + 1] == UInt8(ascii: "^") {
      if let close = footnoteReferenceEnd(open: index) { return close }
      return index + 1
    }
    if linkTextEnd < 0, let link = markdownLink(open: index, isImage: false) {
      return enterLinkText(link, textStart: index + 1)
    }
    // A reference link comes before a bracketed citation: `[see @a][map]` is a link whose text cites `@a`.
    if linkTextEnd < 0, !referenceDefinitions.isEmpty, let link = referenceLink(open: index, isImage: false) {
      return enterLinkText(link, textStart: index + 1)
    }
    if index < lastClosingBracket(), let (citation, after) = bracketedCitation(open: index) {
      appendCitation(citation)
      return after
    }
    return index + 1
  }

  /// Records a link and scans its text next; the scan jumps past the destination at the text's `]`.
  private mutating func enterLinkText(_ found: (link: Link, textEnd: Int, end: Int), textStart: Int) -> Int {
    links.append(found.link)
    linkTextEnd = found.textEnd
    linkEnd = found.end
    return textStart
  }

  private mutating func appendCitation(_ found: (Citation, [Citation])) {
    citations.append(found.0)
    citations.append(contentsOf: found.1)
    appendWikiLinks(inCitation: found.0.range)
  }

  /// Records the wiki links written inside a citation (`@key [[Note]]`, `[see [[Note]] @key]`), which Pandoc reads
  /// as its prefix or suffix text and the scan has gone past; code spans inside the citation hold none.
  private mutating func appendWikiLinks(inCitation range: Range<Int>) {
    var cursor = range.lowerBound
    // Skipping a code span here must not change what the scan after the citation knows.
    let literalRun = literalRunEnd
    defer { literalRunEnd = literalRun }
    while cursor + 1 < range.upperBound {
      switch buffer[cursor] {
      case UInt8(ascii: "`"):
        cursor = skipCodeSpan(at: cursor)
      case UInt8(ascii: "\\"):
        cursor += 2
      case UInt8(ascii: "[") where buffer[cursor + 1] == UInt8(ascii: "["):
        guard let (found, after) = wikiLink(open: cursor), after <= range.upperBound else {
          cursor += 1
          continue
        }
        var link = found
        link.isInCitation = true
        links.append(link)
        cursor = after
      default:
        cursor += 1
      }
    }
  }

  // MARK: Opaque spans

  /// Skips a code span, or the backtick run alone when no run of the same length closes it.
  mutating func skipCodeSpan(at index: Int) -> Int {
    var runEnd = index
    while runEnd < end && buffer[runEnd] == UInt8(ascii: "`") { runEnd += 1 }
    let length = runEnd - index
    if missingCloserFrom.isEmpty { missingCloserFrom = Array(repeating: Int.max, count: 33) }
    if length < missingCloserFrom.count && missingCloserFrom[length] <= runEnd {
      literalRunEnd = runEnd
      return runEnd
    }
    var cursor = runEnd
    while cursor < end {
      if buffer[cursor] != UInt8(ascii: "`") {
        cursor += 1
        continue
      }
      let closeStart = cursor
      while cursor < end && buffer[cursor] == UInt8(ascii: "`") { cursor += 1 }
      if cursor - closeStart == length { return cursor }
    }
    if length < missingCloserFrom.count { missingCloserFrom[length] = runEnd }
    literalRunEnd = runEnd
    return runEnd
  }

  /// Skips Pandoc's `$math$` or `$$display math$$`, or the dollar alone.
  private func skipMath(at index: Int) -> Int {
    if index + 1 < end && buffer[index + 1] == UInt8(ascii: "$") {
      var cursor = index + 2
      while cursor + 1 < end {
        if buffer[cursor] == UInt8(ascii: "$") && buffer[cursor + 1] == UInt8(ascii: "$") { return cursor + 2 }
        cursor += 1
      }
      return index + 2
    }
    guard index + 1 < end, !ByteClass.isWhitespace(buffer[index + 1]) else { return index + 1 }
    var cursor = index + 1
    let limit = min(end, index + InlineScanner.bracketReach)
    while cursor < limit {
      let byte = buffer[cursor]
      if byte == UInt8(ascii: "\\") {
        cursor += 2
        continue
      }
      if byte == UInt8(ascii: "$") {
        let closes = !ByteClass.isWhitespace(buffer[cursor - 1])
        if closes && !(cursor + 1 < end && ByteClass.isDigit(buffer[cursor + 1])) { return cursor + 1 }
      }
      cursor += 1
    }
    return index + 1
  }

  /// Skips an HTML comment, an autolink (recorded as an external link) or a raw HTML tag; else the `<` alone.
  private mutating func skipAngle(at index: Int) -> Int {
    let next = index + 1
    guard next < end else { return next }
    if buffer[next] == UInt8(ascii: "!") {
      if startsWith("<!--", at: index) {
        guard missingCommentCloseFrom > index, let close = find("-->", from: index + 4) else {
          missingCommentCloseFrom = min(missingCommentCloseFrom, index)
          return index + 1
        }
        return close + 3
      }
      return index + 1
    }
    if let (link, after) = autolink(open: index) {
      links.append(link)
      return after
    }
    var cursor = next
    if buffer[cursor] == UInt8(ascii: "/") { cursor += 1 }
    guard cursor < end, ByteClass.isASCIILetter(buffer[cursor]) else { return next }
    while cursor < end && (ByteClass.isASCIIAlphanumeric(buffer[cursor]) || buffer[cursor] == UInt8(ascii: "-")) {
      cursor += 1
    }
    guard cursor < end else { return next }
    let afterName = buffer[cursor]
    guard ByteClass.isWhitespace(afterName) || afterName == UInt8(ascii: ">") || afterName == UInt8(ascii: "/") else {
      return next
    }
    // Attribute values may hold `>` inside quotes.
    var quote: UInt8 = 0
    let limit = min(end, index + InlineScanner.bracketReach)
    while cursor < limit {
      let byte = buffer[cursor]
      if quote != 0 {
        if byte == quote { quote = 0 }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        return cursor + 1
      } else if byte == UInt8(ascii: "<") {
        return next
      }
      cursor += 1
    }
    return next
  }

  // MARK: Tags

  /// A `#tag` preceded by the start, white space or `(`, with at least one non-digit; else the `#` alone.
  private mutating func scanTag(at index: Int) -> Int {
    if index > 0 {
      let before = buffer[index - 1]
      guard ByteClass.isWhitespace(before) || before == UInt8(ascii: "(") else { return index + 1 }
    }
    var cursor = index + 1
    var hasNonDigit = false
    while cursor < end {
      let byte = buffer[cursor]
      if byte < 0x80 {
        if ByteClass.isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
          || byte == UInt8(ascii: "/")
        {
          if !ByteClass.isDigit(byte) { hasNonDigit = true }
          cursor += 1
          continue
        }
        break
      }
      let (scalar, length) = ByteClass.scalar(in: buffer, at: cursor, end: end)
      guard ByteClass.isWordScalar(scalar) else { break }
      hasNonDigit = true
      cursor += length
    }
    var nameEnd = cursor
    while nameEnd > index + 1 && buffer[nameEnd - 1] == UInt8(ascii: "/") { nameEnd -= 1 }
    guard hasNonDigit, nameEnd > index + 1 else { return index + 1 }
    tags.append(TagUse(name: text(index + 1..<nameEnd), range: index + 1..<nameEnd, isInFrontMatter: false))
    return cursor
  }

  // MARK: Brackets and example-list markers

  /// The offset of the last `]`, found once.
  mutating func lastClosingBracket() -> Int {
    if lastCloseBracket == -2 {
      var index = end - 1
      while index >= 0 && buffer[index] != UInt8(ascii: "]") { index -= 1 }
      lastCloseBracket = index
    }
    return lastCloseBracket
  }

  /// The `]` matching the `[` at `open`, from one pass over the content made on first need.
  mutating func matchingBracket(open: Int) -> Int? {
    if !bracketsMatched { matchBrackets() }
    let low = bracketOpens.partitioningIndex { $0 >= open }
    guard low < bracketOpens.count, bracketOpens[low] == open, bracketCloses[low] >= 0 else { return nil }
    return bracketCloses[low]
  }

  private mutating func matchBrackets() {
    bracketsMatched = true
    var pending: [Int] = []
    var cursor = 0
    while cursor < end {
      switch buffer[cursor] {
      case UInt8(ascii: "["):
        pending.append(bracketOpens.count)
        bracketOpens.append(cursor)
        bracketCloses.append(-1)
        cursor += 1
      case UInt8(ascii: "]"):
        if let opening = pending.popLast() { bracketCloses[opening] = cursor }
        cursor += 1
      case UInt8(ascii: "`"):
        cursor = skipCodeSpan(at: cursor)
      case UInt8(ascii: "\\"):
        cursor += 2
      default:
        cursor += 1
      }
    }
    literalRunEnd = -1
  }

  /// An example-list marker (`(@label)`, `@label.` or `@label)`) at `start`, which Pandoc reads as a list: where it
  /// ends and its label (empty for `(@)`).
  private func exampleListMarker(at start: Int) -> (end: Int, label: Range<Int>)? {
    var cursor = start
    if cursor < end && buffer[cursor] == UInt8(ascii: "(") { cursor += 1 }
    guard cursor < end, buffer[cursor] == UInt8(ascii: "@") else { return nil }
    let hasParen = cursor == start + 1
    cursor += 1
    let labelStart = cursor
    while cursor < end
      && (ByteClass.isASCIIAlphanumeric(buffer[cursor]) || buffer[cursor] == UInt8(ascii: "_")
        || buffer[cursor] == UInt8(ascii: "-"))
    {
      cursor += 1
    }
    let label = labelStart..<cursor
    guard cursor < end else { return nil }
    let closer = buffer[cursor]
    guard closer == UInt8(ascii: ")") || (!hasParen && closer == UInt8(ascii: ".")) else { return nil }
    cursor += 1
    return cursor == end || ByteClass.isWhitespace(buffer[cursor]) ? (cursor, label) : nil
  }

  /// Skips a raw LaTeX environment `\begin{name}…\end{name}` (nested ones of the same name included), which Pandoc
  /// keeps as raw TeX; nil when it is not one or nothing closes it.
  private mutating func skipLaTeXEnvironment(at index: Int) -> Int? {
    guard startsWith("\\begin{", at: index) else { return nil }
    let nameStart = index + 7
    var cursor = nameStart
    while cursor < end && (ByteClass.isASCIILetter(buffer[cursor]) || buffer[cursor] == UInt8(ascii: "*")) {
      cursor += 1
    }
    guard cursor > nameStart, cursor < end, buffer[cursor] == UInt8(ascii: "}") else { return nil }
    let name = text(nameStart..<cursor)
    if let missing = missingLaTeXEndFrom[name], missing <= index { return nil }
    let begin = Array("\\begin{\(name)}".utf8)
    let close = Array("\\end{\(name)}".utf8)
    var depth = 1
    cursor += 1
    while cursor < end {
      if buffer[cursor] == UInt8(ascii: "\\") {
        if matches(close, at: cursor) {
          depth -= 1
          cursor += close.count
          if depth == 0 { return cursor }
          continue
        }
        if matches(begin, at: cursor) { depth += 1 }
      }
      cursor += 1
    }
    missingLaTeXEndFrom[name] = index
    return nil
  }

  /// Whether `bytes` occur at `index`.
  func matches(_ bytes: [UInt8], at index: Int) -> Bool {
    guard index + bytes.count <= end else { return false }
    for offset in 0..<bytes.count where buffer[index + offset] != bytes[offset] { return false }
    return true
  }

  func startsWith(_ literal: StaticString, at index: Int) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard index + count <= end else { return false }
    let pointer = literal.utf8Start
    for offset in 0..<count where buffer[index + offset] != pointer[offset] { return false }
    return true
  }

  func find(_ literal: StaticString, from index: Int) -> Int? {
    var cursor = index
    let first = literal.utf8Start[0]
    while cursor < end {
      if buffer[cursor] == first && startsWith(literal, at: cursor) { return cursor }
      cursor += 1
    }
    return nil
  }

  /// The content bytes of `range` as a string.
  func text(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
  }
}

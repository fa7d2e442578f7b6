/// Markdown links, images, wiki links, autolinks and footnote references.
extension InlineScanner {
  /// An inline link `[text](dest "title")` (or image, when `open` follows `!`): the link, its text's `]`, its end.
  mutating func markdownLink(open: Int, isImage: Bool) -> (link: Link, textEnd: Int, end: Int)? {
    guard let close = matchingBracket(open: open), close + 1 < end, buffer[close + 1] == UInt8(ascii: "(") else {
      return nil
    }
    var cursor = skipSpaceAndNewline(close + 2)
    guard cursor < end else { return nil }
    let destination: Range<Int>
    if buffer[cursor] == UInt8(ascii: "<") {
      let start = cursor + 1
      cursor = start
      while cursor < end && buffer[cursor] != UInt8(ascii: ">") {
        if buffer[cursor] == 0x0A || buffer[cursor] == UInt8(ascii: "<") { return nil }
        cursor += buffer[cursor] == UInt8(ascii: "\\") ? 2 : 1
      }
      guard cursor < end else { return nil }
      destination = start..<cursor
      cursor += 1
    } else {
      let start = cursor
      var depth = 0
      let limit = min(end, start + InlineScanner.bracketReach)
      while cursor < limit {
        let byte = buffer[cursor]
        if byte == 0x20 || byte == 0x09 {
          // Like Pandoc, a destination may hold spaces (`[How to install](@ref installation)`) unless a title or
          // the closing parenthesis follows them.
          var probe = cursor
          while probe < end && (buffer[probe] == 0x20 || buffer[probe] == 0x09) { probe += 1 }
          guard probe < end else { break }
          let next = buffer[probe]
          if next < 0x20 || next == UInt8(ascii: "\"") || next == UInt8(ascii: "'") || next == UInt8(ascii: "(")
            || (next == UInt8(ascii: ")") && depth == 0)
          {
            break
          }
          cursor = probe
          continue
        }
        if byte <= 0x20 { break }
        if byte == UInt8(ascii: "\\") && cursor + 1 < end {
          cursor += 2
          continue
        }
        if byte == UInt8(ascii: "(") {
          // CommonMark (cmark) limits nested parentheses in a destination to 32.
          depth += 1
          if depth > 32 { return nil }
        }
        if byte == UInt8(ascii: ")") {
          if depth == 0 { break }
          depth -= 1
        }
        cursor += 1
      }
      destination = start..<min(cursor, end)
    }
    let afterDestination = cursor
    cursor = skipSpaceAndNewline(cursor)
    guard cursor < end else { return nil }
    if buffer[cursor] != UInt8(ascii: ")") {
      guard cursor > afterDestination else { return nil }
      guard let afterTitle = titleEnd(at: cursor) else { return nil }
      cursor = skipSpaceAndNewline(afterTitle)
    }
    guard cursor < end, buffer[cursor] == UInt8(ascii: ")") else { return nil }
    let start = isImage ? open - 1 : open
    var link = linkTarget(destination, kind: .markdown, range: start..<cursor + 1)
    link.label = text(open + 1..<close)
    link.isImage = isImage
    return (link, close, cursor + 1)
  }

  /// A reference link `[text][label]`, `[label][]` or `[label]` (or image, when `open` follows `!`) whose label the
  /// note defines: the use, its text's `]`, its end. As in Pandoc, `[text][label]` with no such definition is no
  /// link, unless what follows the text is a bracketed citation (`[map][see @a]`): the text alone is then the label.
  mutating func referenceLink(open: Int, isImage: Bool) -> (link: Link, textEnd: Int, end: Int)? {
    // Labels within reach only: a line of nested brackets would otherwise read each one's whole content.
    guard let close = matchingBracket(open: open), close > open + 1, close - open <= InlineScanner.bracketReach else {
      return nil
    }
    var label = open + 1..<close
    var after = close + 1
    if after < end && buffer[after] == UInt8(ascii: "["), let labelClose = matchingBracket(open: after) {
      if labelClose > after + 1 {
        if labelClose - after <= InlineScanner.bracketReach, definition(named: after + 1..<labelClose) != nil {
          label = after + 1..<labelClose
          after = labelClose + 1
        } else {
          var probe = self
          guard probe.bracketedCitation(open: after) != nil else { return nil }
        }
      } else {
        after = labelClose + 1
      }
    }
    guard let definition = definition(named: label) else { return nil }
    var link = definition
    link.range = (isImage ? open - 1 : open)..<after
    link.targetRange = label
    link.anchorRange = nil
    link.label = text(open + 1..<close)
    link.isImage = isImage
    link.isInCitation = false
    link.reference = .use
    return (link, close, after)
  }

  /// The note's link reference definition whose label matches the text of `label` (Pandoc's comparison).
  private func definition(named label: Range<Int>) -> Link? {
    let key = ReferenceDefinitionReader.normalizedLabel(text(label))
    return key.isEmpty ? nil : referenceDefinitions[key]
  }

  /// The offset after a link title in `"…"`, `'…'` or `(…)` at `index`.
  private func titleEnd(at index: Int) -> Int? {
    let opener = buffer[index]
    let closer: UInt8
    switch opener {
    case UInt8(ascii: "\""), UInt8(ascii: "'"): closer = opener
    case UInt8(ascii: "("): closer = UInt8(ascii: ")")
    default: return nil
    }
    var cursor = index + 1
    let limit = min(end, index + InlineScanner.bracketReach)
    while cursor < limit {
      if buffer[cursor] == UInt8(ascii: "\\") {
        cursor += 2
        continue
      }
      if buffer[cursor] == closer { return cursor + 1 }
      cursor += 1
    }
    return nil
  }

  /// A link value for a destination: external when it has a scheme, else a percent-decoded path and `#anchor`.
  func linkTarget(_ destination: Range<Int>, kind: Link.Kind, range: Range<Int>) -> Link {
    if hasScheme(destination) {
      return Link(kind: kind, range: range, target: text(destination), targetRange: destination, isExternal: true)
    }
    var hash = destination.lowerBound
    while hash < destination.upperBound && buffer[hash] != UInt8(ascii: "#") { hash += 1 }
    let path = destination.lowerBound..<hash
    var link = Link(kind: kind, range: range, target: percentDecoded(path), targetRange: path)
    if hash < destination.upperBound {
      let anchor = hash + 1..<destination.upperBound
      link.anchor = percentDecoded(anchor)
      link.anchorRange = anchor
    }
    return link
  }

  /// True when `range` starts with a URI scheme (`https:`, `mailto:`), two letters or more.
  private func hasScheme(_ range: Range<Int>) -> Bool {
    guard let first = range.first, ByteClass.isASCIILetter(buffer[first]) else { return false }
    var cursor = first + 1
    while cursor < range.upperBound {
      let byte = buffer[cursor]
      if byte == UInt8(ascii: ":") { return cursor - first >= 2 }
      guard
        ByteClass.isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
          || byte == UInt8(ascii: "-")
      else { return false }
      cursor += 1
    }
    return false
  }

  /// The text of `range` with `%XX` escapes decoded (invalid escapes kept).
  private func percentDecoded(_ range: Range<Int>) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(range.count)
    var cursor = range.lowerBound
    while cursor < range.upperBound {
      let byte = buffer[cursor]
      if byte == UInt8(ascii: "%") && cursor + 2 < range.upperBound,
        let high = hexDigit(buffer[cursor + 1]), let low = hexDigit(buffer[cursor + 2])
      {
        bytes.append(high << 4 | low)
        cursor += 3
        continue
      }
      if byte == UInt8(ascii: "\\") && cursor + 1 < range.upperBound && ByteClass.isASCIIPunctuation(buffer[cursor + 1])
      {
        cursor += 1
        continue
      }
      bytes.append(byte)
      cursor += 1
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  /// A wiki link `[[target#anchor|label]]` on one line.
  func wikiLink(open: Int) -> (Link, Int)? {
    let start = open + 2
    var cursor = start
    var bar = -1
    var hash = -1
    while cursor + 1 < end {
      let byte = buffer[cursor]
      if byte == UInt8(ascii: "]") {
        guard buffer[cursor + 1] == UInt8(ascii: "]") else { return nil }
        break
      }
      if byte == 0x0A || byte == UInt8(ascii: "[") { return nil }
      if byte == UInt8(ascii: "|") && bar < 0 { bar = cursor }
      if byte == UInt8(ascii: "#") && hash < 0 && bar < 0 { hash = cursor }
      cursor += 1
    }
    guard cursor + 1 < end, cursor > start else { return nil }
    let close = cursor
    let targetEnd = hash >= 0 ? hash : (bar >= 0 ? bar : close)
    let target = trimmed(start..<targetEnd)
    var link = Link(kind: .wiki, range: open..<close + 2, target: text(target), targetRange: target)
    if hash >= 0 {
      let anchor = trimmed(hash + 1..<(bar >= 0 ? bar : close))
      link.anchor = text(anchor)
      link.anchorRange = anchor
    }
    if bar >= 0 { link.label = text(trimmed(bar + 1..<close)) }
    guard !target.isEmpty || hash >= 0 else { return nil }
    return (link, close + 2)
  }

  /// An autolink `<https://…>` or `<joe@example.com>`, as an external link.
  func autolink(open: Int) -> (Link, Int)? {
    var cursor = open + 1
    let limit = min(end, open + InlineScanner.bracketReach)
    while cursor < limit {
      let byte = buffer[cursor]
      if byte == UInt8(ascii: ">") { break }
      if byte <= 0x20 || byte == UInt8(ascii: "<") { return nil }
      cursor += 1
    }
    guard cursor < limit, cursor > open + 1 else { return nil }
    let inner = open + 1..<cursor
    guard hasScheme(inner) || isEmailAddress(inner) else { return nil }
    return (
      Link(kind: .markdown, range: open..<cursor + 1, target: text(inner), targetRange: inner, isExternal: true),
      cursor + 1
    )
  }

  /// Whether `range` is an e-mail address as CommonMark's autolinks take it (`<foo\+@bar.org>` is not: a backslash
  /// is no address character, so Pandoc reads the text and finds the citation `@bar.org`).
  private func isEmailAddress(_ range: Range<Int>) -> Bool {
    guard let at = range.firstIndex(where: { buffer[$0] == UInt8(ascii: "@") }), at > range.lowerBound,
      at + 1 < range.upperBound
    else { return false }
    for index in range.lowerBound..<at {
      let byte = buffer[index]
      guard ByteClass.isASCIIAlphanumeric(byte) || InlineScanner.emailLocalPunctuation[Int(byte)] else { return false }
    }
    for index in at + 1..<range.upperBound {
      let byte = buffer[index]
      guard ByteClass.isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") else {
        return false
      }
    }
    return true
  }

  /// The punctuation CommonMark allows in an autolinked address's local part.
  private static let emailLocalPunctuation: [Bool] = {
    var table = Array(repeating: false, count: 256)
    for byte in ".!#$%&'*+/=?^_`{|}~-".utf8 { table[Int(byte)] = true }
    return table
  }()

  /// The offset after a footnote reference `[^label]`, or nil.
  func footnoteReferenceEnd(open: Int) -> Int? {
    var cursor = open + 2
    while cursor < end && cursor < open + 256 {
      let byte = buffer[cursor]
      if byte == UInt8(ascii: "]") { return cursor > open + 2 ? cursor + 1 : nil }
      if ByteClass.isWhitespace(byte) || byte == UInt8(ascii: "[") { return nil }
      cursor += 1
    }
    return nil
  }

  private func trimmed(_ range: Range<Int>) -> Range<Int> {
    buffer.trimming(range, while: ByteClass.isWhitespace)
  }
}

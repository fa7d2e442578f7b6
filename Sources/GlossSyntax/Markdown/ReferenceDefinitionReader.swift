/// Pandoc's link reference definitions (`[label]: https://example.org/@x "title"`), read as the Markdown reader of
/// Pandoc 2.17 reads them: they are no prose, so nothing in them is a citation, a tag or a wiki link.
///
/// The content is a paragraph's lines joined by LF (container markers and indentation removed). A definition is a
/// label in balanced brackets that is not a citation (`[@a]: …` is prose), `:`, then on the same line or the next a
/// destination (`<…>`, or words up to a title, attributes or a bracket), an optional title (`"…"`, `'…'` or `(…)`,
/// on the same line or the next, possibly over several lines) and optional attributes (`{…}`), then the line's end.
struct ReferenceDefinitionReader {
  let buffer: UnsafeBufferPointer<UInt8>
  let end: Int

  /// A label as Pandoc compares them: case folded, blanks and line breaks collapsed to one space, trimmed.
  static func normalizedLabel(_ label: String) -> String {
    label.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).joined(
      separator: " ")
  }

  /// The label (brackets excluded) and destination (angle brackets excluded; from its first word to its last) of the
  /// definition starting at `start`, where its last line's content ends, and the offset after the definition (past
  /// that line's LF, or `end`); nil when no definition starts there.
  func definition(at start: Int) -> (label: Range<Int>, destination: Range<Int>, contentEnd: Int, end: Int)? {
    guard start + 1 < end, buffer[start] == UInt8(ascii: "["), buffer[start + 1] != UInt8(ascii: "^"),
      let close = labelEnd(open: start), close + 1 < end, buffer[close + 1] == UInt8(ascii: ":")
    else { return nil }
    var scanner = InlineScanner(buffer: buffer, end: end)
    if scanner.bracketedCitation(open: start) != nil { return nil }
    var cursor = skipBlanks(close + 2)
    if cursor < end && buffer[cursor] == 0x0A { cursor = skipBlanks(cursor + 1) }
    if cursor < end && buffer[cursor] == UInt8(ascii: "[") { return nil }
    var destination = cursor..<cursor
    if cursor < end && buffer[cursor] == UInt8(ascii: "<") {
      var probe = cursor + 1
      while probe < end && buffer[probe] != UInt8(ascii: ">") { probe += buffer[probe] == 0x5C ? 2 : 1 }
      guard probe < end else { return nil }
      destination = cursor + 1..<probe
      cursor = probe + 1
    } else {
      // Words separated by blanks, up to what may follow a destination (within reach, which keeps a pathological
      // line of quotes linear).
      while true {
        let word = skipBlanks(cursor)
        if word - start > InlineScanner.bracketReach { return nil }
        guard word < end, buffer[word] != 0x0A, titleEnd(at: word) == nil, attributesEnd(at: word) == nil,
          !(buffer[word] == UInt8(ascii: "[") && labelEnd(open: word) != nil)
        else { break }
        var probe = word
        while probe < end && buffer[probe] != 0x20 && buffer[probe] != 0x09 && buffer[probe] != 0x0A {
          probe += buffer[probe] == 0x5C && probe + 1 < end && buffer[probe + 1] != 0x0A ? 2 : 1
        }
        destination = (destination.isEmpty ? word : destination.lowerBound)..<probe
        cursor = probe
      }
    }
    var title = skipBlanks(cursor)
    if title < end && buffer[title] == 0x0A { title = skipBlanks(title + 1) }
    if let after = titleEnd(at: title) { cursor = after }
    if let after = attributesEnd(at: skipBlanks(cursor)) { cursor = after }
    let contentEnd = cursor
    cursor = skipBlanks(cursor)
    guard cursor == end || buffer[cursor] == 0x0A else { return nil }
    return (start + 1..<close, destination, contentEnd, cursor == end ? end : cursor + 1)
  }

  /// The `]` closing the label opened at `open`: brackets balanced, escapes and code spans skipped.
  private func labelEnd(open: Int) -> Int? {
    var depth = 0
    var cursor = open
    let limit = min(end, open + InlineScanner.bracketReach)
    while cursor < limit {
      switch buffer[cursor] {
      case 0x5C:
        cursor += 2
        continue
      case UInt8(ascii: "`"):
        cursor = codeSpanEnd(at: cursor)
        continue
      case UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 { return cursor }
      default:
        break
      }
      cursor += 1
    }
    return nil
  }

  /// After the code span at `start`, or after its backtick run when nothing closes it.
  private func codeSpanEnd(at start: Int) -> Int {
    var runEnd = start
    while runEnd < end && buffer[runEnd] == UInt8(ascii: "`") { runEnd += 1 }
    let length = runEnd - start
    var cursor = runEnd
    let limit = min(end, start + InlineScanner.bracketReach)
    while cursor < limit {
      guard buffer[cursor] == UInt8(ascii: "`") else {
        cursor += 1
        continue
      }
      let closeStart = cursor
      while cursor < end && buffer[cursor] == UInt8(ascii: "`") { cursor += 1 }
      if cursor - closeStart == length { return cursor }
    }
    return runEnd
  }

  /// After a title at `start`: `"…"` or `'…'` (not opened before a blank, closed by a quote that no letter or digit
  /// follows; one that is followed by one opens a nested quotation), or `(…)` with balanced parentheses.
  private func titleEnd(at start: Int) -> Int? {
    guard start < end else { return nil }
    let opener = buffer[start]
    var cursor = start + 1
    let limit = min(end, start + InlineScanner.bracketReach)
    if opener == UInt8(ascii: "\"") || opener == UInt8(ascii: "'") {
      guard cursor < end, !ByteClass.isWhitespace(buffer[cursor]) else { return nil }
      var depth = 0
      while cursor < limit {
        let byte = buffer[cursor]
        if byte == 0x5C {
          cursor += 2
          continue
        }
        if byte == opener {
          if ByteClass.alphanumericLength(in: buffer, at: cursor + 1, end: end) > 0 {
            depth += 1
          } else if depth == 0 {
            return cursor + 1
          } else {
            depth -= 1
          }
        }
        cursor += 1
      }
      return nil
    }
    guard opener == UInt8(ascii: "(") else { return nil }
    var depth = 1
    while cursor < limit {
      switch buffer[cursor] {
      case 0x5C:
        cursor += 1
      case UInt8(ascii: "("):
        depth += 1
      case UInt8(ascii: ")"):
        depth -= 1
        if depth == 0 { return cursor + 1 }
      default:
        break
      }
      cursor += 1
    }
    return nil
  }

  /// After attributes `{…}` on one line at `start`.
  private func attributesEnd(at start: Int) -> Int? {
    guard start < end, buffer[start] == UInt8(ascii: "{") else { return nil }
    var cursor = start + 1
    let limit = min(end, start + InlineScanner.bracketReach)
    while cursor < limit && buffer[cursor] != 0x0A && buffer[cursor] != UInt8(ascii: "{") {
      if buffer[cursor] == UInt8(ascii: "}") { return cursor + 1 }
      cursor += 1
    }
    return nil
  }

  private func skipBlanks(_ start: Int) -> Int {
    var cursor = start
    while cursor < end && (buffer[cursor] == 0x20 || buffer[cursor] == 0x09) { cursor += 1 }
    return cursor
  }
}

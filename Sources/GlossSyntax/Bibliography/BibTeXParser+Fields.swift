extension BibTeXParser {
  /// Reads `name = value` pairs up to the entry's closing delimiter, recovering from junk inside the entry.
  mutating func parseFields(into fields: inout [BibTeXField], open: Int, close: UInt8, key: String?) -> Outcome {
    let count = bytes.count
    // Entries have a dozen fields: search them in order, and by name only past a few dozen (hostile input).
    var positions: [String: Int] = [:]
    while true {
      // Like Pandoc, take a `%` line between fields as a comment (a field commented out).
      skipSpaceAndComments()
      guard i < count, bytes[i] != UInt8(ascii: "@") else {
        missingClose(open: open, close: close, key: key)
        return .abandoned
      }
      if bytes[i] == close {
        i += 1
        return .closed
      }
      if bytes[i] == UInt8(ascii: ",") {
        i += 1
        continue
      }
      let nameStart = i
      while i < count, isNameByte(at: i) { i += 1 }
      let nameRange = nameStart..<i
      if nameRange.isEmpty {
        let outcome = recover(
          from: nameStart, message: "unexpected text in \(describe(key))", open: open, close: close, key: key)
        if outcome == .next { continue }
        return outcome
      }
      let name = lowercase(nameRange)
      skipSpace()
      guard i < count, bytes[i] == UInt8(ascii: "=") else {
        problems.append(SyntaxProblem(range: nameRange, message: "expected '=' after field name '\(name)'"))
        let outcome = recover(from: i, message: nil, open: open, close: close, key: key)
        if outcome == .next { continue }
        return outcome
      }
      i += 1
      skipSpace()
      guard let (value, literalRange) = parseValue(field: name, key: key, open: open, close: close) else {
        if i >= count || bytes[i] == UInt8(ascii: "@") { return .abandoned }
        let outcome = recover(from: i, message: nil, open: open, close: close, key: key)
        if outcome == .next { continue }
        return outcome
      }
      // A repeated field replaces the earlier one, as in Pandoc (which renders Gloss's exports).
      if fields.count == 32 {
        for (index, field) in fields.enumerated() { positions[field.name] = index }
      }
      let earlier = fields.count < 32 ? fields.firstIndex { $0.name == name } : positions[name]
      if let earlier {
        fields[earlier].value = value
        fields[earlier].literalRange = literalRange
      } else {
        if fields.count >= 32 { positions[name] = fields.count }
        fields.append(BibTeXField(name: name, value: value, literalRange: literalRange))
      }
      let valueEnd = i
      // A comment may follow the last value before the closing brace (`year = {2000} % note`, as biber reads it).
      skipSpaceAndComments()
      guard i < count, bytes[i] != UInt8(ascii: "@") else {
        missingClose(open: open, close: close, key: key)
        return .abandoned
      }
      if bytes[i] == UInt8(ascii: ",") {
        i += 1
      } else if bytes[i] == close {
        i += 1
        return .closed
      } else if startsField(at: i) {
        // A forgotten comma between two fields: say so and read on.
        problems.append(SyntaxProblem(range: valueEnd..<i, message: "missing ',' after field '\(name)'"))
      } else {
        let outcome = recover(
          from: i, message: "expected ',' or '\(character(close))' after field '\(name)'", open: open, close: close,
          key: key)
        if outcome != .next { return outcome }
      }
    }
  }

  /// Reads a field value: pieces in braces or quotes, numbers and macro names joined by `#`.
  mutating func parseValue(field: String, key: String?, open: Int, close: UInt8) -> (
    value: ArraySlice<UInt8>, literalRange: Range<Int>?
  )? {
    let count = bytes.count
    var value: ArraySlice<UInt8> = []
    var pieces = 0
    var literalRange: Range<Int>?
    // One piece (the common case) stays a slice of the file; only concatenations are copied.
    func add(_ piece: ArraySlice<UInt8>, literal: Bool = true) {
      if pieces == 0 {
        value = piece
        literalRange = literal ? piece.startIndex..<piece.endIndex : nil
      } else {
        literalRange = nil
        if pieces == 1 { value = ArraySlice(Array(value)) }
        value.append(contentsOf: piece)
      }
      pieces += 1
    }
    while true {
      guard i < count else {
        problems.append(SyntaxProblem(range: max(0, count - 1)..<count, message: "missing value for field '\(field)'"))
        missingClose(open: open, close: close, key: key)
        return nil
      }
      let byte = bytes[i]
      if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "\"") {
        let pieceStart = i
        guard let content = delimitedPiece() else {
          let what = byte == UInt8(ascii: "{") ? "'{'" : "quote"
          problems.append(
            SyntaxProblem(range: pieceStart..<pieceStart + 1, message: "unterminated \(what) in field '\(field)'"))
          return nil
        }
        add(bytes[content])
      } else if isIdentifierByte(byte) && byte != UInt8(ascii: "@") {
        let start = i
        while i < count, isNameByte(at: i) { i += 1 }
        if bytes[start..<i].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
          add(bytes[start..<i])
        } else if let macro = macros[lowercase(start..<i)] {
          add(macro, literal: false)
        } else {
          // BibTeX warns and uses an empty string; like Pandoc we show the name, which is what the user typed.
          add(bytes[start..<i])
        }
      } else {
        problems.append(SyntaxProblem(range: i..<i + 1, message: "missing value for field '\(field)'"))
        return nil
      }
      let pieceEnd = i
      skipSpace()
      if i < count, bytes[i] == UInt8(ascii: "#") {
        i += 1
        skipSpace()
      } else {
        i = pieceEnd
        return (value, literalRange)
      }
    }
  }

  /// The content range of the `{…}` or `"…"` piece at `i`, moving past it; nil when it is unterminated.
  ///
  /// Unlike BibTeX but like Pandoc, an escaped brace or quote does not count. An entry starting on a new line ends an unterminated piece,
  /// leaving `i` at that line so the entries after it still load.
  mutating func delimitedPiece() -> Range<Int>? {
    let count = bytes.count
    let quoted = bytes[i] == UInt8(ascii: "\"")
    let start = i + 1
    var depth = quoted ? 0 : 1
    var j = start
    while j < count {
      let byte = bytes[j]
      if byte == UInt8(ascii: "\\") {
        // Like Pandoc, `\{`, `\}` and `\"` are escaped characters, not delimiters (`{Thi\{'ebaux}`).
        if j + 1 < count, isEscapedDelimiter(bytes[j + 1]) { j += 1 }
      } else if byte == UInt8(ascii: "{") {
        depth += 1
      } else if byte == UInt8(ascii: "}") {
        depth -= 1
        if depth == 0 && !quoted {
          i = j + 1
          return start..<j
        }
        if depth < 0 { depth = 0 }
      } else if byte == UInt8(ascii: "\"") && quoted && depth == 0 {
        i = j + 1
        return start..<j
      } else if byte == UInt8(ascii: "\n") {
        let save = i
        i = j
        if entryStartsOnNextLine() {
          i = j + 1
          skipSpace()
          return nil
        }
        i = save
      }
      j += 1
    }
    i = count
    return nil
  }

  /// Skips junk inside an entry up to the next field (`,`), the entry's end, or a new entry; records `message`.
  mutating func recover(from start: Int, message: String?, open: Int, close: UInt8, key: String?) -> Outcome {
    let count = bytes.count
    var depth = 0
    var j = start
    var outcome = Outcome.abandoned
    // An entry starting right here (after a field name at the end of a line) ends this one.
    let atNewEntry = j < count && bytes[j] == UInt8(ascii: "@") && isAtLineStart(j)
    scan: while j < count && !atNewEntry {
      let byte = bytes[j]
      switch byte {
      case UInt8(ascii: "{"):
        depth += 1
      case UInt8(ascii: "}") where depth > 0:
        depth -= 1
      case close where depth == 0:
        outcome = .closed
        break scan
      case UInt8(ascii: ","):
        if depth == 0 {
          outcome = .next
          break scan
        }
      case UInt8(ascii: "\n"):
        let save = i
        i = j
        let newEntry = entryStartsOnNextLine()
        i = save
        if newEntry { break scan }
      default:
        break
      }
      j += 1
    }
    var end = j
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    if let message {
      let range = end > start ? start..<end : start..<min(start + 1, count)
      problems.append(SyntaxProblem(range: range, message: message))
    }
    switch outcome {
    case .next, .closed:
      i = j + 1
    case .abandoned:
      i = j
      missingClose(open: open, close: close, key: key)
    }
    return outcome
  }

  /// Records that the entry opened at `open` has no closing delimiter.
  mutating func missingClose(open: Int, close: UInt8, key: String?) {
    problems.append(
      SyntaxProblem(range: open..<open + 1, message: "missing '\(character(close))' at end of \(describe(key))"))
  }

  /// Whether `\` before `byte` escapes it from delimiting a piece: `{`, `}`, `"` and `\` itself.
  func isEscapedDelimiter(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// Whether a field name and `=` start at `position`.
  func startsField(at position: Int) -> Bool {
    var j = position
    while j < bytes.count, isNameByte(at: j) { j += 1 }
    guard j > position else { return false }
    while j < bytes.count, isSpace(bytes[j]) || isNoBreakSpace(at: j) { j += isSpace(bytes[j]) ? 1 : 2 }
    return j < bytes.count && bytes[j] == UInt8(ascii: "=")
  }

  /// Whether the line after the newline at `i` starts an entry (`@type{` after optional blanks).
  func entryStartsOnNextLine() -> Bool {
    var j = i + 1
    while j < bytes.count, bytes[j] == UInt8(ascii: " ") || bytes[j] == UInt8(ascii: "\t") { j += 1 }
    guard j < bytes.count, bytes[j] == UInt8(ascii: "@") else { return false }
    j += 1
    let typeStart = j
    while j < bytes.count, isIdentifierByte(bytes[j]) { j += 1 }
    guard j > typeStart else { return false }
    while j < bytes.count, isSpace(bytes[j]) { j += 1 }
    return j < bytes.count && (bytes[j] == UInt8(ascii: "{") || bytes[j] == UInt8(ascii: "("))
  }

  func isAtLineStart(_ position: Int) -> Bool {
    var j = position
    while j > 0, bytes[j - 1] == UInt8(ascii: " ") || bytes[j - 1] == UInt8(ascii: "\t") { j -= 1 }
    return j == 0 || bytes[j - 1] == UInt8(ascii: "\n") || bytes[j - 1] == UInt8(ascii: "\r")
  }

  /// Skips white space, including no-break spaces (U+00A0) that some exporters put between fields.
  mutating func skipSpace() {
    while i < bytes.count {
      if isSpace(bytes[i]) {
        i += 1
      } else if isNoBreakSpace(at: i) {
        i += 2
      } else {
        return
      }
    }
  }

  /// Skips white space and `%` comment lines.
  mutating func skipSpaceAndComments() {
    skipSpace()
    while i < bytes.count, bytes[i] == UInt8(ascii: "%") {
      skipLine()
      skipSpace()
    }
  }

  /// Whether a no-break space (U+00A0, `C2 A0` in UTF-8) starts at `position`.
  func isNoBreakSpace(at position: Int) -> Bool {
    bytes[position] == 0xC2 && position + 1 < bytes.count && bytes[position + 1] == 0xA0
  }

  /// Whether the byte at `position` continues a type, field or macro name (a no-break space ends one).
  func isNameByte(at position: Int) -> Bool {
    isIdentifierByte(bytes[position]) && !isNoBreakSpace(at: position)
  }

  func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }

  /// Whether `byte` may occur in an entry type, field name or macro name (BibTeX excludes `"#%'(),={}`).
  func isIdentifierByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\""),
      UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
      UInt8(ascii: ","), UInt8(ascii: "="), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "@"):
      return false
    default:
      return byte > 0x20 && byte != 0x7F
    }
  }

  /// Whether `byte` may occur in a citation key (anything but blanks, `,`, braces, `=` and the closing delimiter).
  func isKeyByte(_ byte: UInt8, close: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ","),
      UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "="), UInt8(ascii: "\""), UInt8(ascii: "#"),
      UInt8(ascii: "%"), UInt8(ascii: "@"):
      return false
    default:
      return byte != close && byte > 0x20 && byte != 0x7F
    }
  }

  func lowercase(_ range: Range<Int>) -> String {
    let slice = bytes[range]
    guard slice.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return String(decoding: slice, as: UTF8.self) }
    return String(decoding: slice.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
  }

  func character(_ byte: UInt8) -> Character {
    Character(Unicode.Scalar(byte))
  }

  func describe(_ key: String?) -> String {
    key.map { "entry '\($0)'" } ?? "entry"
  }
}

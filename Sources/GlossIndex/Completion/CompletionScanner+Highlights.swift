extension CompletionScanner {
  /// `[@key, words` on one line, where a locator would start: the place to cite one of the source's highlights
  /// (docs/zotero.md). `words` (maybe empty) filters them; a number or a locator term typed there is a locator, not
  /// a highlight. The edit replaces the whole citation, from `[` to the cursor and the `]` right after it, if any.
  func highlightPlace() -> CompletionContext? {
    // Back to the citation's `[` on this line; a `]`, `;` or quotation mark first means another place.
    var bracket = offset
    while bracket > lineStart {
      let byte = bytes[bracket - 1]
      if byte == 0x5B { break }
      if byte == 0x5D || byte == 0x3B || byte == 0x22 { return nil }
      bracket -= 1
    }
    guard bracket > lineStart || (bracket == lineStart && bracket < bytes.count && bytes[bracket] == 0x5B) else {
      return nil
    }
    let open = bracket - 1
    guard open >= lineStart, bytes[open] == 0x5B, open + 1 < offset, bytes[open + 1] == 0x40 else { return nil }
    var keyEnd = open + 2
    while keyEnd < offset, Self.isKeyByte(bytes[keyEnd]) { keyEnd += 1 }
    while keyEnd > open + 2, Self.isKeyPunctuation(bytes[keyEnd - 1]) { keyEnd -= 1 }
    guard keyEnd > open + 2, keyEnd < offset, bytes[keyEnd] == 0x2C else { return nil }
    var start = keyEnd + 1
    while start < offset, Self.isSpace(bytes[start]) { start += 1 }
    // Only after `, ` (the comma alone is still being typed past).
    guard start > keyEnd + 1 else { return nil }
    let words = string(start..<offset)
    if let first = words.unicodeScalars.first, first.properties.numericType != nil { return nil }
    let lower = words.lowercased()
    if Self.locatorTerms.contains(where: { lower.hasPrefix($0) }) { return nil }
    let end = offset < bytes.count && bytes[offset] == 0x5D ? offset + 1 : offset
    return .highlight(key: string((open + 2)..<keyEnd), prefix: words, replace: open..<end)
  }

  /// On a blockquote line (`> words`, nested quotes too) whose words run up to the cursor with nothing after it: the
  /// place to quote a highlight of a source the note cites (docs/zotero.md). `words` (maybe empty) filter them; a
  /// line holding a citation, a link or a quotation mark, or starting with a dash (the citation line), is not one.
  /// The edit replaces the words typed; `linePrefix` is the line's `>` marks, for the citation line after them.
  func blockquoteHighlightPlace() -> CompletionContext? {
    var lineEnd = offset
    while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D {
      guard Self.isSpace(bytes[lineEnd]) else { return nil }
      lineEnd += 1
    }
    // Up to three spaces, then one or more `>` each with its optional space.
    var cursor = lineStart
    var indent = 0
    while cursor < offset, bytes[cursor] == 0x20, indent < 3 {
      cursor += 1
      indent += 1
    }
    var marks = 0
    while cursor < offset, bytes[cursor] == 0x3E {
      marks += 1
      cursor += 1
      if cursor < offset, Self.isSpace(bytes[cursor]) { cursor += 1 }
      while cursor < offset, Self.isSpace(bytes[cursor]) { cursor += 1 }
    }
    guard marks > 0 else { return nil }
    let words = bytes[cursor..<offset]
    // `[`, `]`, `@`, `"`, `“`/`”` (E2 80 9C/9D) and a leading dash (`-`, `—`, `–`) mean something else is written.
    if words.contains(where: { $0 == 0x5B || $0 == 0x5D || $0 == 0x40 || $0 == 0x22 || $0 == 0x60 }) { return nil }
    let text = string(cursor..<offset)
    if text.contains("“") || text.contains("”") { return nil }
    if let first = text.first, first == "-" || first == "—" || first == "–" { return nil }
    var prefix = string(lineStart..<cursor)
    if !(prefix.last.map { $0 == " " } ?? false) { prefix += " " }
    return .blockquoteHighlight(
      prefix: text, linePrefix: prefix, citedKey: citationLineKey(after: lineEnd), replace: cursor..<offset)
  }

  /// The key of the blockquote citation line (`> — [@key, p. 4]`) that starts after the line break at
  /// `lineEnd`, when the next line is one.
  func citationLineKey(after lineEnd: Int) -> String? {
    var cursor = lineEnd
    if cursor < bytes.count, bytes[cursor] == 0x0D { cursor += 1 }
    guard cursor < bytes.count, bytes[cursor] == 0x0A else { return nil }
    cursor += 1
    while cursor < bytes.count, Self.isSpace(bytes[cursor]) { cursor += 1 }
    guard cursor < bytes.count, bytes[cursor] == 0x3E else { return nil }
    // `>` marks and spaces, then dashes (`-`, and `—`/`–` as E2 80 94/93) and spaces.
    while cursor < bytes.count, bytes[cursor] == 0x3E || Self.isSpace(bytes[cursor]) { cursor += 1 }
    while cursor < bytes.count {
      if bytes[cursor] == 0x2D || Self.isSpace(bytes[cursor]) {
        cursor += 1
      } else if cursor + 2 < bytes.count, bytes[cursor] == 0xE2, bytes[cursor + 1] == 0x80,
        bytes[cursor + 2] == 0x94 || bytes[cursor + 2] == 0x93
      {
        cursor += 3
      } else {
        break
      }
    }
    guard cursor + 1 < bytes.count, bytes[cursor] == 0x5B, bytes[cursor + 1] == 0x40 else { return nil }
    var keyEnd = cursor + 2
    while keyEnd < bytes.count, Self.isKeyByte(bytes[keyEnd]) { keyEnd += 1 }
    while keyEnd > cursor + 2, Self.isKeyPunctuation(bytes[keyEnd - 1]) { keyEnd -= 1 }
    return keyEnd > cursor + 2 ? string((cursor + 2)..<keyEnd) : nil
  }

  /// Locator terms that start a locator rather than words of a highlight (`p. 4`, `pp. 4–5`, `chap. 2`, `sec. 3`).
  static let locatorTerms = [
    "p.", "pp.", "p ", "pp ", "page", "chap", "ch.", "sec", "§", "fig", "vol", "no.", "para", "l.", "ll.",
  ]
}

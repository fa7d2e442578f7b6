/// Scans for the completions that sit inside a value: section locators in citations, tags in front matter.
extension CompletionScanner {
  /// The section terms after which a source's headings are offered, longest first.
  private static let sectionLabels = ["sections", "section", "sects.", "sect.", "secs.", "sec.", "§§", "§"]

  /// `[@key, sec. prefix` or `[see @key, § prefix`: the cursor in a section locator's value.
  func sectionLocator() -> CompletionContext? {
    // Walk back to the item's start (`;` or `[`); a `]` or a blank line first means no open bracketed citation.
    var i = offset
    var itemStart: Int?
    var bracket: Int?
    let limit = max(0, offset - 600)
    while i > limit {
      let byte = bytes[i - 1]
      if byte == 0x5D { return nil }
      if byte == 0x0A, i >= 2, bytes[i - 2] == 0x0A || (bytes[i - 2] == 0x0D && i >= 3 && bytes[i - 3] == 0x0A) {
        return nil
      }
      if byte == 0x3B, itemStart == nil { itemStart = i }
      if byte == 0x5B {
        bracket = i
        break
      }
      i -= 1
    }
    guard let bracket else { return nil }
    let start = itemStart ?? bracket
    // The item's key: the first `@` at a word start.
    var at = start
    while at < offset, !(bytes[at] == 0x40 && (at == start || [0x20, 0x09, 0x2D, 0x0A].contains(bytes[at - 1]))) {
      at += 1
    }
    guard at < offset else { return nil }
    var keyEnd = at + 1
    while keyEnd < offset, Self.isKeyByte(bytes[keyEnd]) { keyEnd += 1 }
    while keyEnd > at + 1, Self.isKeyPunctuation(bytes[keyEnd - 1]) { keyEnd -= 1 }
    guard keyEnd > at + 1 else { return nil }
    var k = keyEnd
    while k < offset, Self.isSpace(bytes[k]) { k += 1 }
    guard k < offset, bytes[k] == 0x2C else { return nil }
    k += 1
    while k < offset, Self.isSpace(bytes[k]) { k += 1 }
    guard let label = Self.sectionLabels.first(where: { startsCaseInsensitive(with: $0, at: k) }) else { return nil }
    k += label.utf8.count
    var spaces = 0
    while k < offset, Self.isSpace(bytes[k]) {
      k += 1
      spaces += 1
    }
    // A word term needs a space before its value (`section2` is no locator); `sec.` and `§` do not.
    guard spaces > 0 || label.hasSuffix(".") || label.hasPrefix("§"), k <= offset else { return nil }
    for byte in bytes[k..<offset] where [0x2C, 0x3B, 0x22, 0x7B, 0x7D, 0x0A, 0x0D].contains(byte) { return nil }
    let end = runEnd { Self.isWordByte($0) || $0 == 0x2E || $0 == 0x2D }
    return .sourceHeading(key: string((at + 1)..<keyEnd), prefix: string(k..<offset), replace: k..<end)
  }

  /// A tag value in front matter: on the `tags:` line (flow list or comma string) or in a block list under it.
  func frontMatterTag() -> CompletionContext? {
    let start = runStart(Self.isTagByte)
    let valueStart = start > lineStart && bytes[start - 1] == 0x23 ? start - 1 : start
    if valueStart > lineStart {
      guard [0x20, 0x09, 0x5B, 0x2C, 0x3A, 0x22, 0x27].contains(bytes[valueStart - 1]) else { return nil }
    }
    var first = lineStart
    while first < offset, Self.isSpace(bytes[first]) { first += 1 }
    if first == lineStart, starts(with: "tags:", at: lineStart) {
      guard valueStart >= lineStart + 5 else { return nil }
    } else if first < offset, bytes[first] == 0x2D, first + 1 < bytes.count, Self.isSpace(bytes[first + 1]) {
      guard valueStart >= first + 2, isUnderTagsKey() else { return nil }
    } else {
      return nil
    }
    return .tag(prefix: string(start..<offset), replace: start..<runEnd(Self.isTagByte))
  }

  /// Whether the block list holding the cursor's line belongs to a `tags:` key with no value on its own line.
  private func isUnderTagsKey() -> Bool {
    var end = lineStart
    while end > 0 {
      // Step over the previous line ending (LF, CRLF or CR).
      var lineEnd = end - 1
      if bytes[lineEnd] == 0x0A, lineEnd > 0, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
      var start = lineEnd
      while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
      var first = start
      while first < lineEnd, Self.isSpace(bytes[first]) { first += 1 }
      if first == lineEnd { return false }
      if bytes[first] == 0x2D {
        end = start
        continue
      }
      guard first == start, starts(with: "tags:", at: start) else { return false }
      return bytes[(start + 5)..<lineEnd].allSatisfy(Self.isSpace)
    }
    return false
  }

  /// Whether `literal` (ASCII letters compared without case) is at `index`.
  func startsCaseInsensitive(with literal: String, at index: Int) -> Bool {
    var i = index
    for byte in literal.utf8 {
      guard i < bytes.count else { return false }
      let actual = (0x41...0x5A).contains(bytes[i]) ? bytes[i] + 0x20 : bytes[i]
      guard actual == byte else { return false }
      i += 1
    }
    return true
  }
}

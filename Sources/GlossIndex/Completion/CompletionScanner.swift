/// Byte-level scans around a completion cursor: what was typed before it on its line, and what continues after it.
struct CompletionScanner {
  /// The note's bytes.
  let bytes: [UInt8]
  /// The cursor.
  let offset: Int
  /// The start of the cursor's line.
  let lineStart: Int

  /// A scanner for the cursor at `offset` in `bytes`.
  init(bytes: [UInt8], offset: Int) {
    self.bytes = bytes
    self.offset = offset
    var start = offset
    while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
    lineStart = start
  }

  // MARK: Character classes

  /// Letters, digits, `_` and any non-ASCII byte (keys and tags may hold accented and CJK letters).
  static func isWordByte(_ byte: UInt8) -> Bool {
    byte >= 0x80 || byte == 0x5F || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
      || (0x61...0x7A).contains(byte)
  }

  /// Pandoc's internal key punctuation (`:.$%&-+?~/`; `#`, `<` and `>` left out, they mean other things here).
  static func isKeyPunctuation(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x3A, 0x2E, 0x24, 0x25, 0x26, 0x2D, 0x2B, 0x3F, 0x7E, 0x2F: return true
    default: return false
    }
  }

  static func isKeyByte(_ byte: UInt8) -> Bool { isWordByte(byte) || isKeyPunctuation(byte) }

  static func isTagByte(_ byte: UInt8) -> Bool { isWordByte(byte) || byte == 0x2D || byte == 0x2F }

  static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

  /// The start of the run of `predicate` bytes ending at the cursor.
  func runStart(_ predicate: (UInt8) -> Bool) -> Int {
    var start = offset
    while start > lineStart, predicate(bytes[start - 1]) { start -= 1 }
    return start
  }

  /// The end of the run of `predicate` bytes starting at the cursor (a key's trailing punctuation left out).
  func runEnd(_ predicate: (UInt8) -> Bool, trimmingPunctuation: Bool = false) -> Int {
    var end = offset
    while end < bytes.count, predicate(bytes[end]) { end += 1 }
    if trimmingPunctuation {
      while end > offset, Self.isKeyPunctuation(bytes[end - 1]) { end -= 1 }
    }
    return end
  }

  func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

  func starts(with literal: String, at index: Int) -> Bool {
    var i = index
    for byte in literal.utf8 {
      guard i < bytes.count, bytes[i] == byte else { return false }
      i += 1
    }
    return true
  }

  /// The Unicode scalar whose UTF-8 encoding ends right before `end`, nil when the bytes there are not one.
  func scalar(endingAt end: Int) -> Unicode.Scalar? {
    var start = end - 1
    while start > lineStart, end - start < 4, bytes[start] & 0xC0 == 0x80 { start -= 1 }
    var iterator = bytes[start..<end].makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
    return scalar
  }

  // MARK: Exclusions

  /// Whether the cursor is inside a code span or an HTML comment opened between `start` and the cursor.
  func isInCodeSpanOrComment(from start: Int) -> Bool {
    var i = start
    var openTicks = 0
    var inComment = false
    while i < offset {
      let byte = bytes[i]
      if inComment {
        if byte == 0x2D, starts(with: "-->", at: i) {
          inComment = false
          i += 3
        } else {
          i += 1
        }
        continue
      }
      if byte == 0x60 {
        var run = 0
        while i < bytes.count, bytes[i] == 0x60 {
          run += 1
          i += 1
        }
        // A run closes a span opened by a run of the same length; an unmatched opener still counts as code, since the
        // user is most likely typing the span's content.
        if openTicks == 0 {
          openTicks = run
        } else if run == openTicks {
          openTicks = 0
        }
        continue
      }
      if openTicks > 0 {
        i += 1
      } else if byte == 0x5C {
        i += 2
      } else if byte == 0x3C, starts(with: "<!--", at: i) {
        inComment = true
        i += 4
      } else {
        i += 1
      }
    }
    return openTicks > 0 || inComment
  }

  // MARK: Contexts

  /// `@prefix` in citation position: after `[`, `[-`, `; `, `[see `, or at a word start for in-text citations.
  func citationKey() -> CompletionContext? {
    let start = runStart(Self.isKeyByte)
    guard start > lineStart, bytes[start - 1] == 0x40 else { return nil }
    let at = start - 1
    if at > lineStart {
      let before = bytes[at - 1]
      switch before {
      case 0x5B, 0x28, 0x20, 0x09, 0x3B: break  // `[`, `(`, space, tab, `;`
      case 0x2D:  // `-@` suppresses the author only at an item's start.
        guard at - 1 == lineStart || [0x5B, 0x20, 0x09, 0x3B].contains(bytes[at - 2]) else { return nil }
      case 0x80...:  // After a non-ASCII character: a letter or digit makes an e-mail-like word, punctuation does not.
        guard let scalar = scalar(endingAt: at), !scalar.properties.isAlphabetic, scalar.properties.numericType == nil
        else { return nil }
      default: return nil
      }
    }
    // A key starts with a letter, digit or `_`, so anything typed must too.
    if start < offset, !Self.isWordByte(bytes[start]) { return nil }
    let end = runEnd(Self.isKeyByte, trimmingPunctuation: true)
    return .sourceKey(prefix: string(start..<offset), replace: start..<max(end, offset))
  }

  /// `#prefix` where a tag may start (docs/citations-and-quotations.md, "Tags": after the line start, white space or
  /// `(`).
  func inlineTag() -> CompletionContext? {
    let start = runStart(Self.isTagByte)
    guard start > lineStart, bytes[start - 1] == 0x23 else { return nil }
    let hash = start - 1
    if hash > lineStart {
      let before = bytes[hash - 1]
      guard Self.isSpace(before) || before == 0x28 else { return nil }
    }
    let end = runEnd(Self.isTagByte)
    return .tag(prefix: string(start..<offset), replace: start..<end)
  }

  /// Inside `[[…` on the cursor's line: a note, or after `#` one of its headings; nothing in the `|label` part.
  func wikiLink() -> CompletionContext? {
    guard let open = lastIndex(of: "[[", before: offset), lastIndex(of: "]]", before: offset).map({ $0 < open }) ?? true
    else { return nil }
    let contentStart = open + 2
    var hash: Int?
    for i in contentStart..<offset {
      switch bytes[i] {
      case 0x7C, 0x5B, 0x5D: return nil  // `|`, `[` or `]`
      case 0x23: hash = hash ?? i
      default: break
      }
    }
    // An existing link around the cursor: replace up to its `]]` (or `|` / `#`), and add no closing brackets.
    var end = offset
    var closed = false
    while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D {
      let byte = bytes[end]
      if byte == 0x5D || byte == 0x7C || (byte == 0x23 && hash == nil) {
        closed = byte == 0x7C || starts(with: "]]", at: end) || (byte == 0x23 && hasClosing(after: end))
        break
      }
      if byte == 0x5B { break }
      end += 1
    }
    if !closed { end = runEnd(Self.isWordByte) }
    if let hash {
      var headingStart = hash + 1
      // Obsidian names a heading by its parents: `[[note#Part#Section]]`; the last part is being typed.
      for i in (hash + 1)..<offset where bytes[i] == 0x23 { headingStart = i + 1 }
      return .wikiHeading(
        target: string(contentStart..<hash), prefix: string(headingStart..<offset), replace: headingStart..<end,
        closed: closed)
    }
    return .wikiTarget(prefix: string(contentStart..<offset), replace: contentStart..<end, closed: closed)
  }

  /// After `](target#` or `](#` on the cursor's line: a heading slug.
  func markdownAnchor() -> CompletionContext? {
    guard let targetStart = destinationStart() else { return nil }
    var hash: Int?
    for i in targetStart..<offset {
      switch bytes[i] {
      case 0x29, 0x20, 0x09, 0x3C, 0x3E: return nil  // `)`, white space or angle brackets: not this link's target
      case 0x23: hash = hash ?? i
      default: break
      }
    }
    guard let hash, !bytes[(hash + 1)..<offset].contains(0x23) else { return nil }
    let end = runEnd { Self.isWordByte($0) || $0 == 0x2D }
    return .markdownHeading(
      target: string(targetStart..<hash), prefix: string((hash + 1)..<offset), replace: (hash + 1)..<end)
  }

  /// After `](` (or a definition's `[label]: `) on the cursor's line, before any `#`: a note's path as a Markdown
  /// link destination. What it replaces runs from there to the first `)`, `#`, white space or angle bracket right
  /// of the cursor, so an anchor already written is kept.
  func markdownTarget() -> CompletionContext? {
    guard let targetStart = destinationStart() else { return nil }
    for i in targetStart..<offset {
      switch bytes[i] {
      case 0x29, 0x20, 0x09, 0x3C, 0x3E, 0x23: return nil  // `)`, white space, `<`, `>`, `#`: not a path being typed
      default: break
      }
    }
    var end = offset
    while end < bytes.count {
      switch bytes[end] {
      case 0x29, 0x20, 0x09, 0x3C, 0x3E, 0x23, 0x0A, 0x0D: break
      default:
        end += 1
        continue
      }
      break
    }
    return .markdownTarget(prefix: string(targetStart..<offset), replace: targetStart..<end)
  }

  /// Where the Markdown link destination the cursor is in starts: after `](` on the cursor's line, else after the
  /// `[label]:` (blanks and an opening `<` included) of a link reference definition written on it.
  func destinationStart() -> Int? {
    if let open = lastIndex(of: "](", before: offset) { return open + 2 }
    var index = lineStart
    // Block quote markers, list markers and indentation before the definition.
    while index < offset {
      let byte = bytes[index]
      if Self.isSpace(byte) || byte == UInt8(ascii: ">") {
        index += 1
      } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+"),
        index + 1 < offset, Self.isSpace(bytes[index + 1])
      {
        index += 2
      } else if (0x30...0x39).contains(byte) {
        var end = index
        while end < offset, (0x30...0x39).contains(bytes[end]) { end += 1 }
        guard end + 1 < offset, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")"),
          Self.isSpace(bytes[end + 1])
        else { return nil }
        index = end + 2
      } else {
        break
      }
    }
    guard index < offset, bytes[index] == UInt8(ascii: "["),
      let close = (index + 1..<offset).first(where: { bytes[$0] == UInt8(ascii: "]") }), close + 1 < offset,
      bytes[close + 1] == UInt8(ascii: ":")
    else { return nil }
    var start = close + 2
    while start < offset, Self.isSpace(bytes[start]) { start += 1 }
    if start < offset, bytes[start] == UInt8(ascii: "<") { start += 1 }
    return start
  }

  private func hasClosing(after index: Int) -> Bool {
    var i = index
    while i < bytes.count, bytes[i] != 0x0A, bytes[i] != 0x0D {
      if starts(with: "]]", at: i) { return true }
      if starts(with: "[[", at: i) { return false }
      i += 1
    }
    return false
  }

  /// The start of the last occurrence of the two-byte `pair` on the cursor's line before `limit`.
  func lastIndex(of pair: String, before limit: Int) -> Int? {
    let pairBytes = Array(pair.utf8)
    var i = limit - 2
    while i >= lineStart {
      if bytes[i] == pairBytes[0], bytes[i + 1] == pairBytes[1] { return i }
      i -= 1
    }
    return nil
  }
}

/// An editor buffer: valid UTF-8 bytes plus a table of where each line starts.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`, as LSP counts them; `""` has one line and `"a\n"` has two.
/// Every offset is a UTF-8 byte offset. Conversions to and from `TextPosition` clamp instead of failing
/// (see `SourceText+Positions.swift`), and `replace(_:with:)` keeps the line table current.
package struct SourceText: Sendable {
  /// The text as UTF-8; always valid, because invalid input is repaired when the text is made.
  package internal(set) var bytes: [UInt8]
  /// Whether the bytes this text was made from held invalid UTF-8, now replaced by U+FFFD.
  package let hasInvalidUTF8: Bool
  /// The offset where each line starts, ascending; the first is always 0.
  package internal(set) var lineStarts: [Int]

  /// A text holding `string`.
  package init(_ string: String) {
    self.bytes = Array(string.utf8)
    self.hasInvalidUTF8 = false
    self.lineStarts = Self.lineStarts(of: bytes)
  }

  /// A text holding `bytes`, with each invalid UTF-8 sequence replaced by U+FFFD (`hasInvalidUTF8` says so).
  package init(bytes: [UInt8]) {
    if Self.isValidUTF8(bytes) {
      self.bytes = bytes
      self.hasInvalidUTF8 = false
    } else {
      self.bytes = Array(String(decoding: bytes, as: UTF8.self).utf8)
      self.hasInvalidUTF8 = true
    }
    self.lineStarts = Self.lineStarts(of: self.bytes)
  }

  /// The text as a `String`, made anew on each call.
  package var string: String { String(decoding: bytes, as: UTF8.self) }

  /// The length of the text in UTF-8 bytes.
  package var count: Int { bytes.count }

  /// The number of lines: one more than the number of line terminators.
  package var lineCount: Int { lineStarts.count }

  /// The byte range of `line` without its terminator; a line before the first or past the last is clamped.
  package func lineRange(_ line: Int) -> Range<Int> {
    let line = min(max(line, 0), lineStarts.count - 1)
    let start = lineStarts[line]
    guard line + 1 < lineStarts.count else { return start..<bytes.count }
    let next = lineStarts[line + 1]
    // The terminator is `\r\n` when the line's last two bytes are those, else one byte.
    let terminator = next - 2 >= start && bytes[next - 1] == 0x0A && bytes[next - 2] == 0x0D ? 2 : 1
    return start..<(next - terminator)
  }

  /// The byte range of `line` with its terminator, if any; clamped like `lineRange(_:)`.
  package func lineRangeIncludingTerminator(_ line: Int) -> Range<Int> {
    let line = min(max(line, 0), lineStarts.count - 1)
    let end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
    return lineStarts[line]..<end
  }

  /// The zero-based line that holds `offset` (a terminator belongs to the line it ends); clamped to the text.
  package func line(containing offset: Int) -> Int {
    // The last line start at or before `offset`, by binary search.
    var low = 0
    var high = lineStarts.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle }
    }
    return low
  }

  /// The text in `range` (clamped to the text and rounded down to scalar boundaries) as a `String`.
  package func text(in range: Range<Int>) -> String {
    let lower = scalarBoundary(atOrBefore: range.lowerBound)
    let upper = max(lower, scalarBoundary(atOrBefore: range.upperBound))
    return String(decoding: bytes[lower..<upper], as: UTF8.self)
  }

  /// `offset` clamped to `0...count` and moved back to the start of the scalar it falls inside, if any.
  package func scalarBoundary(atOrBefore offset: Int) -> Int {
    var offset = min(max(offset, 0), bytes.count)
    // Valid UTF-8 has at most three continuation bytes in a row.
    while offset > 0 && offset < bytes.count && bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
    return offset
  }
}

extension SourceText: Hashable {
  /// Texts are equal when their bytes are, and both were or were not repaired.
  package static func == (lhs: SourceText, rhs: SourceText) -> Bool {
    lhs.hasInvalidUTF8 == rhs.hasInvalidUTF8 && lhs.bytes == rhs.bytes
  }

  /// Hashes the bytes and the repair flag, the parts equality compares.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(hasInvalidUTF8)
    hasher.combine(bytes)
  }
}

/// An editor buffer: valid UTF-8 bytes plus a table of where each line starts.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`, as LSP counts them; `""` has one line and `"a\n"` has two.
/// Every offset is a UTF-8 byte offset. Conversions to and from `TextPosition` clamp instead of failing
/// (see `SourceText+Positions.swift`), and `replace(_:with:)` keeps the line table current.
package struct SourceText: Sendable {
  /// The text as UTF-8; always valid, because invalid input is repaired when the text is made.
  package private(set) var bytes: [UInt8]
  /// Whether the bytes this text was made from held invalid UTF-8, now replaced by U+FFFD.
  package let hasInvalidUTF8: Bool
  /// The offset where each line starts, ascending; the first is always 0.
  package private(set) var lineStarts: [Int]

  /// A text holding `string`.
  package init(_ string: String) {
    self.bytes = Array(string.utf8)
    self.hasInvalidUTF8 = false
    self.lineStarts = Self.lineStarts(of: bytes)
  }

  /// A text holding `bytes`, with each invalid UTF-8 sequence replaced by U+FFFD (`hasInvalidUTF8` says so).
  package init(bytes: [UInt8]) {
    if UTF8Repair.isValid(bytes) {
      self.bytes = bytes
      self.hasInvalidUTF8 = false
    } else {
      self.bytes = Self.repaired(bytes)
      self.hasInvalidUTF8 = true
    }
    self.lineStarts = Self.lineStarts(of: self.bytes)
  }

  /// A text holding `bytes`, which the caller knows are valid UTF-8 (checked in debug builds).
  init(checkedUTF8 bytes: [UInt8]) {
    assert(UTF8Repair.isValid(bytes), "bytes given as checked UTF-8 are not valid UTF-8")
    self.bytes = bytes
    self.hasInvalidUTF8 = false
    self.lineStarts = Self.lineStarts(of: bytes)
  }

  /// The bytes `SourceText(bytes:)` would hold, without its line table: for text that is only parsed, not kept.
  package static func validBytes(_ bytes: [UInt8]) -> [UInt8] {
    UTF8Repair.isValid(bytes) ? bytes : repaired(bytes)
  }

  /// `bytes` with each invalid UTF-8 sequence replaced by U+FFFD.
  private static func repaired(_ bytes: [UInt8]) -> [UInt8] {
    Array(String(decoding: bytes, as: UTF8.self).utf8)
  }

  /// The text as a `String`, made anew on each call.
  package var string: String { String(decoding: bytes, as: UTF8.self) }

  /// The length of the text in UTF-8 bytes.
  package var count: Int { bytes.count }

  /// The number of lines: one more than the number of line terminators.
  package var lineCount: Int { lineStarts.count }

  /// Replaces the bytes in `range` with `replacement`, updating the line table from the edit on.
  ///
  /// `range` is clamped to the text and each end rounded down to a scalar boundary, so the text stays valid
  /// UTF-8. Line starts before the edit are kept, those inside it are found by scanning the new bytes, and
  /// those after it are shifted: the cost is the replacement's length plus the lines that follow.
  /// Returns the range replaced, after clamping and rounding.
  @discardableResult
  package mutating func replace(_ range: Range<Int>, with replacement: String) -> Range<Int> {
    let lower = scalarBoundary(atOrBefore: range.lowerBound)
    let upper = max(lower, scalarBoundary(atOrBefore: range.upperBound))
    let inserted = Array(replacement.utf8)
    bytes.replaceSubrange(lower..<upper, with: inserted)
    let delta = inserted.count - (upper - lower)
    let newUpper = lower + inserted.count

    // Whether `s` starts a line depends only on the bytes at `s - 1` and `s`. So line starts below `lower`
    // are unchanged, those in `lower...newUpper` must be recomputed, and those past `newUpper` are the old
    // ones past `upper`, shifted by `delta`.
    let firstChanged = lineStartIndex(atOrAfter: max(lower, 1))
    let firstKept = lineStartIndex(atOrAfter: upper + 1, from: firstChanged)
    var fresh: [Int] = []
    bytes.withUnsafeBufferPointer { buffer in
      let count = buffer.count
      var start = max(lower, 1)
      while start <= newUpper {
        defer { start += 1 }
        let previous = buffer[start - 1]
        if previous == 0x0A || (previous == 0x0D && (start == count || buffer[start] != 0x0A)) {
          fresh.append(start)
        }
      }
    }
    lineStarts.replaceSubrange(firstChanged..<firstKept, with: fresh)
    if delta != 0 {
      for index in (firstChanged + fresh.count)..<lineStarts.count { lineStarts[index] += delta }
    }
    return lower..<upper
  }

  /// The index in `lineStarts` of the first line start at or after `offset` (`lineStarts.count` if none).
  private func lineStartIndex(atOrAfter offset: Int, from low: Int = 0) -> Int {
    lineStarts[low...].partitioningIndex { $0 >= offset }
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

/// What a text's positions need of it, without its bytes: where each line starts, where each multi-byte scalar
/// starts (and its length), and where a `\r\n` terminator sits. A text released from memory keeps one, so that a
/// UTF-8 offset in it converts to a line and column in any `PositionEncoding` without reading the text again.
///
/// `position(of:in:)` gives exactly what `SourceText.position(of:in:)` gives for the text the table was made from
/// (clamped, rounded down inside a scalar or between `\r` and `\n`). A table costs four bytes per line, five per
/// multi-byte scalar and four per `\r\n`: a few percent of a note's text.
package struct PositionTable: Sendable, Equatable {
  /// The length of the text in bytes.
  package let count: Int
  /// Where each line starts, ascending; the first is 0.
  private let lineStarts: [UInt32]
  /// Where each multi-byte scalar starts (its lead byte), ascending, and its length in bytes (2, 3 or 4).
  private let wideStarts: [UInt32]
  private let wideLengths: [UInt8]
  /// The offset of the `\n` of each `\r\n` terminator, ascending.
  private let crlfNewlines: [UInt32]

  /// The table of `bytes` (valid UTF-8, as a `SourceText` holds it); nil for a text too long for 32-bit offsets.
  package init?(_ bytes: [UInt8]) {
    guard bytes.count < Int(UInt32.max) else { return nil }
    count = bytes.count
    var lines: [UInt32] = [0]
    var starts: [UInt32] = []
    var lengths: [UInt8] = []
    var crlf: [UInt32] = []
    bytes.withUnsafeBytes { buffer in
      let count = buffer.count
      var index = 0
      while index < count {
        // Eight bytes at once while none is a terminator (below 0x0E) or outside ASCII (high bit set).
        if index + 8 <= count {
          let word = buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self)
          if ((word &- Self.lowBits &* 0x0E) & ~word | word) & Self.highBits == 0 {
            index += 8
            continue
          }
        }
        let byte = buffer[index]
        if byte >= 0xC0 {
          let length: UInt8 = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
          starts.append(UInt32(index))
          lengths.append(length)
          index += Int(length)
          continue
        }
        index += 1
        if byte == 0x0A {
          lines.append(UInt32(index))
        } else if byte == 0x0D {
          if index < count && buffer[index] == 0x0A {
            crlf.append(UInt32(index))
            index += 1
          }
          lines.append(UInt32(index))
        }
      }
    }
    lineStarts = lines
    wideStarts = starts
    wideLengths = lengths
    crlfNewlines = crlf
  }

  /// A table kept apart from its text (`parts`, read back): nil unless the parts are those of some text of `count`
  /// bytes (the first line at 0, every list ascending and inside the text, a length of 2 to 4 bytes for each
  /// multi-byte scalar).
  package init?(
    count: Int, lineStarts: [UInt32], wideStarts: [UInt32], wideLengths: [UInt8], crlfNewlines: [UInt32]
  ) {
    guard count >= 0, count < Int(UInt32.max), lineStarts.first == 0, wideStarts.count == wideLengths.count,
      Self.ascends(lineStarts, upTo: count), Self.ascends(wideStarts, upTo: count),
      Self.ascends(crlfNewlines, upTo: count), wideLengths.allSatisfy({ (2...4).contains($0) })
    else { return nil }
    self.count = count
    self.lineStarts = lineStarts
    self.wideStarts = wideStarts
    self.wideLengths = wideLengths
    self.crlfNewlines = crlfNewlines
  }

  /// What the table is made of, to keep it apart from its text (`init?(count:lineStarts:…)` reads it back).
  package var parts: (lineStarts: [UInt32], wideStarts: [UInt32], wideLengths: [UInt8], crlfNewlines: [UInt32]) {
    (lineStarts, wideStarts, wideLengths, crlfNewlines)
  }

  /// Whether `values` strictly ascend and none is past `count`.
  private static func ascends(_ values: [UInt32], upTo count: Int) -> Bool {
    var previous: Int = -1
    for value in values {
      guard Int(value) > previous, Int(value) <= count else { return false }
      previous = Int(value)
    }
    return true
  }

  /// The number of lines: one more than the number of line terminators.
  package var lineCount: Int { lineStarts.count }

  /// The position of `offset`, its column counted in units of `encoding`; clamped, never fails.
  package func position(of offset: Int, in encoding: PositionEncoding) -> TextPosition {
    var offset = min(max(offset, 0), count)
    // Inside a multi-byte scalar means at its start.
    let wide = Self.firstIndex(in: wideStarts, above: offset) - 1
    if wide >= 0, offset < Int(wideStarts[wide]) + Int(wideLengths[wide]) { offset = Int(wideStarts[wide]) }
    // Between the `\r` and `\n` of one terminator means the end of the line, before the `\r`.
    if offset < count, Self.contains(crlfNewlines, offset) { offset -= 1 }
    let line = Self.firstIndex(in: lineStarts, above: offset) - 1
    let start = Int(lineStarts[line])
    var column = offset - start
    if encoding != .utf8 {
      var index = Self.firstIndex(in: wideStarts, atOrAbove: start)
      while index < wideStarts.count, Int(wideStarts[index]) < offset {
        let length = Int(wideLengths[index])
        column -= length - (encoding == .utf16 && length == 4 ? 2 : 1)
        index += 1
      }
    }
    return TextPosition(line: line, column: column)
  }

  /// The positions of the two ends of `range`; clamped like `position(of:in:)`.
  package func positions(of range: Range<Int>, in encoding: PositionEncoding) -> (
    start: TextPosition, end: TextPosition
  ) {
    (position(of: range.lowerBound, in: encoding), position(of: range.upperBound, in: encoding))
  }

  /// The index of the first element of `values` greater than `offset` (`values.count` if none).
  private static func firstIndex(in values: [UInt32], above offset: Int) -> Int {
    firstIndex(in: values, atOrAbove: offset + 1)
  }

  /// The index of the first element of `values` at or above `offset` (`values.count` if none).
  private static func firstIndex(in values: [UInt32], atOrAbove offset: Int) -> Int {
    values.partitioningIndex { Int($0) >= offset }
  }

  /// Whether the ascending `values` hold `offset`.
  private static func contains(_ values: [UInt32], _ offset: Int) -> Bool {
    let index = firstIndex(in: values, atOrAbove: offset)
    return index < values.count && Int(values[index]) == offset
  }

  private static let highBits: UInt64 = 0x8080_8080_8080_8080
  private static let lowBits: UInt64 = 0x0101_0101_0101_0101
}

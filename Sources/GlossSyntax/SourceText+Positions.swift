/// Conversions between UTF-8 offsets and line/column positions, in any `PositionEncoding`.
///
/// Both directions are total: a column past the end of its line clamps to the line's end (before the
/// terminator), a line past the last clamps to the end of the text, a negative line or column to the start,
/// and an offset inside a multi-byte scalar or between `\r` and `\n` rounds down. Each costs a binary search
/// over the line table plus one scan of the line's bytes, never of the whole text.
extension SourceText {
  /// The UTF-8 offset of `position`, whose column counts units of `encoding`; clamped, never fails.
  package func offset(of position: TextPosition, in encoding: PositionEncoding) -> Int {
    if position.line < 0 { return 0 }
    if position.line >= lineStarts.count { return bytes.count }
    let range = lineRange(position.line)
    if position.column <= 0 { return range.lowerBound }
    if encoding == .utf8 {
      return scalarBoundary(atOrBefore: range.lowerBound + min(position.column, range.count))
    }
    return bytes.withUnsafeBufferPointer { buffer in
      var index = range.lowerBound
      var units = 0
      while index < range.upperBound {
        let lead = buffer[index]
        let width = encoding.units(forUTF8Byte: lead)
        // A column inside a scalar (the middle of a surrogate pair) rounds down to the scalar's start.
        if units + width > position.column { break }
        units += width
        index += Self.scalarLength(lead: lead)
      }
      return min(index, range.upperBound)
    }
  }

  /// The position of `offset`, its column counted in units of `encoding`; clamped, never fails.
  package func position(of offset: Int, in encoding: PositionEncoding) -> TextPosition {
    var offset = scalarBoundary(atOrBefore: offset)
    // Between the `\r` and `\n` of one terminator means the end of the line, before the `\r`.
    if offset > 0 && offset < bytes.count && bytes[offset] == 0x0A && bytes[offset - 1] == 0x0D {
      offset -= 1
    }
    let line = line(containing: offset)
    let start = lineStarts[line]
    return TextPosition(line: line, column: units(in: start..<offset, encoding: encoding))
  }

  /// The offsets between `start` and `end`, in order even when the positions are not; clamped like `offset(of:in:)`.
  package func range(from start: TextPosition, to end: TextPosition, in encoding: PositionEncoding) -> Range<Int> {
    let lower = offset(of: start, in: encoding)
    let upper = offset(of: end, in: encoding)
    return min(lower, upper)..<max(lower, upper)
  }

  /// The positions of the two ends of `range`, columns in units of `encoding`; clamped like `position(of:in:)`.
  package func positions(of range: Range<Int>, in encoding: PositionEncoding) -> (
    start: TextPosition, end: TextPosition
  ) {
    (position(of: range.lowerBound, in: encoding), position(of: range.upperBound, in: encoding))
  }

  /// The length of `range` (already clamped to the text) in units of `encoding`.
  package func units(in range: Range<Int>, encoding: PositionEncoding) -> Int {
    let lower = min(max(range.lowerBound, 0), bytes.count)
    let upper = min(max(range.upperBound, lower), bytes.count)
    switch encoding {
    case .utf8:
      return upper - lower
    case .utf16, .utf32:
      return bytes.withUnsafeBufferPointer { buffer in
        var units = 0
        for index in lower..<upper { units += encoding.units(forUTF8Byte: buffer[index]) }
        return units
      }
    }
  }

  /// The number of bytes in the UTF-8 sequence that `lead` starts (1 for a stray continuation byte).
  @inline(__always)
  static func scalarLength(lead: UInt8) -> Int {
    if lead < 0xC0 { return 1 }
    if lead < 0xE0 { return 2 }
    if lead < 0xF0 { return 3 }
    return 4
  }
}

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
    return bytes.withUnsafeBytes { buffer in
      Self.offset(ofColumn: position.column, in: buffer, range, encoding: encoding)
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

  /// The length of `range` (clamped to the text) in units of `encoding`, each scalar counted at its lead byte.
  package func units(in range: Range<Int>, encoding: PositionEncoding) -> Int {
    let lower = min(max(range.lowerBound, 0), bytes.count)
    let upper = min(max(range.upperBound, lower), bytes.count)
    return bytes.withUnsafeBytes { buffer in Self.units(in: buffer, lower..<upper, encoding: encoding) }
  }

  /// Replaces the text between two positions (as in an LSP `didChange` event) with `replacement`.
  package mutating func replace(
    from start: TextPosition, to end: TextPosition, in encoding: PositionEncoding, with replacement: String
  ) {
    replace(range(from: start, to: end, in: encoding), with: replacement)
  }
}

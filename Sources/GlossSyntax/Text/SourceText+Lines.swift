/// Lines and byte ranges of a `SourceText`, each clamped to the text.
extension SourceText {
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
    // The last line start at or before `offset` (the first line for an offset before the text).
    max(0, lineStarts.partitioningIndex { $0 > offset } - 1)
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

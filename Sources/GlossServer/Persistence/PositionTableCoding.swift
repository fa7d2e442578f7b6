import GlossSyntax

/// A note's position table (`PositionTable`) as bytes, kept in the note image after the note's record, so that a
/// restart that takes the note from the image without reading its file can still turn the note's offsets into lines
/// and columns (references to a key cited across the workspace) without reading it then.
///
/// The line starts after the first (which is 0), the starts of the multi-byte scalars and the `\n` of each `\r\n`,
/// each list as its count then the gaps between its values as varints; then the scalars' lengths, one byte each. The
/// text's length is the note's stamp's, written before.
enum PositionTableCoding {
  /// Writes `table`.
  static func encode(_ table: PositionTable, into out: inout ByteWriter) {
    let parts = table.parts
    appendAscending(parts.lineStarts.dropFirst(), into: &out)
    appendAscending(parts.wideStarts[...], into: &out)
    appendAscending(parts.crlfNewlines[...], into: &out)
    out.appendRaw(parts.wideLengths)
  }

  /// Reads a table `encode` wrote for a text of `count` bytes; nil when the bytes are not such a table.
  static func decode(_ input: inout ByteReader, count: Int) -> PositionTable? {
    guard let lines = ascending(&input, after: [0]), let wide = ascending(&input), let crlf = ascending(&input),
      let lengths = input.raw(wide.count)
    else { return nil }
    return PositionTable(
      count: count, lineStarts: lines, wideStarts: wide, wideLengths: Array(lengths.buffer), crlfNewlines: crlf)
  }

  /// Appends the ascending `values` as their count, then the gap from each to the one before (from 0 for the first:
  /// the line starts' first, left out, is 0).
  private static func appendAscending(_ values: ArraySlice<UInt32>, into out: inout ByteWriter) {
    out.appendVarint(values.count)
    var previous: UInt32 = 0
    for value in values {
      out.appendVarint(Int(value &- previous))
      previous = value
    }
  }

  /// The values `appendAscending` wrote, after `first` (the value left out before them, 0, or none); nil when cut
  /// short or past 32 bits.
  private static func ascending(_ input: inout ByteReader, after first: [UInt32] = []) -> [UInt32]? {
    guard let count = input.varintCount() else { return nil }
    var values = first
    values.reserveCapacity(first.count + count)
    var previous = UInt64(first.last ?? 0)
    for _ in 0..<count {
      guard let gap = input.varint(), gap <= UInt64(UInt32.max) - previous else { return nil }
      previous += gap
      values.append(UInt32(previous))
    }
    return values
  }
}

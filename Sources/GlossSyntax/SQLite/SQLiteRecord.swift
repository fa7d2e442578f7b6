/// The values of an SQLite record: a header (its size as a varint, then one serial type per value) and a body.
/// Serial types: 0 NULL; 1–6 big-endian integers of 1, 2, 3, 4, 6 and 8 bytes; 7 an IEEE 754 double; 8 and 9 the
/// integers 0 and 1 (a NaN is read as NULL, as SQLite reads it); even N ≥ 12 a blob of (N−12)/2 bytes; odd N ≥ 13 a text of (N−13)/2 bytes. 10 and 11 are
/// reserved: a record holding them is damaged.
enum SQLiteRecord {
  /// The values of `payload`, or nil when it is damaged (a header or a value that runs past the end).
  static func values(_ payload: ArraySlice<UInt8>, encoding: SQLiteTextEncoding) -> [SQLiteValue]? {
    guard let (headerSize, first) = SQLiteBytes.varint(payload, at: 0), headerSize <= UInt64(payload.count) else {
      return nil
    }
    let headerEnd = Int(headerSize)
    var header = first
    var body = headerEnd
    var values: [SQLiteValue] = []
    values.reserveCapacity(min(headerEnd, 64))
    while header < headerEnd {
      guard let (type, length) = SQLiteBytes.varint(payload, at: header), header + length <= headerEnd else {
        return nil
      }
      header += length
      guard let (value, size) = value(of: type, in: payload, at: body, encoding: encoding) else { return nil }
      values.append(value)
      body += size
    }
    return values
  }

  /// The value of serial type `type` at `offset` and its size in the body.
  @inline(__always)
  private static func value(
    of type: UInt64, in payload: ArraySlice<UInt8>, at offset: Int, encoding: SQLiteTextEncoding
  ) -> (SQLiteValue, Int)? {
    switch type {
    case 0: return (.null, 0)
    case 1...6:
      let size = type < 5 ? Int(type) : type == 5 ? 6 : 8
      guard let raw = SQLiteBytes.integer(payload, at: offset, count: size) else { return nil }
      let shift = UInt64(64 - 8 * size)
      return (.integer(Int64(bitPattern: raw << shift) >> Int64(shift)), size)
    case 7:
      guard let raw = SQLiteBytes.integer(payload, at: offset, count: 8) else { return nil }
      // SQLite reads a NaN as NULL (it never stores one).
      let real = Double(bitPattern: raw)
      return (real.isNaN ? .null : .real(real), 8)
    case 8: return (.integer(0), 0)
    case 9: return (.integer(1), 0)
    case 10, 11: return nil
    default:
      let size = (type - 12) / 2
      guard offset <= payload.count, size <= UInt64(payload.count - offset) else { return nil }
      let start = payload.startIndex + offset
      let bytes = payload[start..<start + Int(size)]
      return (type & 1 == 0 ? .blob(Array(bytes)) : .text(encoding.decode(bytes)), Int(size))
    }
  }
}

/// Big-endian integers and SQLite varints read from bytes, at offsets relative to the start of a slice; nil when
/// the bytes end too soon.
enum SQLiteBytes {
  /// The unsigned big-endian integer of `count` bytes (at most 8) at `offset`.
  @inline(__always)
  static func integer(_ bytes: ArraySlice<UInt8>, at offset: Int, count: Int) -> UInt64? {
    let start = bytes.startIndex + offset
    guard offset >= 0, count <= bytes.endIndex - start else { return nil }
    var value: UInt64 = 0
    for index in start..<start + count { value = value << 8 | UInt64(bytes[index]) }
    return value
  }

  /// The 2-byte big-endian integer at `offset`.
  @inline(__always)
  static func uint16(_ bytes: ArraySlice<UInt8>, at offset: Int) -> Int? {
    integer(bytes, at: offset, count: 2).map { Int($0) }
  }

  /// The 4-byte big-endian integer at `offset`.
  @inline(__always)
  static func uint32(_ bytes: ArraySlice<UInt8>, at offset: Int) -> Int? {
    integer(bytes, at: offset, count: 4).map { Int($0) }
  }

  /// The varint at `offset` (1 to 9 bytes: seven bits from each byte whose high bit is set, all eight bits of a
  /// ninth) and its length.
  @inline(__always)
  static func varint(_ bytes: ArraySlice<UInt8>, at offset: Int) -> (value: UInt64, length: Int)? {
    var index = bytes.startIndex + offset
    guard offset >= 0 else { return nil }
    var value: UInt64 = 0
    for length in 1...9 {
      guard index < bytes.endIndex else { return nil }
      let byte = bytes[index]
      if length == 9 { return (value << 8 | UInt64(byte), 9) }
      value = value << 7 | UInt64(byte & 0x7F)
      if byte < 0x80 { return (value, length) }
      index += 1
    }
    return nil
  }
}

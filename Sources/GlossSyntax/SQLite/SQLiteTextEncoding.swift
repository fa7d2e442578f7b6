/// How a database stores its text (header offset 56): 1 is UTF-8, 2 UTF-16 little-endian, 3 UTF-16 big-endian.
enum SQLiteTextEncoding: Sendable {
  case utf8, utf16LittleEndian, utf16BigEndian

  /// The encoding of a header's value; anything else is read as UTF-8.
  init(header value: Int) {
    switch value {
    case 2: self = .utf16LittleEndian
    case 3: self = .utf16BigEndian
    default: self = .utf8
    }
  }

  /// The text of `bytes`; invalid sequences become U+FFFD, an odd last byte of UTF-16 is dropped.
  func decode(_ bytes: ArraySlice<UInt8>) -> String {
    switch self {
    case .utf8:
      return String(decoding: bytes, as: UTF8.self)
    case .utf16LittleEndian, .utf16BigEndian:
      let little = self == .utf16LittleEndian
      var units: [UInt16] = []
      units.reserveCapacity(bytes.count / 2)
      var index = bytes.startIndex
      while index + 1 < bytes.endIndex {
        let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
        units.append(little ? second << 8 | first : first << 8 | second)
        index += 2
      }
      return String(decoding: units, as: UTF16.self)
    }
  }
}

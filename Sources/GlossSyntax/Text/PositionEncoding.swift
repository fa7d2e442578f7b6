/// The unit a `TextPosition`'s column counts, as negotiated with the client (LSP `positionEncodings`).
package enum PositionEncoding: String, Sendable, CaseIterable {
  /// Columns count UTF-8 bytes.
  case utf8 = "utf-8"
  /// Columns count UTF-16 code units: a scalar outside the Basic Multilingual Plane counts 2.
  case utf16 = "utf-16"
  /// Columns count Unicode scalars.
  case utf32 = "utf-32"
}

extension PositionEncoding {
  /// The number of code units in this encoding of the scalar whose UTF-8 form starts with `leadByte`.
  ///
  /// A continuation byte counts 0, so summing over every byte of valid UTF-8 gives the text's length.
  @inline(__always)
  package func units(forUTF8Byte byte: UInt8) -> Int {
    switch self {
    case .utf8: return 1
    case .utf16: return byte & 0xC0 == 0x80 ? 0 : (byte >= 0xF0 ? 2 : 1)
    case .utf32: return byte & 0xC0 == 0x80 ? 0 : 1
    }
  }
}

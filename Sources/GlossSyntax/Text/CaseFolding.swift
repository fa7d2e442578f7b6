/// Lowercasing that keeps every byte offset: each scalar whose lowercase form is one scalar of the same UTF-8
/// length is replaced by it, everything else is kept.
///
/// A search indexes the folded copy of a text and reports offsets in the original: they are the same offsets.
/// Nearly every cased letter folds this way (ASCII, Latin with Vietnamese, Greek, Cyrillic); the few that change
/// length (`İ`, the Kelvin sign) stay as they are, and are then found only as written.
package enum CaseFolding {
  /// `bytes` with every cased letter that can be lowered in place lowered (invalid UTF-8 is kept as it is).
  package static func folded(_ bytes: [UInt8]) -> [UInt8] {
    // Most texts are mostly ASCII: a first pass finds whether anything is cased at all.
    var out = bytes
    out.withUnsafeMutableBufferPointer { p in
      let n = p.count
      var i = 0
      while i < n {
        let b = p[i]
        if b < 0x80 {
          if b &- 0x41 < 26 { p[i] = b | 0x20 }
          i += 1
          continue
        }
        let (v, length) = QuoteScalar.decode(UnsafeBufferPointer(p), i)
        if let lower = lowercase(v, length: length) { write(lower, length: length, into: p, at: i) }
        i += length
      }
    }
    return out
  }

  /// The string folded as `folded(_:)` folds bytes.
  package static func folded(_ string: String) -> String {
    String(decoding: folded(Array(string.utf8)), as: UTF8.self)
  }

  /// The lowercase of `v` when it is another single scalar of `length` UTF-8 bytes.
  private static func lowercase(_ v: UInt32, length: Int) -> UInt32? {
    // Kana, CJK ideographs, Yi and Hangul have no case (asking Unicode's properties per scalar was most of folding a
    // Chinese or Japanese text).
    if (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v)
      || (0x20000...0x3FFFF).contains(v)
    {
      return nil
    }
    if v < UInt32(table.count) {
      let lower = table[Int(v)]
      return lower == 0 ? nil : lower
    }
    return computeLowercase(v, length: length)
  }

  /// The in-place lowercase of every scalar below U+2200 (0 when there is none), looked up rather than worked out
  /// from Unicode properties each time.
  private static let table: [UInt32] = (0..<0x2200).map { v in
    guard let scalar = Unicode.Scalar(UInt32(v)) else { return 0 }
    return computeLowercase(UInt32(v), length: String(scalar).utf8.count) ?? 0
  }

  private static func computeLowercase(_ v: UInt32, length: Int) -> UInt32? {
    guard let scalar = Unicode.Scalar(v), scalar.properties.changesWhenLowercased else { return nil }
    let mapped = scalar.properties.lowercaseMapping.unicodeScalars
    guard mapped.count == 1, let lower = mapped.first, String(lower).utf8.count == length else { return nil }
    return lower.value
  }

  private static func write(_ v: UInt32, length: Int, into p: UnsafeMutableBufferPointer<UInt8>, at i: Int) {
    switch length {
    case 2:
      p[i] = UInt8(0xC0 | (v >> 6))
      p[i + 1] = UInt8(0x80 | (v & 0x3F))
    case 3:
      p[i] = UInt8(0xE0 | (v >> 12))
      p[i + 1] = UInt8(0x80 | ((v >> 6) & 0x3F))
      p[i + 2] = UInt8(0x80 | (v & 0x3F))
    default:
      p[i] = UInt8(0xF0 | (v >> 18))
      p[i + 1] = UInt8(0x80 | ((v >> 12) & 0x3F))
      p[i + 2] = UInt8(0x80 | ((v >> 6) & 0x3F))
      p[i + 3] = UInt8(0x80 | (v & 0x3F))
    }
  }
}

/// A 64-bit fingerprint of bytes: tells whether a file read again still holds the bytes that were indexed.
///
/// Not a cryptographic hash: it guards against edits made since, not against bytes crafted to collide. It reads
/// eight bytes at a time, so that fingerprinting every source text costs a few milliseconds.
package enum TextFingerprint {
  /// The fingerprint of `bytes` (their length is part of it).
  package static func of(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBytes { buffer in
      let multiplier: UInt64 = 0xFF51_AFD7_ED55_8CCD
      var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(buffer.count)
      var index = 0
      while index + 8 <= buffer.count {
        hash = (hash ^ buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* multiplier
        hash ^= hash >> 32
        index += 8
      }
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while index < buffer.count {
        tail |= UInt64(buffer[index]) << shift
        shift += 8
        index += 1
      }
      hash = (hash ^ tail) &* multiplier
      return hash ^ (hash >> 29)
    }
  }
}

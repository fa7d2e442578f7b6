/// Finding line ends eight bytes at a time: the block parser and the source documents' line scans read every byte
/// of a workspace's text, and a byte-at-a-time loop there was a few per cent of a cold start.
package enum LineTerminators {
  /// 1 in every byte.
  private static let lowBits: UInt64 = 0x0101_0101_0101_0101
  /// Bit 7 of every byte.
  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// The offset of the first `\n` or `\r` in `buffer` at or after `start`; `buffer.count` (or `start`, when it is
  /// past the end) when there is none.
  @inline(__always)
  package static func first(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let count = buffer.count
    var index = start
    if let base = buffer.baseAddress {
      let raw = UnsafeRawPointer(base)
      while index >= 0, index + 8 <= count {
        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        // A byte of `word ^ pattern` is zero where `word` has that byte; `(v - 1…) & ~v & 0x80…` is non-zero
        // exactly when some byte of `v` is zero.
        let lf = word ^ 0x0A0A_0A0A_0A0A_0A0A
        let cr = word ^ 0x0D0D_0D0D_0D0D_0D0D
        if ((lf &- lowBits) & ~lf | (cr &- lowBits) & ~cr) & highBits != 0 { break }
        index += 8
      }
    }
    while index < count && buffer[index] != 0x0A && buffer[index] != 0x0D { index += 1 }
    return index
  }
}

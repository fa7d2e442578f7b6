/// Byte scanners behind `SourceText`: line starts and code-unit counts, eight bytes at a time where they can be.
///
/// The word tricks below treat a `UInt64` as eight bytes; each byte keeps its bits together in the word
/// whatever the machine's byte order, so masks and population counts mean the same on every platform.
extension SourceText {
  /// Bit 7 of every byte.
  private static let highBits: UInt64 = 0x8080_8080_8080_8080
  /// 1 in every byte.
  private static let lowBits: UInt64 = 0x0101_0101_0101_0101

  /// The line starts of `bytes`: 0, then every offset just after a `\n`, a `\r\n` or a lone `\r`.
  static func lineStarts(of bytes: [UInt8]) -> [Int] {
    var starts = [0]
    bytes.withUnsafeBytes { buffer in
      let count = buffer.count
      var index = 0
      while index < count {
        // Skip eight bytes at once while none of them is below 0x0E (so neither `\n` nor `\r`).
        if index + 8 <= count {
          let word = buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self)
          if (word &- lowBits &* 0x0E) & ~word & highBits == 0 {
            index += 8
            continue
          }
        }
        let byte = buffer[index]
        index += 1
        if byte == 0x0A {
          starts.append(index)
        } else if byte == 0x0D {
          if index < count && buffer[index] == 0x0A { index += 1 }
          starts.append(index)
        }
      }
    }
    return starts
  }

  /// How many code units of `encoding` the UTF-8 bytes in `range` (within the text) hold.
  ///
  /// Each scalar is counted at its lead byte, so a range that starts or ends inside a scalar counts it whole
  /// or not at all.
  static func units(in buffer: UnsafeRawBufferPointer, _ range: Range<Int>, encoding: PositionEncoding) -> Int {
    if encoding == .utf8 { return range.count }
    var units = 0
    var index = range.lowerBound
    while index + 8 <= range.upperBound {
      units += wordUnits(buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self), encoding)
      index += 8
    }
    while index < range.upperBound {
      units += encoding.units(forUTF8Byte: buffer[index])
      index += 1
    }
    return units
  }

  /// The code units of `encoding` counted at the lead bytes among the eight bytes of `word`.
  @inline(__always)
  static func wordUnits(_ word: UInt64, _ encoding: PositionEncoding) -> Int {
    // A continuation byte is 10xxxxxx: bit 7 set and bit 6 clear; it counts nothing.
    let continuations = countHighBits(word & ~(word << 1) & highBits)
    let scalars = 8 - continuations
    guard encoding == .utf16 else { return scalars }
    // A four-byte lead is 11110xxx: bits 7 to 4 set; its scalar is a surrogate pair in UTF-16.
    let fourByteLeads = countHighBits(word & (word << 1) & (word << 2) & (word << 3) & highBits)
    return scalars + fourByteLeads
  }

  /// How many bytes of `mask` (which has no bit set but bit 7 of a byte) have bit 7 set.
  @inline(__always)
  private static func countHighBits(_ mask: UInt64) -> Int {
    // Each byte becomes 0 or 1; multiplying by 0x0101… sums them into the top byte. This beats
    // `nonzeroBitCount`, which is a software routine on x86-64 builds without POPCNT.
    Int(truncatingIfNeeded: ((mask >> 7) &* lowBits) >> 56)
  }

  /// The offset in `range` where `column` code units of `encoding` end, rounded down to a scalar boundary.
  static func offset(
    ofColumn column: Int, in buffer: UnsafeRawBufferPointer, _ range: Range<Int>, encoding: PositionEncoding
  ) -> Int {
    var index = range.lowerBound
    var units = 0
    // Whole words first, while the next word cannot reach the column: a lead byte inside it adds at most
    // its scalar's width, so a word whose units keep the total at or below the column is passed whole.
    while index + 8 <= range.upperBound {
      let next = units + wordUnits(buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self), encoding)
      if next > column { break }
      units = next
      index += 8
    }
    // Then scalar by scalar; continuation bytes left over from the last word count nothing.
    while index < range.upperBound {
      let lead = buffer[index]
      let width = encoding.units(forUTF8Byte: lead)
      // A column inside a scalar (the middle of a surrogate pair) rounds down to the scalar's start.
      if units + width > column { break }
      units += width
      index += width == 0 ? 1 : scalarLength(lead: lead)
    }
    return min(index, range.upperBound)
  }

  /// The number of bytes in the UTF-8 sequence that `lead` starts (1 for a stray continuation byte).
  @inline(__always)
  static func scalarLength(lead: UInt8) -> Int {
    if lead < 0xC0 { return 1 }
    if lead < 0xE0 { return 2 }
    if lead < 0xF0 { return 3 }
    return 4
  }
}

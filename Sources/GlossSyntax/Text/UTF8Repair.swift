/// Checking UTF-8 and copying it with each invalid byte replaced by U+FFFD, keeping a map back to the original bytes.
enum UTF8Repair {
  /// The high bit of each byte of a word.
  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// The length of the well-formed UTF-8 sequence at `index`, nil when the byte there does not start one.
  static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
    let lead = bytes[index]
    if lead < 0x80 { return 1 }
    let count = bytes.count
    func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
      index + offset < count && range.contains(bytes[index + offset])
    }
    switch lead {
    case 0xC2...0xDF: return continuation(1) ? 2 : nil
    case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : nil
    case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : nil
    case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : nil
    case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : nil
    case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
    case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : nil
    default: return nil
    }
  }

  /// Whether `bytes` are well-formed UTF-8 (Unicode Table 3-7: no overlong forms, surrogates or values
  /// past U+10FFFF), checked in place eight ASCII bytes at a time without making a `String`; `SourceText` and
  /// `SourceDocument` both use it.
  static func isValid(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
      let count = buffer.count
      var index = 0
      while index < count {
        // ASCII eight bytes at a time.
        if index + 8 <= count && buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self) & highBits == 0 {
          index += 8
          continue
        }
        let lead = buffer[index]
        if lead < 0x80 {
          index += 1
          continue
        }
        // The length of the sequence and the range its second byte must fall in.
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, low) = (3, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, high) = (3, 0x9F)
        case 0xF0: (length, low) = (4, 0x90)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, high) = (4, 0x8F)
        default: return false
        }
        guard index + length <= count, (low...high).contains(buffer[index + 1]) else { return false }
        for next in (index + 2)..<(index + length) where buffer[next] & 0xC0 != 0x80 { return false }
        index += length
      }
      return true
    }
  }

  /// Appends `range` of `bytes` to `text`, each invalid byte as U+FFFD, recording where every text byte came from.
  static func append(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to text: inout [UInt8], map: inout TextOffsetMap
  ) {
    var runStart = range.lowerBound
    var index = range.lowerBound
    while index < range.upperBound {
      if bytes[index] < 0x80 {
        index += 1
        continue
      }
      if let length = sequenceLength(bytes, at: index), index + length <= range.upperBound {
        index += length
        continue
      }
      if index > runStart {
        text.append(contentsOf: bytes[runStart..<index])
        map.appendVerbatim(count: index - runStart, fileStart: runStart)
      }
      text.append(contentsOf: [0xEF, 0xBF, 0xBD])
      map.appendReplaced(count: 3, fileRange: index..<(index + 1))
      index += 1
      runStart = index
    }
    if range.upperBound > runStart {
      text.append(contentsOf: bytes[runStart..<range.upperBound])
      map.appendVerbatim(count: range.upperBound - runStart, fileStart: runStart)
    }
  }
}

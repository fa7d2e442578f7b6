extension FrontMatterParser {
  /// A quoted scalar: its decoded text, the range inside the quotes, and the offset after the closing quote.
  struct Quoted {
    var text: String
    var range: Range<Int>
    var end: Int
    var unterminated: Bool
  }

  /// Reads a `'single'` (with `''` escapes) or `"double"` (with backslash escapes) scalar starting at `start`.
  func readQuoted(from start: Int, lineEnd: Int) -> Quoted {
    let quote = buffer[start]
    var bytes: [UInt8] = []
    var index = start + 1
    while index < lineEnd {
      let byte = buffer[index]
      if quote == UInt8(ascii: "'") && byte == quote {
        if index + 1 < lineEnd && buffer[index + 1] == quote {
          bytes.append(quote)
          index += 2
          continue
        }
        return Quoted(
          text: String(decoding: bytes, as: UTF8.self), range: start + 1..<index, end: index + 1, unterminated: false)
      }
      if quote == UInt8(ascii: "\"") && byte == quote {
        return Quoted(
          text: String(decoding: bytes, as: UTF8.self), range: start + 1..<index, end: index + 1, unterminated: false)
      }
      if quote == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") && index + 1 < lineEnd {
        index = decodeEscape(at: index + 1, lineEnd: lineEnd, into: &bytes)
        continue
      }
      bytes.append(byte)
      index += 1
    }
    return Quoted(
      text: String(decoding: bytes, as: UTF8.self), range: start + 1..<lineEnd, end: lineEnd, unterminated: true)
  }

  /// Decodes the escape whose letter is at `index`, returning the offset after it; unknown escapes stay as written.
  private func decodeEscape(at index: Int, lineEnd: Int, into bytes: inout [UInt8]) -> Int {
    let letter = buffer[index]
    switch letter {
    case UInt8(ascii: "n"): bytes.append(0x0A)
    case UInt8(ascii: "t"): bytes.append(0x09)
    case UInt8(ascii: "r"): bytes.append(0x0D)
    case UInt8(ascii: "0"): bytes.append(0x00)
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: " "): bytes.append(letter)
    case UInt8(ascii: "u"), UInt8(ascii: "U"), UInt8(ascii: "x"):
      let digits = letter == UInt8(ascii: "u") ? 4 : letter == UInt8(ascii: "U") ? 8 : 2
      var value: UInt32 = 0
      var cursor = index + 1
      while cursor < lineEnd && cursor < index + 1 + digits, let digit = hexValue(buffer[cursor]) {
        value = value * 16 + UInt32(digit)
        cursor += 1
      }
      guard cursor == index + 1 + digits, let scalar = Unicode.Scalar(value) else {
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(letter)
        return index + 1
      }
      bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
      return cursor
    default:
      bytes.append(UInt8(ascii: "\\"))
      bytes.append(letter)
    }
    return index + 1
  }

  private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  // MARK: Scanning

  /// The end of a plain scalar in `range`: before a ` #` comment, trailing blanks trimmed.
  func plainEnd(_ range: Range<Int>) -> Int {
    var index = range.lowerBound
    while index < range.upperBound {
      if buffer[index] == UInt8(ascii: "#") && index > range.lowerBound && isBlank(buffer[index - 1]) { break }
      index += 1
    }
    return trimmedEnd(range.lowerBound..<index)
  }

  /// The first offset in `from..<to` that is not a space or tab (or `to`).
  func skipBlanks(from: Int, to: Int) -> Int {
    var index = from
    while index < to && isBlank(buffer[index]) { index += 1 }
    return index
  }

  /// The end of `range` with trailing spaces and tabs removed.
  func trimmedEnd(_ range: Range<Int>) -> Int {
    var end = range.upperBound
    while end > range.lowerBound && isBlank(buffer[end - 1]) { end -= 1 }
    return end
  }

  func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

  /// The bytes of `range` as a string (invalid UTF-8 replaced).
  func text(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
  }
}

/// Byte and scalar classification for the UTF-8 scanners.
enum ByteClass {
  static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
  }

  static func isASCIILetter(_ byte: UInt8) -> Bool { byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A }

  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// Space, tab, LF or CR.
  static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

  static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
    (byte >= 0x21 && byte <= 0x2F) || (byte >= 0x3A && byte <= 0x40) || (byte >= 0x5B && byte <= 0x60)
      || (byte >= 0x7B && byte <= 0x7E)
  }

  /// The scalar starting at `index` and its length in bytes (U+FFFD and 1 for invalid UTF-8).
  static func scalar(in buffer: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> (Unicode.Scalar, Int) {
    let lead = buffer[index]
    if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC2...0xDF:
      length = 2
      value = UInt32(lead & 0x1F)
    case 0xE0...0xEF:
      length = 3
      value = UInt32(lead & 0x0F)
    case 0xF0...0xF4:
      length = 4
      value = UInt32(lead & 0x07)
    default: return ("\u{FFFD}", 1)
    }
    guard index + length <= end else { return ("\u{FFFD}", 1) }
    for offset in 1..<length {
      let byte = buffer[index + offset]
      guard byte & 0xC0 == 0x80 else { return ("\u{FFFD}", 1) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard let scalar = Unicode.Scalar(value) else { return ("\u{FFFD}", 1) }
    return (scalar, length)
  }

  /// The start of the scalar that ends just before `index` (at most 3 continuation bytes back).
  static func scalarStart(in buffer: UnsafeBufferPointer<UInt8>, before index: Int, start: Int) -> Int {
    var cursor = index - 1
    while cursor > start && cursor > index - 4 && buffer[cursor] & 0xC0 == 0x80 { cursor -= 1 }
    return cursor
  }

  /// Haskell's `isAlphaNum`: a letter or a number of any script.
  static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return isASCIIAlphanumeric(UInt8(scalar.value)) }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
      .letterNumber, .otherNumber:
      return true
    default:
      return false
    }
  }

  /// A letter, mark or number of any script (what tags and slugs keep).
  static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return isASCIIAlphanumeric(UInt8(scalar.value)) }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
      .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
      return true
    default:
      return false
    }
  }

  /// The length of the alphanumeric scalar at `index`, or 0 when it is not one.
  static func alphanumericLength(in buffer: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int {
    guard index < end else { return 0 }
    let byte = buffer[index]
    if byte < 0x80 { return isASCIIAlphanumeric(byte) ? 1 : 0 }
    let (scalar, length) = scalar(in: buffer, at: index, end: end)
    return isAlphanumeric(scalar) ? length : 0
  }
}

/// The one JSON string writer of Gloss, shared by the protocol's hand-written answers and the exports: a string as a
/// JSON string literal, in UTF-8.
///
/// Quotes and backslashes are escaped, `\n`, `\r` and `\t` by their short escapes, other control characters
/// (U+0000–U+001F) and the line and paragraph separators U+2028 and U+2029 (line ends to JavaScript) as lowercase
/// `\u` escapes; every other character, emoji included, is written as its UTF-8 bytes. Slashes are not escaped. A
/// Swift string holds only valid scalars, so the output is always valid JSON.
package enum JSONString {
  /// Appends `value` to `out` as a JSON string literal.
  package static func append(_ value: String, to out: inout [UInt8]) {
    out.append(quote)
    // Most strings (keys, paths, URIs) need no escape: copy them whole.
    guard value.utf8.contains(where: needsLook) else {
      out.append(contentsOf: value.utf8)
      out.append(quote)
      return
    }
    var value = value
    value.withUTF8 { appendEscaping($0, to: &out) }
    out.append(quote)
  }

  /// Appends the UTF-8 `bytes` escaped, without the quotes.
  private static func appendEscaping(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case quote: out += [backslash, quote]
      case backslash: out += [backslash, backslash]
      case 0x0A: out += [backslash, UInt8(ascii: "n")]
      case 0x0D: out += [backslash, UInt8(ascii: "r")]
      case 0x09: out += [backslash, UInt8(ascii: "t")]
      case 0..<0x20: appendEscape(UInt32(byte), to: &out)
      case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] & 0xFE) == 0xA8:
        // U+2028 is E2 80 A8 in UTF-8, U+2029 E2 80 A9.
        appendEscape(0x2028 + UInt32(bytes[index + 2] - 0xA8), to: &out)
        index += 2
      default: out.append(byte)
      }
      index += 1
    }
  }

  /// `value` as a JSON string literal.
  package static func literal(_ value: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(value.utf8.count + 2)
    append(value, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Whether a byte may start something to escape: a control character, a quote, a backslash, or the lead byte of
  /// U+2028/U+2029.
  private static func needsLook(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == quote || byte == backslash || byte == 0xE2
  }

  /// Appends `\uXXXX` for `value` (at most U+FFFF), in lowercase hexadecimal as `JSONEncoder` writes it.
  private static func appendEscape(_ value: UInt32, to out: inout [UInt8]) {
    out += [backslash, UInt8(ascii: "u")]
    for shift in stride(from: 12, through: 0, by: -4) {
      out.append(hexDigits[Int((value >> UInt32(shift)) & 15)])
    }
  }

  private static let quote = UInt8(ascii: "\"")
  private static let backslash = UInt8(ascii: "\\")
  /// Lowercase hexadecimal digits.
  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}

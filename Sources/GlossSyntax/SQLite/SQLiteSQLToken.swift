/// A token of SQL as found in `sqlite_schema`: words (keywords, bare names, numbers), quoted names (`"a"`, `` `a` ``,
/// `[a]`), string literals (`'a'`), blob literals (`x'0A'`) and single punctuation characters. Whitespace and
/// comments (`-- …` to the end of the line, `/* … */`) are skipped.
enum SQLiteSQLToken: Equatable {
  case word(String)
  case quoted(String)
  case string(String)
  case blob([UInt8])
  case punctuation(UInt8)

  /// The keyword a bare word is, in upper case; nil for other tokens.
  var keyword: String? {
    if case .word(let word) = self { return word.uppercased() }
    return nil
  }

  /// The name a word, quoted name or string literal gives (SQLite accepts all three where a name goes).
  var name: String? {
    switch self {
    case .word(let text), .quoted(let text), .string(let text): return text
    default: return nil
    }
  }

  /// Whether the token is a string literal.
  var isString: Bool {
    if case .string = self { return true }
    return false
  }

  /// The tokens of `sql`.
  static func tokens(_ sql: String) -> [SQLiteSQLToken] {
    let bytes = Array(sql.utf8)
    var tokens: [SQLiteSQLToken] = []
    var index = 0
    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
    /// The body of a quoted token from `index` (at the opening quote) to `close`, a doubled `close` standing for
    /// one; moves `index` past the closing quote.
    func quoted(close: UInt8) -> String {
      var body: [UInt8] = []
      index += 1
      while index < bytes.count {
        if bytes[index] == close {
          if close != UInt8(ascii: "]"), index + 1 < bytes.count, bytes[index + 1] == close {
            body.append(close)
            index += 2
            continue
          }
          index += 1
          break
        }
        body.append(bytes[index])
        index += 1
      }
      return String(decoding: body, as: UTF8.self)
    }
    while index < bytes.count {
      let byte = bytes[index]
      let next = index + 1 < bytes.count ? bytes[index + 1] : 0
      switch byte {
      case 0x09, 0x0A, 0x0C, 0x0D, 0x20:
        index += 1
      case UInt8(ascii: "-") where next == UInt8(ascii: "-"):
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
      case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
        index += 2
        while index < bytes.count,
          !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count
            && bytes[index + 1] == UInt8(ascii: "/"))
        {
          index += 1
        }
        index = min(bytes.count, index + 2)
      case UInt8(ascii: "\""), UInt8(ascii: "`"):
        tokens.append(.quoted(quoted(close: byte)))
      case UInt8(ascii: "["):
        tokens.append(.quoted(quoted(close: UInt8(ascii: "]"))))
      case UInt8(ascii: "'"):
        tokens.append(.string(quoted(close: byte)))
      case UInt8(ascii: "x") where next == UInt8(ascii: "'"), UInt8(ascii: "X") where next == UInt8(ascii: "'"):
        index += 1
        tokens.append(.blob(hexBytes(quoted(close: UInt8(ascii: "'")))))
      default:
        let start = index
        if isNumberStart(byte, next) {
          index += 1
          while index < bytes.count {
            let c = bytes[index]
            if isWordByte(c) || c == UInt8(ascii: ".") {
              index += 1
            } else if (c == UInt8(ascii: "+") || c == UInt8(ascii: "-")),
              bytes[index - 1] | 0x20 == UInt8(ascii: "e")
            {
              index += 1
            } else {
              break
            }
          }
          tokens.append(.word(text(start..<index)))
        } else if isWordByte(byte) {
          while index < bytes.count, isWordByte(bytes[index]) || bytes[index] == UInt8(ascii: "$") { index += 1 }
          tokens.append(.word(text(start..<index)))
        } else {
          tokens.append(.punctuation(byte))
          index += 1
        }
      }
    }
    return tokens
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    byte >= 0x80 || byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }

  private static func isNumberStart(_ byte: UInt8, _ next: UInt8) -> Bool {
    let digit = { (b: UInt8) in b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    return digit(byte) || (byte == UInt8(ascii: ".") && digit(next))
  }

  /// The bytes of a blob literal's hexadecimal digits (an odd last digit is dropped).
  private static func hexBytes(_ hex: String) -> [UInt8] {
    let digits = hex.utf8.compactMap { byte -> UInt8? in
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
      default: return nil
      }
    }
    return stride(from: 0, to: digits.count - 1, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
  }
}

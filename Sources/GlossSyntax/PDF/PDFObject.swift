/// One PDF object as far as Gloss reads them (ISO 32000, 7.3): enough to follow a catalog to its page labels.
package indirect enum PDFObject: Hashable, Sendable {
  case null
  case bool(Bool)
  case integer(Int)
  case real(Double)
  /// A name without its slash, `#xx` escapes decoded.
  case name(String)
  /// A string's bytes, escapes decoded (literal) or hex digits read (hex).
  case string([UInt8])
  case array([PDFObject])
  case dictionary([String: PDFObject])
  /// `N G R`.
  case reference(Int, Int)

  /// The dictionary, or nil.
  var dictionary: [String: PDFObject]? {
    if case .dictionary(let value) = self { return value }
    return nil
  }

  /// The integer (a real with no fraction counts), or nil.
  var integer: Int? {
    switch self {
    case .integer(let value): return value
    case .real(let value) where value.rounded() == value && abs(value) < 1e15: return Int(value)
    default: return nil
    }
  }

  /// The name, or nil.
  var name: String? {
    if case .name(let value) = self { return value }
    return nil
  }
}

/// Reads PDF objects from bytes (ISO 32000, 7.2–7.3); never fails: what it cannot read is `.null`, and nesting is
/// bounded so that no input can exhaust the stack.
struct PDFLexer {
  let bytes: [UInt8]
  var position: Int
  /// How deep arrays and dictionaries may nest.
  static let maxDepth = 32

  init(_ bytes: [UInt8], at position: Int) {
    self.bytes = bytes
    self.position = max(0, min(position, bytes.count))
  }

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
  }

  static func isDelimiter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["),
      UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: "%"):
      return true
    default:
      return false
    }
  }

  /// Moves past whitespace and comments.
  mutating func skipWhitespace() {
    while position < bytes.count {
      let byte = bytes[position]
      if Self.isWhitespace(byte) {
        position += 1
      } else if byte == UInt8(ascii: "%") {
        while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
      } else {
        return
      }
    }
  }

  /// The regular characters from here (a keyword or a number), consumed.
  mutating func token() -> ArraySlice<UInt8> {
    let start = position
    while position < bytes.count, !Self.isWhitespace(bytes[position]), !Self.isDelimiter(bytes[position]) {
      position += 1
    }
    return bytes[start..<position]
  }

  /// Whether the keyword `word` comes next (after whitespace), consumed if so.
  mutating func consume(keyword word: String) -> Bool {
    let saved = position
    skipWhitespace()
    if token().elementsEqual(word.utf8) { return true }
    position = saved
    return false
  }

  /// The next object; `N G R` is read as a reference.
  mutating func object(depth: Int = 0) -> PDFObject {
    skipWhitespace()
    guard position < bytes.count, depth < Self.maxDepth else { return .null }
    let byte = bytes[position]
    switch byte {
    case UInt8(ascii: "/"):
      position += 1
      return .name(name())
    case UInt8(ascii: "("):
      position += 1
      return .string(literalString())
    case UInt8(ascii: "<"):
      if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "<") {
        position += 2
        return dictionary(depth: depth)
      }
      position += 1
      return .string(hexString())
    case UInt8(ascii: "["):
      position += 1
      var items: [PDFObject] = []
      while true {
        skipWhitespace()
        guard position < bytes.count else { break }
        if bytes[position] == UInt8(ascii: "]") {
          position += 1
          break
        }
        let before = position
        items.append(object(depth: depth + 1))
        if position == before { position += 1 }
      }
      return .array(items)
    default:
      break
    }
    let word = token()
    if word.isEmpty {
      // A stray delimiter (`)`, `>`, `}`): skip it.
      position += 1
      return .null
    }
    if let number = Self.integer(word) {
      // `N G R`: look ahead for a generation and `R`.
      let saved = position
      skipWhitespace()
      let generation = token()
      if let generationNumber = Self.integer(generation), number >= 0, generationNumber >= 0 {
        skipWhitespace()
        if token().elementsEqual("R".utf8) { return .reference(number, generationNumber) }
      }
      position = saved
      return .integer(number)
    }
    switch String(decoding: word, as: UTF8.self) {
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "null": return .null
    case let text:
      if let value = Double(text), value.isFinite { return .real(value) }
      return .null
    }
  }

  private mutating func dictionary(depth: Int) -> PDFObject {
    var entries: [String: PDFObject] = [:]
    while true {
      skipWhitespace()
      guard position < bytes.count else { break }
      if bytes[position] == UInt8(ascii: ">") {
        position += position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: ">") ? 2 : 1
        break
      }
      guard bytes[position] == UInt8(ascii: "/") else {
        // Not a key: read the object and drop it, so that the dictionary still ends.
        let before = position
        _ = object(depth: depth + 1)
        if position == before { position += 1 }
        continue
      }
      position += 1
      let key = name()
      entries[key] = object(depth: depth + 1)
    }
    return .dictionary(entries)
  }

  private mutating func name() -> String {
    var out: [UInt8] = []
    while position < bytes.count, !Self.isWhitespace(bytes[position]), !Self.isDelimiter(bytes[position]) {
      let byte = bytes[position]
      if byte == UInt8(ascii: "#"), position + 2 < bytes.count, let high = Self.hexValue(bytes[position + 1]),
        let low = Self.hexValue(bytes[position + 2])
      {
        out.append(high << 4 | low)
        position += 3
      } else {
        out.append(byte)
        position += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  private mutating func literalString() -> [UInt8] {
    var out: [UInt8] = []
    var depth = 1
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "("):
        depth += 1
        out.append(byte)
      case UInt8(ascii: ")"):
        depth -= 1
        if depth == 0 { return out }
        out.append(byte)
      case UInt8(ascii: "\\"):
        guard position < bytes.count else { return out }
        let escaped = bytes[position]
        position += 1
        switch escaped {
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
          var value = Int(escaped - UInt8(ascii: "0"))
          for _ in 0..<2 {
            guard position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[position]) else {
              break
            }
            value = value * 8 + Int(bytes[position] - UInt8(ascii: "0"))
            position += 1
          }
          out.append(UInt8(truncatingIfNeeded: value))
        case 0x0D:
          // A line continuation: the backslash and the end of line are dropped.
          if position < bytes.count, bytes[position] == 0x0A { position += 1 }
        case 0x0A:
          break
        default:
          out.append(escaped)
        }
      default:
        out.append(byte)
      }
    }
    return out
  }

  private mutating func hexString() -> [UInt8] {
    var out: [UInt8] = []
    var high: UInt8?
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      if byte == UInt8(ascii: ">") { break }
      guard let value = Self.hexValue(byte) else { continue }
      if let first = high {
        out.append(first << 4 | value)
        high = nil
      } else {
        high = value
      }
    }
    if let high { out.append(high << 4) }
    return out
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  /// An integer token (`12`, `+3`, `-4`) of at most 15 digits, or nil.
  static func integer(_ word: ArraySlice<UInt8>) -> Int? {
    var digits = word
    var negative = false
    if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      negative = sign == UInt8(ascii: "-")
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.count <= 15 else { return nil }
    var value = 0
    for digit in digits {
      guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(digit - UInt8(ascii: "0"))
    }
    return negative ? -value : value
  }
}

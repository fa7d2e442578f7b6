/// Where and why JSON text stopped being readable.
struct JSONError: Error {
  var offset: Int
  var message: String
}

/// A byte-level JSON reader that records the position of every value.
struct JSONReader {
  let bytes: [UInt8]
  var i = 0
  private var depth = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The value at `i` and its position, or where it breaks.
  mutating func value() -> Result<JSONNode, JSONError> {
    skipSpace()
    guard i < bytes.count else { return .failure(JSONError(offset: i, message: "expected a JSON value")) }
    let start = i
    switch bytes[i] {
    case UInt8(ascii: "{"):
      return nested { $0.object(start: start) }
    case UInt8(ascii: "["):
      return nested { $0.array(start: start) }
    case UInt8(ascii: "\""):
      return string().map { JSONNode(value: .string($0), range: start..<i) }
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return number(start: start)
    case UInt8(ascii: "t"):
      return literal("true", .bool(true), start: start)
    case UInt8(ascii: "f"):
      return literal("false", .bool(false), start: start)
    case UInt8(ascii: "n"):
      return literal("null", .null, start: start)
    default:
      return .failure(JSONError(offset: i, message: "expected a JSON value"))
    }
  }

  private mutating func nested(_ read: (inout JSONReader) -> Result<JSONNode, JSONError>) -> Result<
    JSONNode, JSONError
  > {
    guard depth < 256 else { return .failure(JSONError(offset: i, message: "nesting too deep")) }
    depth += 1
    defer { depth -= 1 }
    return read(&self)
  }

  private mutating func object(start: Int) -> Result<JSONNode, JSONError> {
    i += 1
    var members: [JSONMember] = []
    skipSpace()
    if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
      i += 1
      return .success(JSONNode(value: .object([]), range: start..<i))
    }
    while true {
      skipSpace()
      guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
        return .failure(JSONError(offset: i, message: "expected a quoted key in object"))
      }
      let keyStart = i + 1
      let key: String
      switch string() {
      case .success(let string): key = string
      case .failure(let error): return .failure(error)
      }
      let keyRange = keyStart..<i - 1
      skipSpace()
      guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
        return .failure(JSONError(offset: i, message: "expected ':' after key '\(key)'"))
      }
      i += 1
      switch value() {
      case .success(let node): members.append(JSONMember(key: key, keyRange: keyRange, value: node))
      case .failure(let error): return .failure(error)
      }
      skipSpace()
      guard i < bytes.count else { return .failure(JSONError(offset: i, message: "expected ',' or '}' in object")) }
      if bytes[i] == UInt8(ascii: ",") {
        i += 1
      } else if bytes[i] == UInt8(ascii: "}") {
        i += 1
        return .success(JSONNode(value: .object(members), range: start..<i))
      } else {
        return .failure(JSONError(offset: i, message: "expected ',' or '}' in object"))
      }
    }
  }

  private mutating func array(start: Int) -> Result<JSONNode, JSONError> {
    i += 1
    var elements: [JSONNode] = []
    skipSpace()
    if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
      i += 1
      return .success(JSONNode(value: .array([]), range: start..<i))
    }
    while true {
      switch value() {
      case .success(let node): elements.append(node)
      case .failure(let error): return .failure(error)
      }
      switch separator(close: UInt8(ascii: "]")) {
      case .success(true): return .success(JSONNode(value: .array(elements), range: start..<i))
      case .success(false): continue
      case .failure(let error): return .failure(error)
      }
    }
  }

  /// Consumes `,` (false) or `close` (true) after an array element.
  mutating func separator(close: UInt8) -> Result<Bool, JSONError> {
    skipSpace()
    guard i < bytes.count else {
      return .failure(JSONError(offset: i, message: "expected ',' or '\(Character(Unicode.Scalar(close)))'"))
    }
    if bytes[i] == UInt8(ascii: ",") {
      i += 1
      return .success(false)
    }
    if bytes[i] == close {
      i += 1
      return .success(true)
    }
    return .failure(JSONError(offset: i, message: "expected ',' or '\(Character(Unicode.Scalar(close)))'"))
  }

  /// The decoded string at `i` (an opening quote), leaving `i` after the closing quote.
  private mutating func string() -> Result<String, JSONError> {
    let quote = i
    i += 1
    var out: [UInt8] = []
    var runStart = i
    while i < bytes.count {
      let byte = bytes[i]
      if byte == UInt8(ascii: "\"") {
        out.append(contentsOf: bytes[runStart..<i])
        i += 1
        return .success(String(decoding: out, as: UTF8.self))
      }
      if byte == UInt8(ascii: "\\") {
        out.append(contentsOf: bytes[runStart..<i])
        guard let scalar = escape() else { return .failure(JSONError(offset: i, message: "invalid escape in string")) }
        out.append(contentsOf: String(scalar).utf8)
        runStart = i
        continue
      }
      i += 1
    }
    return .failure(JSONError(offset: quote, message: "unterminated string"))
  }

  /// The character of the escape at `i` (a backslash), leaving `i` after it; nil when it is invalid.
  private mutating func escape() -> Unicode.Scalar? {
    guard i + 1 < bytes.count else { return nil }
    let letter = bytes[i + 1]
    i += 2
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(letter)
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      guard let high = hex4() else {
        i -= 2
        return nil
      }
      if (0xD800..<0xDC00).contains(high), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
        bytes[i + 1] == UInt8(ascii: "u")
      {
        i += 2
        if let low = hex4(), (0xDC00..<0xE000).contains(low) {
          return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        }
        return "\u{FFFD}"
      }
      return Unicode.Scalar(high) ?? "\u{FFFD}"
    default:
      i -= 2
      return nil
    }
  }

  private mutating func hex4() -> UInt32? {
    guard i + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for byte in bytes[i..<i + 4] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    i += 4
    return value
  }

  private mutating func number(start: Int) -> Result<JSONNode, JSONError> {
    if bytes[i] == UInt8(ascii: "-") { i += 1 }
    let digitsStart = i
    while i < bytes.count, isNumberByte(bytes[i]) { i += 1 }
    guard i > digitsStart, bytes[digitsStart] >= UInt8(ascii: "0"), bytes[digitsStart] <= UInt8(ascii: "9") else {
      return .failure(JSONError(offset: start, message: "invalid number"))
    }
    return .success(JSONNode(value: .number(String(decoding: bytes[start..<i], as: UTF8.self)), range: start..<i))
  }

  private func isNumberByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
      || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
  }

  private mutating func literal(_ word: String, _ value: JSONNode.Value, start: Int) -> Result<JSONNode, JSONError> {
    let utf8 = Array(word.utf8)
    guard i + utf8.count <= bytes.count, Array(bytes[i..<i + utf8.count]) == utf8 else {
      return .failure(JSONError(offset: i, message: "expected a JSON value"))
    }
    i += utf8.count
    return .success(JSONNode(value: value, range: start..<i))
  }

  mutating func skipSpace() {
    while i < bytes.count {
      switch bytes[i] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"): i += 1
      default: return
      }
    }
  }
}

/// A JSON value with the UTF-8 byte range it was read from (Foundation's readers give no positions).
struct JSONNode {
  /// The value, with members and elements as nodes of their own.
  enum Value {
    case null
    case bool(Bool)
    /// A number as written (`12`, `-1.5e3`).
    case number(String)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])
  }

  var value: Value
  /// The whole value; for a string, quotes included.
  var range: Range<Int>

  /// The member named `key` of an object, or nil.
  subscript(key: String) -> JSONNode? {
    guard case .object(let members) = value else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The text of a string or number value, or nil for other values.
  var text: String? {
    switch value {
    case .string(let string): return string
    case .number(let number): return number
    default: return nil
    }
  }

  /// The range of a string's content (quotes excluded), or the whole range for other values.
  var contentRange: Range<Int> {
    guard case .string = value, range.count >= 2 else { return range }
    return range.lowerBound + 1..<range.upperBound - 1
  }
}

/// One `"key": value` pair of a JSON object.
struct JSONMember {
  var key: String
  /// The key's content, quotes excluded.
  var keyRange: Range<Int>
  var value: JSONNode
}

/// A JSON value written by the exports (CSL-JSON, the note model), with object members kept in order.
indirect enum ExportJSONValue {
  case null
  case bool(Bool)
  case int(Int)
  case string(String)
  case array([ExportJSONValue])
  case object([(String, ExportJSONValue)])

  /// A string, or `null` when there is none.
  static func optional(_ string: String?) -> ExportJSONValue {
    string.map(ExportJSONValue.string) ?? .null
  }

  /// The value as JSON text, indented by two spaces per level.
  func rendered(indent: Int = 0) -> String {
    let pad = String(repeating: "  ", count: indent + 1)
    let close = String(repeating: "  ", count: indent)
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .int(let value): return String(value)
    case .string(let value): return Self.quoted(value)
    case .array(let values):
      if values.isEmpty { return "[]" }
      return "[\n" + values.map { pad + $0.rendered(indent: indent + 1) }.joined(separator: ",\n") + "\n\(close)]"
    case .object(let members):
      if members.isEmpty { return "{}" }
      let lines = members.map { pad + Self.quoted($0.0) + ": " + $0.1.rendered(indent: indent + 1) }
      return "{\n" + lines.joined(separator: ",\n") + "\n\(close)}"
    }
  }

  /// `string` as a JSON string literal.
  static func quoted(_ string: String) -> String {
    var out = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}

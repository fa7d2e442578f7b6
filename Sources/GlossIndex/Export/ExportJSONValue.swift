import JSONStrings

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
    case .string(let value): return JSONString.literal(value)
    case .array(let values):
      if values.isEmpty { return "[]" }
      return "[\n" + values.map { pad + $0.rendered(indent: indent + 1) }.joined(separator: ",\n") + "\n\(close)]"
    case .object(let members):
      if members.isEmpty { return "{}" }
      let lines = members.map { pad + JSONString.literal($0.0) + ": " + $0.1.rendered(indent: indent + 1) }
      return "{\n" + lines.joined(separator: ",\n") + "\n\(close)}"
    }
  }
}

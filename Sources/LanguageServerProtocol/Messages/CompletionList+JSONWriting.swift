/// `CompletionList` written by hand: `JSONEncoder` spends ~1 ms on a hundred items (≈ 40 KB), most of a completion's
/// time; the same JSON written here costs a few tens of microseconds.
extension CompletionList: JSONWritable {
  package func write(to writer: inout JSONWriter) {
    writer.raw("{\"isIncomplete\":")
    writer.bool(isIncomplete)
    writer.raw(",\"items\":[")
    for (index, item) in items.enumerated() {
      if index > 0 { writer.raw(",") }
      item.write(to: &writer)
    }
    writer.raw("]}")
  }
}

extension CompletionItem: JSONWritable {
  package func write(to writer: inout JSONWriter) {
    writer.raw("{\"label\":")
    writer.string(label)
    if let kind {
      writer.raw(",\"kind\":")
      writer.int(kind.rawValue)
    }
    if let detail {
      writer.raw(",\"detail\":")
      writer.string(detail)
    }
    if let documentation {
      writer.raw(",\"documentation\":{\"kind\":")
      writer.string(documentation.kind)
      writer.raw(",\"value\":")
      writer.string(documentation.value)
      writer.raw("}")
    }
    if let sortText {
      writer.raw(",\"sortText\":")
      writer.string(sortText)
    }
    if let filterText {
      writer.raw(",\"filterText\":")
      writer.string(filterText)
    }
    if let insertTextFormat {
      writer.raw(",\"insertTextFormat\":")
      writer.int(insertTextFormat.rawValue)
    }
    if let textEdit {
      writer.raw(",\"textEdit\":{\"range\":{\"start\":{\"line\":")
      writer.int(textEdit.range.start.line)
      writer.raw(",\"character\":")
      writer.int(textEdit.range.start.character)
      writer.raw("},\"end\":{\"line\":")
      writer.int(textEdit.range.end.line)
      writer.raw(",\"character\":")
      writer.int(textEdit.range.end.character)
      writer.raw("}},\"newText\":")
      writer.string(textEdit.newText)
      writer.raw("}")
    }
    if let data {
      writer.raw(",\"data\":")
      Self.write(data, to: &writer)
    }
    writer.raw("}")
  }

  /// Any JSON value (the item's `data`), object keys in sorted order.
  private static func write(_ value: JSONValue, to writer: inout JSONWriter) {
    switch value {
    case .null: writer.raw("null")
    case .bool(let bool): writer.bool(bool)
    case .int(let int): writer.int(int)
    case .double(let double): writer.number(double)
    case .string(let string): writer.string(string)
    case .array(let array):
      writer.raw("[")
      for (index, element) in array.enumerated() {
        if index > 0 { writer.raw(",") }
        write(element, to: &writer)
      }
      writer.raw("]")
    case .object(let members):
      writer.raw("{")
      for (index, key) in members.keys.sorted().enumerated() {
        if index > 0 { writer.raw(",") }
        writer.string(key)
        writer.raw(":")
        write(members[key] ?? .null, to: &writer)
      }
      writer.raw("}")
    }
  }
}

extension JSONWriter {
  /// Appends an integral number; any other (never in the server's own `data`) as `null`, which this writer cannot
  /// spell exactly.
  fileprivate mutating func number(_ value: Double) {
    guard value.isFinite, value == value.rounded(), abs(value) < 1e15 else { return raw("null") }
    int(Int(value))
  }
}

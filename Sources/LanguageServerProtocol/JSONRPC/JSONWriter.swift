package import Foundation

/// A result that writes its own compact JSON, for large answers where `JSONEncoder` is the cost (a rename's
/// `WorkspaceEdit` with a thousand edits).
package protocol JSONWritable {
  /// Appends this value as compact JSON to `writer`.
  func write(to writer: inout JSONWriter)
}

/// Appends compact JSON to a byte buffer: strings escaped as `JSONEncoder` does with slashes unescaped.
package struct JSONWriter {
  /// The JSON written so far.
  package private(set) var bytes: [UInt8] = []

  /// An empty writer with room for `capacity` bytes.
  package init(capacity: Int = 1_024) { bytes.reserveCapacity(capacity) }

  /// Appends JSON text as it is (punctuation, keys already quoted).
  package mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends a JSON string.
  package mutating func string(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    // Most strings (keys, paths, URIs) need no escape: copy them whole.
    if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      bytes.append(contentsOf: value.utf8)
      bytes.append(UInt8(ascii: "\""))
      return
    }
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends an integer.
  package mutating func int(_ value: Int) {
    bytes.append(contentsOf: String(value).utf8)
  }

  /// Appends `true` or `false`.
  package mutating func bool(_ value: Bool) {
    if value { raw("true") } else { raw("false") }
  }
}

extension JSONRPC {
  /// The response to request `id` carrying `result`; written by hand when the result is `JSONWritable`.
  package static func encodeResponse<Result: Encodable & Sendable>(id: RequestID, result: Result) throws -> Data {
    guard let writable = result as? any JSONWritable else {
      return try encode(ResponseMessage(id: id, result: result))
    }
    var writer = JSONWriter(capacity: 4_096)
    writer.raw("{\"jsonrpc\":\"2.0\",\"id\":")
    switch id {
    case .number(let number): writer.int(number)
    case .string(let string): writer.string(string)
    }
    writer.raw(",\"result\":")
    writable.write(to: &writer)
    writer.raw("}")
    return Data(writer.bytes)
  }
}

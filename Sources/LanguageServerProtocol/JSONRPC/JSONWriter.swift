import JSONStrings

#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// A result that writes its own compact JSON, for large answers where `JSONEncoder` is the cost (a rename's
/// `WorkspaceEdit` with a thousand edits).
package protocol JSONWritable {
  /// Appends this value as compact JSON to `writer`.
  func write(to writer: inout JSONWriter)
}

/// Appends compact JSON to a byte buffer: strings escaped by `JSONString` (as `JSONEncoder` does, slashes unescaped,
/// U+2028 and U+2029 escaped too).
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
    Self.appendString(value, to: &bytes)
  }

  /// Appends `value` to `out` as a JSON string literal (`JSONString`, the one string writer).
  package static func appendString(_ value: String, to out: inout [UInt8]) {
    JSONString.append(value, to: &out)
  }

  /// Appends an integer.
  package mutating func int(_ value: Int) {
    Self.appendInt(value, to: &bytes)
  }

  /// Appends `value` to `out` in decimal, without making a `String`.
  package static func appendInt(_ value: Int, to out: inout [UInt8]) {
    if value < 0 { out.append(UInt8(ascii: "-")) }
    appendDigits(value.magnitude, to: &out)
  }

  private static func appendDigits(_ value: UInt, to out: inout [UInt8]) {
    if value >= 10 { appendDigits(value / 10, to: &out) }
    out.append(UInt8(ascii: "0") + UInt8(value % 10))
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

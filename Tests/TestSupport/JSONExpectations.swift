import Foundation
package import LanguageServerProtocol
package import Testing

/// Parses JSON text into a `JSONValue`, recording an issue when it is not JSON.
package func parseJSON(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSONValue? {
  do {
    return try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
  } catch {
    Issue.record("not JSON: \(error)\n\(text)", sourceLocation: sourceLocation)
    return nil
  }
}

/// Expects `value` to encode as the JSON `expected` (compared as values: key order and spacing do not matter).
package func expectEncoding(
  _ value: some Encodable, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  do {
    let data = try JSONRPC.encode(value)
    let actual = try JSONDecoder().decode(JSONValue.self, from: data)
    guard let expectedValue = parseJSON(expected, sourceLocation: sourceLocation) else { return }
    #expect(
      actual == expectedValue, "encoded as \(String(decoding: data, as: UTF8.self))", sourceLocation: sourceLocation)
  } catch {
    Issue.record("encoding failed: \(error)", sourceLocation: sourceLocation)
  }
}

/// Decodes a `T` from JSON text, recording an issue and returning nil when it does not decode.
package func decodeJSON<T: Decodable>(
  _ type: T.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
) -> T? {
  do {
    return try JSONDecoder().decode(type, from: Data(text.utf8))
  } catch {
    Issue.record("decoding \(T.self) failed: \(error)", sourceLocation: sourceLocation)
    return nil
  }
}

/// The JSON text of `value`, for messages built by hand in tests.
package func jsonText(_ value: some Encodable) -> String {
  (try? JSONRPC.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
}

/// A `Content-Length` frame around `body`.
package func frame(_ body: String) -> [UInt8] {
  Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
}

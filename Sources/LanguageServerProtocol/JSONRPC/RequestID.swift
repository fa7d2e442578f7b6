/// The id of a JSON-RPC request: an integer or a string, as the sender chose.
package enum RequestID: Hashable, Sendable, Codable, CustomStringConvertible {
  /// An integer id, as most clients send.
  case number(Int)
  /// A string id, as the server uses for its own requests (`gloss-1`).
  case string(String)

  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      self = .number(number)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else {
      throw DecodingError.typeMismatch(
        RequestID.self,
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected an integer or a string"))
    }
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .number(let number): try container.encode(number)
    case .string(let string): try container.encode(string)
    }
  }

  package var description: String {
    switch self {
    case .number(let number): String(number)
    case .string(let string): "'\(string)'"
    }
  }
}

/// A progress token: an integer or a string, like a request id.
package typealias ProgressToken = RequestID

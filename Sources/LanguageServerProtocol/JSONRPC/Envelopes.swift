#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// An outgoing request: `{"jsonrpc":"2.0","id":…,"method":…,"params":…}`.
package struct RequestMessage<Params: RequestType>: Encodable, Sendable {
  /// The request's id.
  package var id: RequestID
  /// The request's params (the message struct itself).
  package var params: Params

  /// Creates a request envelope.
  package init(id: RequestID, params: Params) {
    self.id = id
    self.params = params
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: EnvelopeKey.self)
    try container.encode("2.0", forKey: .jsonrpc)
    try container.encode(id, forKey: .id)
    try container.encode(Params.method, forKey: .method)
    try container.encode(params, forKey: .params)
  }
}

/// An outgoing notification: `{"jsonrpc":"2.0","method":…,"params":…}`.
package struct NotificationMessage<Params: NotificationType>: Encodable, Sendable {
  /// The notification's params (the message struct itself).
  package var params: Params

  /// Creates a notification envelope.
  package init(params: Params) { self.params = params }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: EnvelopeKey.self)
    try container.encode("2.0", forKey: .jsonrpc)
    try container.encode(Params.method, forKey: .method)
    try container.encode(params, forKey: .params)
  }
}

/// A successful response, generic over its result so that a nil result is written as `"result": null`.
///
/// A plain `struct { var result: Hover? }` would drop the key for nil, which is an invalid response.
package struct ResponseMessage<Result: Encodable & Sendable>: Encodable, Sendable {
  /// The id of the request answered.
  package var id: RequestID
  /// The result; an `Optional` result that is nil encodes as `null`.
  package var result: Result

  /// Creates a response envelope.
  package init(id: RequestID, result: Result) {
    self.id = id
    self.result = result
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: EnvelopeKey.self)
    try container.encode("2.0", forKey: .jsonrpc)
    try container.encode(id, forKey: .id)
    // `encode`, not `encodeIfPresent`: an Optional that is nil becomes `null` and the key stays.
    try container.encode(result, forKey: .result)
  }
}

/// An error response; `id` is `null` when the request's id could not be read.
package struct ErrorResponseMessage: Encodable, Sendable {
  /// The id of the request answered, nil when unknown.
  package var id: RequestID?
  /// The error.
  package var error: ResponseError

  /// Creates an error response envelope.
  package init(id: RequestID?, error: ResponseError) {
    self.id = id
    self.error = error
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: EnvelopeKey.self)
    try container.encode("2.0", forKey: .jsonrpc)
    if let id {
      try container.encode(id, forKey: .id)
    } else {
      try container.encodeNil(forKey: .id)
    }
    try container.encode(error, forKey: .error)
  }
}

/// The member names of a JSON-RPC envelope.
enum EnvelopeKey: String, CodingKey {
  case jsonrpc, id, method, params, result, error
}

/// The JSON coding settings every message uses.
package enum JSONRPC {
  /// Encodes `value` as compact JSON, slashes unescaped.
  package static func encode(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    return try encoder.encode(value)
  }

  /// Decodes a `T` from JSON bytes.
  package static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try JSONDecoder().decode(type, from: data)
  }
}

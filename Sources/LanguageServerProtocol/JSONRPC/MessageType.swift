/// A request message: the conforming struct is its params, `method` its name and `Response` its result type.
package protocol RequestType: Codable, Sendable {
  /// The type of the `result` of a successful response.
  associatedtype Response: Codable & Sendable
  /// The JSON-RPC method name.
  static var method: String { get }
}

/// A notification message: the conforming struct is its params and `method` its name.
package protocol NotificationType: Codable, Sendable {
  /// The JSON-RPC method name.
  static var method: String { get }
}

/// The result of a request that answers nothing: encoded as `null`, decoded from anything.
package struct VoidResponse: Codable, Hashable, Sendable {
  /// Creates the empty result.
  package init() {}

  package init(from decoder: any Decoder) throws {}

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encodeNil()
  }
}

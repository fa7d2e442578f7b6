/// A JSON-RPC or LSP error code; unknown codes from a client are kept as they are.
package struct ErrorCode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
  /// The numeric code.
  package var rawValue: Int

  /// Creates an error code from its number.
  package init(rawValue: Int) { self.rawValue = rawValue }

  /// The body is not valid JSON.
  package static let parseError = ErrorCode(rawValue: -32700)
  /// The JSON is not a valid JSON-RPC request.
  package static let invalidRequest = ErrorCode(rawValue: -32600)
  /// The method is not known to the server.
  package static let methodNotFound = ErrorCode(rawValue: -32601)
  /// The params are missing a field or have a field of the wrong type.
  package static let invalidParams = ErrorCode(rawValue: -32602)
  /// The handler failed for a reason that is the server's fault.
  package static let internalError = ErrorCode(rawValue: -32603)
  /// A request came before `initialize`.
  package static let serverNotInitialized = ErrorCode(rawValue: -32002)
  /// An unknown error code, reserved by LSP.
  package static let unknownErrorCode = ErrorCode(rawValue: -32001)
  /// The server failed a request it understood (LSP 3.17).
  package static let requestFailed = ErrorCode(rawValue: -32803)
  /// The client cancelled the request before it was answered.
  package static let requestCancelled = ErrorCode(rawValue: -32800)
  /// The document changed so the request's answer is no longer valid.
  package static let contentModified = ErrorCode(rawValue: -32801)

  package var description: String { String(rawValue) }
}

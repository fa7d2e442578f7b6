/// The `error` member of a JSON-RPC response; handlers throw it to answer a request with an error.
package struct ResponseError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
  /// The error code.
  package var code: ErrorCode
  /// A short lowercase description of what went wrong.
  package var message: String
  /// Extra data for the client, if any.
  package var data: JSONValue?

  /// Creates a response error.
  package init(code: ErrorCode, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  package var description: String { "error \(code.rawValue): \(message)" }

  /// The error for a body that is not valid JSON.
  package static func parseError(_ message: String) -> ResponseError {
    ResponseError(code: .parseError, message: message)
  }

  /// The error for JSON that is not a valid request.
  package static func invalidRequest(_ message: String) -> ResponseError {
    ResponseError(code: .invalidRequest, message: message)
  }

  /// The error for a method the server does not know.
  package static func methodNotFound(_ method: String) -> ResponseError {
    ResponseError(code: .methodNotFound, message: "unknown method '\(method)'")
  }

  /// The error for params that do not decode.
  package static func invalidParams(_ message: String) -> ResponseError {
    ResponseError(code: .invalidParams, message: message)
  }

  /// The error for a failure inside the server.
  package static func internalError(_ message: String) -> ResponseError {
    ResponseError(code: .internalError, message: message)
  }

  /// The error for a request before `initialize`.
  package static let serverNotInitialized = ResponseError(
    code: .serverNotInitialized, message: "server not initialized: send 'initialize' first")

  /// The error for a request cancelled before it was answered.
  package static let cancelled = ResponseError(code: .requestCancelled, message: "request cancelled")
}

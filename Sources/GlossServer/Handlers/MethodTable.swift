import LanguageServerProtocol

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The handlers by method name, each wrapped to decode its typed params and encode its typed result.
struct MethodTable {
  /// Decodes the params, runs the handler and returns the encoded response; throws to answer with an error.
  typealias RequestHandler = (Server, IncomingRequest) throws -> Data
  /// Decodes the params and runs the handler.
  typealias NotificationHandler = (Server, IncomingNotification) throws -> Void

  private(set) var requests: [String: RequestHandler] = [:]
  private(set) var notifications: [String: NotificationHandler] = [:]

  /// Registers the handler of request `R`: `on(HoverRequest.self, Server.hover)`.
  mutating func on<R: RequestType>(_ type: R.Type, _ handler: @escaping (Server) -> (R) throws -> R.Response) {
    precondition(requests[R.method] == nil, "two handlers for '\(R.method)'")
    requests[R.method] = { server, request in
      let params = try RawJSON.decode(R.self, from: request.params)
      let result = try handler(server)(params)
      return try JSONRPC.encodeResponse(id: request.id, result: result)
    }
  }

  /// Registers the handler of request `R` that writes its result's JSON itself (`null` included), for results so
  /// large that `JSONEncoder`'s per-value cost shows (thousands of code lenses in a big bibliography).
  mutating func onEncoded<R: RequestType>(_ type: R.Type, _ handler: @escaping (Server) -> (R) throws -> [UInt8]) {
    precondition(requests[R.method] == nil, "two handlers for '\(R.method)'")
    requests[R.method] = { server, request in
      let params = try RawJSON.decode(R.self, from: request.params)
      let result = try handler(server)(params)
      var body = Data(#"{"jsonrpc":"2.0","id":"#.utf8)
      body.append(try JSONRPC.encode(request.id))
      body.append(contentsOf: #","result":"#.utf8)
      body.append(contentsOf: result)
      body.append(UInt8(ascii: "}"))
      return body
    }
  }

  /// Registers the handler of notification `N`: `on(DidOpenTextDocumentNotification.self, Server.didOpen)`.
  mutating func on<N: NotificationType>(_ type: N.Type, _ handler: @escaping (Server) -> (N) throws -> Void) {
    precondition(notifications[N.method] == nil, "two handlers for '\(N.method)'")
    notifications[N.method] = { server, notification in
      try handler(server)(try RawJSON.decode(N.self, from: notification.params))
    }
  }
}

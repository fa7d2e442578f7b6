#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A message received from the client: a request, a notification, or a response to one of our requests.
package enum IncomingMessage: Sendable {
  /// A request the server must answer exactly once.
  case request(IncomingRequest)
  /// A notification, never answered.
  case notification(IncomingNotification)
  /// The client's answer to a request the server sent.
  case response(IncomingResponse)

  /// Decodes a message body; the params and result stay raw for the handler to decode.
  ///
  /// Throws `MessageDecodingError` with `parseError` for a body that is not JSON and `invalidRequest` for JSON that
  /// is not a JSON-RPC message, carrying the request's id when it could be read.
  package init(body: [UInt8]) throws(MessageDecodingError) {
    let data = Data(body)
    let envelope: IncomingEnvelope
    do {
      envelope = try JSONRPC.decode(IncomingEnvelope.self, from: data)
    } catch let error as DecodingError {
      if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
        throw MessageDecodingError(error: .parseError("unreadable JSON message"), id: nil)
      }
      throw MessageDecodingError(error: .invalidRequest("not a JSON-RPC message object"), id: nil)
    } catch {
      throw MessageDecodingError(error: .parseError("unreadable JSON message"), id: nil)
    }
    let ranges = JSONMemberScanner.valueRanges(in: body, keys: ["params", "result"])
    func raw(_ key: String) -> RawJSON? {
      ranges[key].map { RawJSON(Data(body[$0])) }
    }
    if let method = envelope.method {
      if !envelope.hasID {
        self = .notification(IncomingNotification(method: method, params: raw("params")))
      } else if let id = envelope.id {
        self = .request(IncomingRequest(id: id, method: method, params: raw("params")))
      } else {
        throw MessageDecodingError(error: .invalidRequest("request id must be an integer or a string"), id: nil)
      }
    } else if envelope.hasMethod {
      throw MessageDecodingError(error: .invalidRequest("'method' must be a string"), id: envelope.id)
    } else if let id = envelope.id, envelope.hasResult || envelope.error != nil {
      let result: Result<RawJSON, ResponseError> =
        if let error = envelope.error { .failure(error) } else { .success(raw("result") ?? RawJSON(Data("null".utf8))) }
      self = .response(IncomingResponse(id: id, result: result))
    } else if envelope.hasResult || envelope.hasError {
      // A response without a usable id (a client's own parse error report) is never answered: that could loop.
      throw MessageDecodingError(
        error: .invalidRequest("response without a usable id"), id: nil, isResponse: true)
    } else {
      throw MessageDecodingError(error: .invalidRequest("message has neither 'method' nor 'result'"), id: envelope.id)
    }
  }
}

/// A request as received, with its params not yet decoded.
package struct IncomingRequest: Sendable {
  /// The client's id for the request.
  package var id: RequestID
  /// The method name.
  package var method: String
  /// The raw params, nil when absent.
  package var params: RawJSON?

  /// Creates a received request.
  package init(id: RequestID, method: String, params: RawJSON?) {
    self.id = id
    self.method = method
    self.params = params
  }
}

/// A notification as received, with its params not yet decoded.
package struct IncomingNotification: Sendable {
  /// The method name.
  package var method: String
  /// The raw params, nil when absent.
  package var params: RawJSON?

  /// Creates a received notification.
  package init(method: String, params: RawJSON?) {
    self.method = method
    self.params = params
  }
}

/// The client's response to a server request: a raw result or an error.
package struct IncomingResponse: Sendable {
  /// The id the server gave its request.
  package var id: RequestID
  /// The raw result (`null` included) or the error.
  package var result: Result<RawJSON, ResponseError>

  /// Creates a received response.
  package init(id: RequestID, result: Result<RawJSON, ResponseError>) {
    self.id = id
    self.result = result
  }
}

/// A body that is not a JSON-RPC message, with the error to answer and the request id if one could be read.
package struct MessageDecodingError: Error, Sendable {
  /// The error to send back.
  package var error: ResponseError
  /// The id of the request, when the body had a readable one.
  package var id: RequestID?
  /// Whether the body was a response (which is logged, never answered).
  package var isResponse = false

  /// Creates the error.
  package init(error: ResponseError, id: RequestID?, isResponse: Bool = false) {
    self.error = error
    self.id = id
    self.isResponse = isResponse
  }
}

/// The envelope members of an incoming message; `params` and `result` are skipped.
private struct IncomingEnvelope: Decodable {
  var id: RequestID?
  var hasID: Bool
  var method: String?
  var hasMethod: Bool
  var hasResult: Bool
  var hasError: Bool
  var error: ResponseError?

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: EnvelopeKey.self)
    hasID = container.contains(.id)
    id = try? container.decodeIfPresent(RequestID.self, forKey: .id)
    hasMethod = container.contains(.method)
    method = try? container.decodeIfPresent(String.self, forKey: .method)
    hasResult = container.contains(.result)
    hasError = container.contains(.error)
    error = try? container.decodeIfPresent(ResponseError.self, forKey: .error)
  }
}

import Foundation

@testable import LanguageServerProtocol

/// The JSON-RPC decoder: any body decodes to a message or a `MessageDecodingError`, twice the same; the raw `params`
/// and `result` ranges lie inside the body and are JSON whenever the whole body is; typed params never crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONRPC(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let body = fuzzBytes(data, size)
  let first = summary(body)
  fuzzCheck(first == summary(body), "a second decode of the same body differs")

  let ranges = JSONMemberScanner.valueRanges(in: body, keys: ["params", "result", "id", "method"])
  for (key, range) in ranges {
    fuzzCheck(isInside(range, body.count) && !range.isEmpty, "'\(key)' at \(range) in \(body.count) bytes")
  }
  if (try? JSONDecoder().decode([String: JSONValue].self, from: Data(body))) != nil {
    for (key, range) in ranges {
      let value = try? JSONDecoder().decode(JSONValue.self, from: Data(body[range]))
      fuzzCheck(value != nil, "'\(key)' range \(range) of a valid object is not JSON")
    }
  }

  if case .request(let request)? = try? IncomingMessage(body: body), let params = request.params {
    decodeParams(params)
  } else if case .notification(let notification)? = try? IncomingMessage(body: body), let params = notification.params {
    decodeParams(params)
  }
  return 0
}

/// A comparable description of what the decoder made of `body`.
private func summary(_ body: [UInt8]) -> String {
  do {
    switch try IncomingMessage(body: body) {
    case .request(let request):
      return "request \(request.id) \(request.method) \(request.params.map { Array($0.data) } ?? [])"
    case .notification(let notification):
      return "notification \(notification.method) \(notification.params.map { Array($0.data) } ?? [])"
    case .response(let response):
      switch response.result {
      case .success(let raw): return "response \(response.id) \(Array(raw.data))"
      case .failure(let error): return "response \(response.id) error \(error.code) \(error.message)"
      }
    }
  } catch {
    return "error \(error.error.code) \(error.error.message) \(String(describing: error.id)) \(error.isResponse)"
  }
}

/// Decodes `params` as the messages with the richest params; only crashes matter here.
private func decodeParams(_ params: RawJSON) {
  _ = try? params.decode(InitializeRequest.self)
  _ = try? params.decode(DidOpenTextDocumentNotification.self)
  _ = try? params.decode(DidChangeTextDocumentNotification.self)
  _ = try? params.decode(CompletionRequest.self)
  _ = try? params.decode(CodeActionRequest.self)
  _ = try? params.decode(RenameRequest.self)
  _ = try? params.decode(DidChangeWatchedFilesNotification.self)
  _ = try? params.decode(DidChangeWorkspaceFoldersNotification.self)
  _ = try? params.decode(JSONValue.self)
}

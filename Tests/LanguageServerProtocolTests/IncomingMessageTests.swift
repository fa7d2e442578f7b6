import Foundation
import LanguageServerProtocol
import TestSupport
import Testing

@Suite struct IncomingMessageTests {
  private func decode(_ text: String) throws(MessageDecodingError) -> IncomingMessage {
    try IncomingMessage(body: Array(text.utf8))
  }

  @Test func requestKeepsItsParamsRawUntilDecoded() throws {
    let message = try decode(
      #"{"jsonrpc":"2.0","id":4,"method":"textDocument/didClose","params":{"textDocument":{"uri":"file:///ư.md"}}}"#)
    guard case .request(let request) = message else {
      Issue.record("not a request: \(message)")
      return
    }
    #expect(request.id == .number(4))
    #expect(request.method == "textDocument/didClose")
    #expect(
      String(decoding: request.params?.data ?? Data(), as: UTF8.self) == #"{"textDocument":{"uri":"file:///ư.md"}}"#)
    let params = try request.params?.decode(DidCloseTextDocumentNotification.self)
    #expect(params?.textDocument.uri == "file:///ư.md")
  }

  @Test func notificationHasNoId() throws {
    guard case .notification(let notification) = try decode(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    else {
      Issue.record("not a notification")
      return
    }
    #expect(notification.method == "initialized")
  }

  @Test func responseResultAndErrorAreRouted() throws {
    guard case .response(let success) = try decode(#"{"jsonrpc":"2.0","id":"gloss-1","result":{"success":true}}"#),
      case .response(let nullResult) = try decode(#"{"jsonrpc":"2.0","id":"gloss-2","result":null}"#),
      case .response(let failure) = try decode(
        #"{"jsonrpc":"2.0","id":"gloss-3","error":{"code":-32603,"message":"nope"}}"#)
    else {
      Issue.record("not responses")
      return
    }
    #expect(success.id == .string("gloss-1"))
    #expect(try success.result.get().decode(ShowDocumentResult.self) == ShowDocumentResult(success: true))
    #expect(try nullResult.result.get().isNull)
    #expect(throws: ResponseError(code: .internalError, message: "nope")) { try failure.result.get() }
  }

  @Test(arguments: [
    (#"{"jsonrpc":"2.0","id":1,"method":"#, ErrorCode.parseError),
    ("not json at all", .parseError),
    (#"[{"jsonrpc":"2.0","id":1,"method":"shutdown"}]"#, .invalidRequest),
    (#"{"jsonrpc":"2.0","id":1}"#, .invalidRequest),
    (#"{"jsonrpc":"2.0","id":1,"method":42}"#, .invalidRequest),
    (#"{"jsonrpc":"2.0","id":{"x":1},"method":"shutdown"}"#, .invalidRequest),
  ])
  func unreadableMessagesGiveTheirErrorCode(body: String, code: ErrorCode) {
    #expect {
      _ = try decode(body)
    } throws: { error in
      (error as? MessageDecodingError)?.error.code == code
    }
  }

  @Test func paramsWithMissingFieldNameTheField() throws {
    guard
      case .notification(let notification) = try decode(
        #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a.md","text":""}}}"#
      )
    else { return }
    #expect(throws: ResponseError.invalidParams("missing field 'textDocument.languageId'")) {
      try RawJSON.decode(DidOpenTextDocumentNotification.self, from: notification.params)
    }
  }

  @Test func paramsWithWrongTypeNameTheField() throws {
    let raw = RawJSON(
      Data(
        #"""
        {"textDocument":{"uri":"u","version":1},"contentChanges":[{"range":{"start":{"line":"x","character":0},
        "end":{"line":0,"character":0}},"text":""}]}
        """#.utf8))
    #expect(
      throws: ResponseError.invalidParams(
        "field 'contentChanges[0].range.start.line' has the wrong type, expected an integer")
    ) {
      try raw.decode(DidChangeTextDocumentNotification.self)
    }
  }

  @Test func missingOrNullParamsDecodeAsEmptyObject() throws {
    #expect(try RawJSON.decode(ShutdownRequest.self, from: nil) == ShutdownRequest())
    #expect(try RawJSON.decode(ShutdownRequest.self, from: RawJSON(Data("null".utf8))) == ShutdownRequest())
    #expect(try RawJSON(Data("null".utf8)).decode(String?.self) == nil)
  }
}

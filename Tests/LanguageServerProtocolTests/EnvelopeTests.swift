import Foundation
import LanguageServerProtocol
import TestSupport
import Testing

@Suite struct EnvelopeTests {
  @Test func nilResultIsEncodedAsNull() {
    let hover: TextEdit? = nil
    expectEncoding(ResponseMessage(id: .number(7), result: hover), #"{"jsonrpc":"2.0","id":7,"result":null}"#)
  }

  @Test func voidResultIsEncodedAsNull() {
    expectEncoding(
      ResponseMessage(id: .string("a"), result: VoidResponse()), #"{"jsonrpc":"2.0","id":"a","result":null}"#)
  }

  @Test func presentResultIsEncoded() {
    let edit: TextEdit? = TextEdit(range: LSPRange(at: Position(line: 1, character: 2)), newText: "Đà Nẵng")
    expectEncoding(
      ResponseMessage(id: .number(1), result: edit),
      #"""
      {"jsonrpc":"2.0","id":1,"result":{"range":{"start":{"line":1,"character":2},"end":{"line":1,"character":2}},
       "newText":"Đà Nẵng"}}
      """#)
  }

  @Test func errorResponseWithoutIdHasNullId() {
    expectEncoding(
      ErrorResponseMessage(id: nil, error: .parseError("unreadable JSON message")),
      #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"unreadable JSON message"}}"#)
  }

  @Test func errorResponseKeepsId() {
    expectEncoding(
      ErrorResponseMessage(id: .number(3), error: .methodNotFound("textDocument/hover")),
      #"{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"unknown method 'textDocument/hover'"}}"#)
  }

  @Test func requestAndNotificationCarryMethodAndParams() {
    expectEncoding(
      RequestMessage(id: .string("gloss-1"), params: ShowDocumentRequest(uri: "file:///n/ghi-chú.md", takeFocus: true)),
      #"""
      {"jsonrpc":"2.0","id":"gloss-1","method":"window/showDocument",
       "params":{"uri":"file:///n/ghi-chú.md","takeFocus":true}}
      """#)
    expectEncoding(
      NotificationMessage(params: LogMessageNotification(type: .warning, message: "skipped 3 bytes")),
      #"{"jsonrpc":"2.0","method":"window/logMessage","params":{"type":2,"message":"skipped 3 bytes"}}"#)
  }

  @Test(arguments: [
    (ErrorCode.parseError, -32700), (.invalidRequest, -32600), (.methodNotFound, -32601), (.invalidParams, -32602),
    (.internalError, -32603), (.serverNotInitialized, -32002), (.requestCancelled, -32800), (.contentModified, -32801),
  ])
  func errorCodesHaveTheirLSPNumbers(code: ErrorCode, number: Int) {
    #expect(code.rawValue == number)
    expectEncoding(ResponseError(code: code, message: "m"), #"{"code":\#(number),"message":"m"}"#)
  }

  @Test func requestIDsRoundTripAsIntegerOrString() {
    #expect(decodeJSON([RequestID].self, #"[1, "gloss-2", -5]"#) == [.number(1), .string("gloss-2"), .number(-5)])
    expectEncoding([RequestID.number(1), .string("x")], #"[1,"x"]"#)
  }
}

import Foundation
import LanguageServerProtocol
import Testing

@testable import GlossServer

@Suite struct DiagnosticJSONTests {
  static let diagnostics = [
    LanguageServerProtocol.Diagnostic(
      range: LSPRange(start: Position(line: 0, character: 3), end: Position(line: 12, character: 140)),
      severity: .error, code: "unknown-source", source: "gloss",
      message: "unknown source 'lê\"2020\\' \u{1}\ttab\nnew 🦉 漢字"),
    LanguageServerProtocol.Diagnostic(
      range: LSPRange(start: Position(line: 1_000_000, character: 0), end: Position(line: 1_000_000, character: 9)),
      severity: .hint, code: "no-text", source: "gloss", message: "'x' has no text"),
  ]

  @Test(arguments: [nil, 0, 42] as [Int?])
  func handWrittenPublishDecodesAsTheCodableOne(version: Int?) throws {
    let uri = "file:///w/ghi%20ch%C3%BA.md"
    let body = DiagnosticJSON.publishBody(uri: uri, version: version, diagnostics: Self.diagnostics)
    guard case .notification(let notification) = try IncomingMessage(body: Array(body)) else {
      Issue.record("not a notification")
      return
    }
    #expect(notification.method == PublishDiagnosticsNotification.method)
    let decoded = try RawJSON.decode(PublishDiagnosticsNotification.self, from: notification.params)
    #expect(decoded == PublishDiagnosticsNotification(uri: uri, version: version, diagnostics: Self.diagnostics))
  }

  @Test func emptyListIsWrittenAsAnEmptyArray() {
    let body = DiagnosticJSON.publishBody(uri: "file:///a.md", version: nil, diagnostics: [])
    #expect(
      String(decoding: body, as: UTF8.self)
        == #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///a.md","diagnostics":[]}}"#
    )
  }

  /// The document a body names, as written, tells a writer which older diagnostics a newer set replaces.
  @Test func aBodyNamesItsDocumentAsWritten() {
    let uri = "file:///w/ghi%20ch%C3%BA/\u{1}\"odd\\name.md"
    let body = DiagnosticJSON.publishBody(uri: uri, version: 3, diagnostics: Self.diagnostics)
    let named = DiagnosticJSON.uri(ofPublishBody: body)
    #expect(named == #""file:///w/ghi%20ch%C3%BA/\u0001\"odd\\name.md""#)
    #expect(OutgoingMessage.publishDiagnostics(body: body).subject == named)
    let empty = DiagnosticJSON.publishBody(uri: "file:///b.md", version: nil, diagnostics: [])
    #expect(DiagnosticJSON.uri(ofPublishBody: empty) == #""file:///b.md""#)
    #expect(DiagnosticJSON.uri(ofPublishBody: Data(#"{"jsonrpc":"2.0","id":1,"result":null}"#.utf8)) == nil)
    let unterminated = Data(DiagnosticJSON.publishPrefix + Array(#""file:///c.md"#.utf8))
    #expect(DiagnosticJSON.uri(ofPublishBody: unterminated) == nil)
  }
}

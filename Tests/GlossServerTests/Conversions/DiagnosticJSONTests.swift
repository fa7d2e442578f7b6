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
}

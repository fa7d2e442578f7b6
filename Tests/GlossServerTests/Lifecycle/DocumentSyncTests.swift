import Foundation
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

@Suite struct DocumentSyncTests {
  /// "Tiếng Việt 🦉 漢字" with precomposed letters, a CRLF, then "café" with a combining acute accent.
  static let text = "Ti\u{1EBF}ng Vi\u{1EC7}t 🦉 漢字\r\ncafe\u{301} ok\n"
  static let uri = "file:///notes/ti%E1%BA%BFng.md"

  /// One edit given as (line, start column, end column) per encoding, and the text it must give.
  struct EditCase: Sendable, CustomTestStringConvertible {
    var name: String
    var line: Int
    var columns: [PositionEncoding: (Int, Int)]
    var endLine: Int?
    var newText: String
    var expected: String
    var testDescription: String { name }
  }

  static let cases: [EditCase] = [
    EditCase(
      name: "replace CJK after an emoji", line: 0, columns: [.utf16: (14, 16), .utf8: (20, 26), .utf32: (13, 15)],
      newText: "字", expected: "Ti\u{1EBF}ng Vi\u{1EC7}t 🦉 字\r\ncafe\u{301} ok\n"),
    EditCase(
      name: "insert right after an emoji", line: 0, columns: [.utf16: (13, 13), .utf8: (19, 19), .utf32: (12, 12)],
      newText: "🐝", expected: "Ti\u{1EBF}ng Vi\u{1EC7}t 🦉🐝 漢字\r\ncafe\u{301} ok\n"),
    EditCase(
      name: "replace a Vietnamese word", line: 0, columns: [.utf16: (6, 10), .utf8: (8, 14), .utf32: (6, 10)],
      newText: "Nam", expected: "Ti\u{1EBF}ng Nam 🦉 漢字\r\ncafe\u{301} ok\n"),
    EditCase(
      name: "delete a combining mark", line: 1, columns: [.utf16: (4, 5), .utf8: (4, 6), .utf32: (4, 5)],
      newText: "", expected: "Ti\u{1EBF}ng Vi\u{1EC7}t 🦉 漢字\r\ncafe ok\n"),
    EditCase(
      name: "join lines across a CRLF", line: 0, columns: [.utf16: (16, 0), .utf8: (26, 0), .utf32: (15, 0)],
      endLine: 1, newText: " ", expected: "Ti\u{1EBF}ng Vi\u{1EC7}t 🦉 漢字 cafe\u{301} ok\n"),
    EditCase(
      name: "insert at the end of the last line", line: 2, columns: [.utf16: (0, 0), .utf8: (0, 0), .utf32: (0, 0)],
      newText: "> “trích dẫn”", expected: text + "> “trích dẫn”"),
  ]

  private func client(encoding: PositionEncoding) throws -> TestClient {
    let client = TestClient()
    try client.initialize(
      InitializeRequest(capabilities: ClientCapabilities(general: .init(positionEncodings: [encoding.rawValue]))))
    client.notify(
      DidOpenTextDocumentNotification(
        textDocument: TextDocumentItem(uri: Self.uri, languageId: "markdown", version: 1, text: Self.text)))
    return client
  }

  private func change(_ client: TestClient, version: Int, _ changes: [TextDocumentContentChangeEvent]) {
    client.notify(
      DidChangeTextDocumentNotification(
        textDocument: VersionedTextDocumentIdentifier(uri: Self.uri, version: version), contentChanges: changes))
  }

  private static func range(_ line: Int, _ start: Int, _ endLine: Int, _ end: Int) -> LSPRange {
    LSPRange(start: Position(line: line, character: start), end: Position(line: endLine, character: end))
  }

  @Test(arguments: cases, [PositionEncoding.utf16, .utf8, .utf32])
  func incrementalChangeIsReadInTheNegotiatedEncoding(edit: EditCase, encoding: PositionEncoding) throws {
    let client = try client(encoding: encoding)
    let (start, end) = try #require(edit.columns[encoding])
    change(
      client, version: 2,
      [
        TextDocumentContentChangeEvent(
          range: Self.range(edit.line, start, edit.endLine ?? edit.line, end), text: edit.newText)
      ])
    #expect(client.server.documents[Self.uri]?.text.string == edit.expected)
    #expect(client.server.documents[Self.uri]?.version == 2)
    #expect(client.notifications.allSatisfy { $0.method == PublishDiagnosticsNotification.method })
  }

  @Test func changesInOneNotificationApplyInOrder() throws {
    let client = try client(encoding: .utf16)
    change(
      client, version: 5,
      [
        TextDocumentContentChangeEvent(range: Self.range(0, 0, 0, 0), text: "# Đầu đề\n"),
        // Line 1 is now the old line 0: "Tiếng" → "Tieng".
        TextDocumentContentChangeEvent(range: Self.range(1, 0, 1, 5), text: "Tieng"),
        TextDocumentContentChangeEvent(range: Self.range(2, 4, 2, 5), text: ""),
      ])
    #expect(client.server.documents[Self.uri]?.text.string == "# Đầu đề\nTieng Vi\u{1EC7}t 🦉 漢字\r\ncafe ok\n")
  }

  @Test func fullReplacementAndLaterIncrementalChange() throws {
    let client = try client(encoding: .utf8)
    change(client, version: 2, [TextDocumentContentChangeEvent(text: "mới\n")])
    change(client, version: 3, [TextDocumentContentChangeEvent(range: Self.range(0, 5, 0, 5), text: "!")])
    #expect(client.server.documents[Self.uri]?.text.string == "mới!\n")
    #expect(client.server.documents[Self.uri]?.version == 3)
  }

  @Test(arguments: [
    (range(9, 0, 12, 3), "…", text + "…"),
    (range(0, 200, 0, 300), "!", "Ti\u{1EBF}ng Vi\u{1EC7}t 🦉 漢字!\r\ncafe\u{301} ok\n"),
    (range(1, 3, 1, 0), "", text),
    (range(-4, -1, 0, 2), "X", "Xếng Vi\u{1EC7}t 🦉 漢字\r\ncafe\u{301} ok\n"),
  ])
  func badRangesAreClampedNeverACrash(range: LSPRange, newText: String, expected: String) throws {
    let client = try client(encoding: .utf16)
    change(client, version: 2, [TextDocumentContentChangeEvent(range: range, text: newText)])
    #expect(client.server.documents[Self.uri]?.text.string == expected)
  }

  @Test func rangeInsideASurrogatePairDoesNotSplitTheEmoji() throws {
    let client = try client(encoding: .utf16)
    // Column 12 is between the two UTF-16 code units of 🦉; the edit must leave valid text.
    change(client, version: 2, [TextDocumentContentChangeEvent(range: Self.range(0, 12, 0, 12), text: "x")])
    let result = try #require(client.server.documents[Self.uri]?.text.string)
    #expect(result.unicodeScalars.contains("🦉"))
    #expect(result.replacingOccurrences(of: "x", with: "") == Self.text)
  }

  @Test func changeToAnUnopenedDocumentIsLoggedAndIgnored() throws {
    let client = try client(encoding: .utf16)
    client.notify(
      DidChangeTextDocumentNotification(
        textDocument: VersionedTextDocumentIdentifier(uri: "file:///other.md", version: 2),
        contentChanges: [TextDocumentContentChangeEvent(text: "x")]))
    #expect(client.server.documents["file:///other.md"] == nil)
    #expect(client.notifications(LogMessageNotification.self).map(\.type) == [.warning])
  }

  @Test func saveKeepsAndCloseForgetsTheBuffer() throws {
    let client = try client(encoding: .utf16)
    client.notify(DidSaveTextDocumentNotification(textDocument: TextDocumentIdentifier(uri: Self.uri)))
    #expect(client.server.documents[Self.uri]?.text.string == Self.text)
    client.notify(DidCloseTextDocumentNotification(textDocument: TextDocumentIdentifier(uri: Self.uri)))
    #expect(client.server.documents[Self.uri] == nil)
    #expect(client.notifications.allSatisfy { $0.method == PublishDiagnosticsNotification.method })
  }
}

import Foundation
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

@Suite struct CompletionEndToEndTests {
  static let files: [String: String] = [
    "references.bib": """
    @book{bartlett1932, title = {Remembering}, author = {Bartlett, Frederic C.}, year = {1932},
      abstract = {Remembering is reconstruction.}}
    @article{nguyen2019, title = {Ký ức tập thể}, author = {Nguyễn, An and Trần, Bình and Lê, Chi}, year = {2019}}

    """,
    "notes/đường cong.md": "# Đường cong\n\n## Lãng quên\n\n[@nguyen2019] #trí-nhớ\n",
  ]

  /// A started fixture with `text` (its `1️⃣` marker removed) open as `notes/test.md`, and the marker's position.
  func openMarked(_ text: String) throws -> (WorkspaceFixture, Position) {
    let fixture = WorkspaceFixture(files: Self.files)
    try fixture.start()
    let marked = MarkedText(text)
    fixture.open("notes/test.md", marked.text)
    let offset = try #require(marked.cursors["1"])
    let position = SourceText(marked.text).lspPosition(of: offset, in: .utf16)
    return (fixture, position)
  }

  func complete(_ fixture: WorkspaceFixture, at position: Position) throws -> CompletionList? {
    try fixture.client.send(
      CompletionRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri("notes/test.md")), position: position,
        context: CompletionContext(triggerKind: 2, triggerCharacter: "@")))
  }

  @Test func initializeAnnouncesCompletionWithResolve() throws {
    let result = try TestClient().initialize()
    #expect(
      result.capabilities.completionProvider
        == CompletionOptions(triggerCharacters: ["@", "#", "[", "/", "("], resolveProvider: true))
  }

  @Test func keysAfterNonASCIITextReplaceThePrefixInUTF16Columns() throws {
    // "Trí nhớ 🧠 [see @ng" — the emoji is two UTF-16 units; the prefix "ng" starts at column 17.
    let (fixture, position) = try openMarked("# Thử\n\nTrí nhớ 🧠 [see @ng1️⃣uy, p. 4]\n")
    #expect(position == Position(line: 2, character: 19))
    let list = try #require(try complete(fixture, at: position))
    #expect(list.items.map(\.label) == ["nguyen2019"])
    #expect(!list.isIncomplete)
    let item = try #require(list.items.first)
    #expect(item.kind == .reference)
    #expect(item.detail == "Nguyễn et al. 2019 — Ký ức tập thể")
    #expect(
      item.textEdit
        == TextEdit(
          range: LSPRange(start: Position(line: 2, character: 17), end: Position(line: 2, character: 21)),
          newText: "nguyen2019"))
    #expect(item.documentation == nil)
    #expect(item.sortText == "0000")
  }

  @Test func resolveAddsTheDocumentation() throws {
    let (fixture, position) = try openMarked("Ghi chú [@bart1️⃣")
    let item = try #require(try complete(fixture, at: position)?.items.first)
    #expect(item.label == "bartlett1932")
    let resolved = try fixture.client.send(CompletionItemResolveRequest(item: item))
    let documentation = try #require(resolved.documentation)
    #expect(documentation.kind == "markdown")
    #expect(documentation.value.hasPrefix("**Remembering**\n\nFrederic C. Bartlett"))
    #expect(documentation.value.hasSuffix("Remembering is reconstruction."))
    #expect(resolved.label == item.label && resolved.textEdit == item.textEdit)
  }

  @Test func notePathsAfterALinkDestinationReplaceWhatWasTypedInUTF16Columns() throws {
    // "Xem 🧠 [x](đư" — the emoji is two UTF-16 units; the destination starts at column 11.
    let (fixture, position) = try openMarked("Xem 🧠 [x](đư1️⃣#lãng-quên)")
    let item = try #require(try complete(fixture, at: position)?.items.first)
    #expect(item.kind == .file)
    #expect(
      item.textEdit
        == TextEdit(
          range: LSPRange(start: Position(line: 0, character: 11), end: Position(line: 0, character: 13)),
          newText: "đường%20cong.md"))
  }

  @Test func tagsNotesAndHeadingsAreCompletedThroughTheServer() throws {
    var (fixture, position) = try openMarked("Xem #tr1️⃣")
    #expect(try complete(fixture, at: position)?.items.map(\.label) == ["trí-nhớ"])
    (fixture, position) = try openMarked("Xem [[Đư1️⃣")
    #expect(try complete(fixture, at: position)?.items.map(\.textEdit?.newText) == ["đường cong]]"])
    (fixture, position) = try openMarked("Xem [[đường cong#1️⃣]]")
    #expect(try complete(fixture, at: position)?.items.map(\.label) == ["Đường cong", "Lãng quên"])
  }

  @Test func nothingIsOfferedInCodeOrForAnUnknownDocument() throws {
    let (fixture, position) = try openMarked("`[@1️⃣`")
    #expect(try complete(fixture, at: position)?.items == [])
    let elsewhere = try fixture.client.send(
      CompletionRequest(
        textDocument: TextDocumentIdentifier(uri: "untitled:Untitled-1"), position: Position(line: 0, character: 0)))
    #expect(elsewhere.items == [])
  }
}

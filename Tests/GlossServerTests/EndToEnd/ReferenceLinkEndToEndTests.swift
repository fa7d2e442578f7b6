import Foundation
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

/// Reference links (`[text][label]` with `[label]: other.md#slug`) through the test client, in UTF-16 positions: the
/// definition's broken target is published on its destination, documentLink opens it from the definition and from
/// each use, go-to-definition from a use reaches the heading, and a moved note's definition is edited.
@Suite struct ReferenceLinkEndToEndTests {
  static let note = """
    Tiếng Việt 日本語 🦉 [chương 1️⃣hai][⏩ch2⏪] và [⏩東京⏪] 😀.

    [ch2]: ⏩chương%202.md#phương-pháp⏪
    [東京]: <⏩地図/東京.md⏪>
    [gone]: ⏩thiếu 😀.md⏪

    """
  static let chapter = "# Chương hai 🧪\n\n⏩## Phương pháp⏪\n\nNội dung.\n"

  private func start() throws -> WorkspaceFixture {
    let fixture = WorkspaceFixture(files: [
      "notes/a.md": MarkedText(Self.note).text, "notes/chương 2.md": MarkedText(Self.chapter).text,
      "notes/地図/東京.md": "# 東京\n",
    ])
    try fixture.start(capabilities: ClientCapabilities(workspace: .init(workspaceEdit: .init(documentChanges: true))))
    return fixture
  }

  private static func range(_ index: Int, in marked: String) -> LSPRange {
    let text = MarkedText(marked)
    return SourceText(text.text).lspRange(of: text.ranges[index], in: .utf16)
  }

  @Test func aBrokenDefinitionIsPublishedOnItsDestinationOnce() throws {
    let fixture = try start()
    let diagnostics = fixture.published.last { $0.uri == fixture.uri("notes/a.md") }?.diagnostics ?? []
    #expect(diagnostics.map(\.code) == ["broken-link"])
    #expect(diagnostics.map(\.range) == [Self.range(4, in: Self.note)])
  }

  @Test func documentLinksOpenTheTargetFromEachUseAndFromTheDefinition() throws {
    let fixture = try start()
    let links = try fixture.client.send(
      DocumentLinkRequest(textDocument: TextDocumentIdentifier(uri: fixture.uri("notes/a.md"))))
    #expect(
      links.map(\.target) == [
        fixture.uri("notes/chương 2.md"), fixture.uri("notes/地図/東京.md"), fixture.uri("notes/chương 2.md"),
        fixture.uri("notes/地図/東京.md"),
      ])
    #expect(links.map(\.range) == (0..<4).map { Self.range($0, in: Self.note) })
  }

  @Test func definitionFromAUseGoesToTheHeading() throws {
    let fixture = try start()
    let marked = MarkedText(Self.note)
    let position = SourceText(marked.text).lspPosition(of: marked.cursors["1"] ?? -1, in: .utf16)
    let result = try fixture.client.send(
      DefinitionRequest(textDocument: TextDocumentIdentifier(uri: fixture.uri("notes/a.md")), position: position))
    #expect(
      result == .location(Location(uri: fixture.uri("notes/chương 2.md"), range: Self.range(0, in: Self.chapter))))
  }

  @Test func movingTheTargetEditsTheDefinition() throws {
    let fixture = try start()
    let edit = try fixture.client.send(
      WillRenameFilesRequest(files: [
        FileRename(oldUri: fixture.uri("notes/地図/東京.md"), newUri: fixture.uri("notes/東京.md"))
      ]))
    guard case .textDocumentEdit(let documentEdit)? = edit?.documentChanges?.first else {
      Issue.record("no text edit in \(String(describing: edit))")
      return
    }
    #expect(documentEdit.textDocument.uri == fixture.uri("notes/a.md"))
    #expect(documentEdit.edits.map(\.newText) == ["東京.md"])
    #expect(documentEdit.edits.map(\.range) == [Self.range(3, in: Self.note)])
  }

  @Test func fixingTheDefinitionInTheBufferClearsTheDiagnostic() throws {
    let fixture = try start()
    fixture.open("notes/a.md", MarkedText(Self.note).text)
    let destination = Self.range(4, in: Self.note)
    fixture.client.notify(
      DidChangeTextDocumentNotification(
        textDocument: VersionedTextDocumentIdentifier(uri: fixture.uri("notes/a.md"), version: 2),
        contentChanges: [TextDocumentContentChangeEvent(range: destination, text: "chương%202.md")]))
    #expect(fixture.codes("notes/a.md") == [])
  }
}

import Foundation
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

/// A bibliography with entries keeps its text (definitions, references and renames point into it at once); a file read
/// as an empty bibliography (a JSON file that is not CSL-JSON) has its text released like a closed note's.
@Suite struct BibliographyTextReleaseTests {
  /// `gone` on the second line, after Vietnamese and an emoji: "@book{kept, title = {Tiếng Việt 🦉}} @book{" is 43
  /// UTF-16 units; its entry (a definition's target) starts 6 units before.
  static let bib = "% 日本語 🧠\n@book{kept, title = {Tiếng Việt 🦉}} ⏩@book{1️⃣gone, title = {Gone}}⏪\n"
  static let note = "Ghi chú 🦉 [@g1️⃣one]\n"

  private func start(_ extra: [String: String] = [:]) throws -> WorkspaceFixture {
    var files = ["refs.bib": MarkedText(Self.bib).text, "notes/a.md": MarkedText(Self.note).text]
    files.merge(extra) { _, new in new }
    let fixture = WorkspaceFixture(files: files)
    try fixture.start()
    return fixture
  }

  /// Where `gone` is in the bibliography.
  private var keyRange: LSPRange {
    let marked = MarkedText(Self.bib)
    let start = SourceText(marked.text).lspPosition(of: marked.cursors["1"] ?? -1, in: .utf16)
    return LSPRange(start: start, end: Position(line: start.line, character: start.character + 4))
  }

  /// Where the entry of `gone` is in the bibliography.
  private var entryRange: LSPRange {
    let marked = MarkedText(Self.bib)
    let text = SourceText(marked.text)
    return text.lspRange(of: marked.ranges[0], in: .utf16)
  }

  /// The range of the definition of the key under the note's cursor, nil when there is none.
  private func definition(_ fixture: WorkspaceFixture) throws -> LSPRange? {
    let marked = MarkedText(Self.note)
    let position = SourceText(marked.text).lspPosition(of: marked.cursors["1"] ?? -1, in: .utf16)
    let result = try fixture.client.send(
      DefinitionRequest(textDocument: TextDocumentIdentifier(uri: fixture.uri("notes/a.md")), position: position))
    switch result {
    case .location(let location)?: return location.range
    case .locations(let locations)?: return locations.first?.range
    case nil: return nil
    }
  }

  @Test func aBibliographyWithEntriesKeepsItsTextAndItsKeysAreFoundAtTheirPositions() throws {
    let fixture = try start()
    let root = try #require(fixture.client.server.roots.first)
    #expect(root.texts["refs.bib"] != nil)
    #expect(root.releasedTexts["refs.bib"] == nil)
    #expect(keyRange == LSPRange(start: Position(line: 1, character: 43), end: Position(line: 1, character: 47)))
    #expect(entryRange.start == Position(line: 1, character: 37))
    #expect(try definition(fixture) == entryRange)
  }

  @Test func aBibliographysNewDiagnosticsArePublishedAtTheirPositions() throws {
    let fixture = try start()
    #expect(fixture.codes("refs.bib") == [])
    // A second definition of `gone` appears: the bibliography gets `duplicate-source` at its key.
    fixture.fileSystem.setFile("/w/more.bib", "@book{gone, title = {Again}}\n")
    fixture.tick()
    let published = try #require(fixture.published.last { $0.uri == fixture.uri("refs.bib") })
    #expect(published.diagnostics.map(\.code) == ["duplicate-source"])
    #expect(published.diagnostics.first?.range == keyRange)
  }

  @Test func renamingAKeyEditsTheBibliographyAtItsPosition() throws {
    let fixture = try start()
    let marked = MarkedText(Self.note)
    let position = SourceText(marked.text).lspPosition(of: marked.cursors["1"] ?? -1, in: .utf16)
    let edit = try fixture.client.send(
      RenameRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri("notes/a.md")), position: position, newName: "went"))
    var bibEdits: [TextEdit] = []
    for (uri, edits) in edit?.changes ?? [:] where uri == fixture.uri("refs.bib") { bibEdits += edits }
    for case .textDocumentEdit(let documentEdit) in edit?.documentChanges ?? []
    where documentEdit.textDocument.uri == fixture.uri("refs.bib") {
      bibEdits += documentEdit.edits
    }
    #expect(bibEdits.map(\.range) == [keyRange])
    #expect(bibEdits.map(\.newText) == ["went"])
  }

  @Test func aJSONFileThatIsNotABibliographyIsNotHeld() throws {
    let fixture = try start(["data.json": #"{"rows": [1, 2, 3], "name": "Tiếng Việt"}"#])
    let root = try #require(fixture.client.server.roots.first)
    #expect(root.texts["data.json"] == nil)
    #expect(root.releasedTexts["data.json"] != nil)
    #expect(root.texts["refs.bib"] != nil)
    #expect(try definition(fixture) == entryRange)
  }
}

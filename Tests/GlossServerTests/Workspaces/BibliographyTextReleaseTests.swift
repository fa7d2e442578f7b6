import Foundation
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

/// Once a workspace is published, the server releases the texts of its closed bibliographies as it does the notes':
/// a position in one (a definition, a diagnostic, a rename's edit) is found by reading it from disk again, and only
/// while the file still holds the text the index has offsets in.
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

  @Test func aClosedBibliographysTextIsReleasedAndItsKeysAreFoundAtTheirPositions() throws {
    let fixture = try start()
    let root = try #require(fixture.client.server.roots.first)
    #expect(root.texts["refs.bib"] == nil)
    #expect(root.releasedTexts["refs.bib"] != nil)
    #expect(keyRange == LSPRange(start: Position(line: 1, character: 43), end: Position(line: 1, character: 47)))
    #expect(entryRange.start == Position(line: 1, character: 37))
    #expect(try definition(fixture) == entryRange)
  }

  @Test func aBibliographyChangedOnDiskIsNotPositionedAtItsOldOffsets() throws {
    let fixture = try start()
    fixture.fileSystem.setFile("/w/refs.bib", "% ajouté\n" + MarkedText(Self.bib).text)
    // The index still has the old offsets; the file's new text is not read at them.
    #expect(try definition(fixture) == nil)
    fixture.tick()
    let moved = entryRange
    #expect(
      try definition(fixture)
        == LSPRange(
          start: Position(line: moved.start.line + 1, character: moved.start.character),
          end: Position(line: moved.end.line + 1, character: moved.end.character)))
  }

  @Test func aReleasedBibliographysNewDiagnosticsArePublishedAtPositionsReadFromDisk() throws {
    let fixture = try start()
    #expect(fixture.codes("refs.bib") == [])
    // A second definition of `gone` appears: the released bibliography gets `duplicate-source` at its key.
    fixture.fileSystem.setFile("/w/more.bib", "@book{gone, title = {Again}}\n")
    fixture.tick()
    let published = try #require(fixture.published.last { $0.uri == fixture.uri("refs.bib") })
    #expect(published.diagnostics.map(\.code) == ["duplicate-source"])
    #expect(published.diagnostics.first?.range == keyRange)
  }

  @Test func renamingAKeyEditsTheReleasedBibliographyAtItsPosition() throws {
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

  /// The bibliography padded past `RereadTexts.smallestKept` with entries after `gone`, ending in `%%%%`.
  static let padded: String = {
    var text = MarkedText(bib).text
    var index = 0
    while text.utf8.count < RereadTexts.smallestKept + 1_000 {
      text += "@misc{pad\(index), title = {Đệm 🦉 \(index)}}\n"
      index += 1
    }
    return text + "%%%%\n"
  }()

  @Test func aLargeReleasedBibliographyReadAgainIsKeptWhileItsFileIsUnchanged() throws {
    let fixture = try start(["refs.bib": Self.padded])
    let root = try #require(fixture.client.server.roots.first)
    #expect(root.texts["refs.bib"] == nil)
    #expect(root.rereadTexts.paths.isEmpty)
    #expect(try definition(fixture) == entryRange)
    #expect(root.rereadTexts.paths == ["refs.bib"])
    #expect(try definition(fixture) == entryRange)
    // Rewritten to the same size, `gone` a line lower: the file's status moved, so the kept text is not used, and the
    // file read again is not the text the index has offsets in.
    let shifted = "%x\n" + String(Self.padded.dropLast(4)) + "\n"
    #expect(shifted.utf8.count == Self.padded.utf8.count)
    fixture.fileSystem.setFile("/w/refs.bib", shifted)
    #expect(try definition(fixture) == nil)
    fixture.tick()
    #expect(
      try definition(fixture)
        == LSPRange(
          start: Position(line: entryRange.start.line + 1, character: entryRange.start.character),
          end: Position(line: entryRange.end.line + 1, character: entryRange.end.character)))
  }

  /// A large closed note read again (a definition's target here; references and renames read hundreds) is not kept:
  /// it would push the bibliographies out.
  @Test func aLargeReleasedNoteReadAgainIsNotKept() throws {
    let hub = "# Hub 🦉\n\n" + String(repeating: "Dòng chữ dài 🦉 để đệm.\n", count: RereadTexts.smallestKept / 20)
    let fixture = try start(["notes/hub.md": hub, "notes/b.md": "Xem [[hub]].\n"])
    // On the `h` of `[[hub]]`.
    let result = try fixture.client.send(
      DefinitionRequest(
        textDocument: TextDocumentIdentifier(uri: fixture.uri("notes/b.md")), position: Position(line: 0, character: 6))
    )
    let target: String? =
      switch result {
      case .location(let location)?: location.uri
      case .locations(let locations)?: locations.first?.uri
      case nil: nil
      }
    #expect(target == fixture.uri("notes/hub.md"))
    #expect(fixture.client.server.roots.first?.releasedTexts["notes/hub.md"] != nil)
    #expect(fixture.client.server.roots.first?.rereadTexts.paths.isEmpty == true)
  }

  @Test func aSmallReleasedBibliographyIsReadAgainEachTime() throws {
    let fixture = try start()
    #expect(try definition(fixture) == entryRange)
    #expect(fixture.client.server.roots.first?.rereadTexts.paths.isEmpty == true)
  }

  @Test func aJSONFileThatIsNotABibliographyIsNotHeld() throws {
    let fixture = try start(["data.json": #"{"rows": [1, 2, 3], "name": "Tiếng Việt"}"#])
    let root = try #require(fixture.client.server.roots.first)
    #expect(root.texts["data.json"] == nil)
    #expect(try definition(fixture) == entryRange)
  }
}

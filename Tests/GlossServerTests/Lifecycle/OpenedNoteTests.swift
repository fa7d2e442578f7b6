import Foundation
import GlossIndex
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

/// Opening a note whose buffer is the text the index was built from costs the loop no parse: the index keeps what it
/// holds, the diagnostics are published for the buffer, and the blocks the first edit is re-parsed from are parsed
/// off the loop; that edit then gives exactly what indexing the edited text from scratch gives.
@Suite struct OpenedNoteTests {
  static let path = "notes/ghi chú.md"
  static let note = "# Ghi chú 🦉\n\nTheo [@smith2020] và [@nobody] — 日本語.\n\n- mục [[khác]]\n  > trích\n"
  static let files = [
    path: note, "notes/khác.md": "# Khác\n\n[[ghi chú]] #việt\n",
    "refs.bib": "@book{smith2020, title = {Trí nhớ}, author = {Smith, Ann}, year = 2020}\n",
  ]

  private func started(files: [String: String] = files) throws -> WorkspaceFixture {
    // Every opened note takes the background path, however small.
    let fixture = WorkspaceFixture(files: files) { $0.openedNoteParseInBackground = 0 }
    try fixture.start()
    return fixture
  }

  private func record(_ fixture: WorkspaceFixture) -> NoteRecord? {
    fixture.client.server.roots.first?.workspace.notes[Self.path]
  }

  private func lines(_ fixture: WorkspaceFixture, _ path: String) -> [String] {
    let published = fixture.published.last { $0.uri == fixture.uri(path) }
    return (published?.diagnostics ?? []).map { diagnostic in
      "\(diagnostic.range.start.line):\(diagnostic.range.start.character)-\(diagnostic.range.end.line):"
        + "\(diagnostic.range.end.character) \(diagnostic.code ?? "") \(diagnostic.message)"
    }
  }

  @Test func openingANoteWithItsIndexedTextParsesNothingOnTheLoop() throws {
    let fixture = try started()
    #expect(record(fixture)?.blocksReleased == true)
    fixture.open(Self.path, Self.note, version: 3)
    let published = try #require(fixture.published.last { $0.uri == fixture.uri(Self.path) })
    #expect(published.version == 3)
    #expect(published.diagnostics.compactMap(\.code) == ["unknown-source"])
    // The index still holds the note as loaded: its blocks come from the background at the next event.
    #expect(record(fixture)?.blocksReleased == true)
  }

  @Test func theFirstEditAfterOpeningIsTheEditedNoteAsIfIndexedFromScratch() throws {
    let fixture = try started()
    fixture.open(Self.path, Self.note)
    // "mục" is typed into "mục mới" inside the list item, a block the re-parse replaces.
    let utf16 = "- mục".utf16.count
    fixture.client.notify(
      DidChangeTextDocumentNotification(
        textDocument: VersionedTextDocumentIdentifier(uri: fixture.uri(Self.path), version: 2),
        contentChanges: [
          TextDocumentContentChangeEvent(
            range: LSPRange(at: Position(line: 4, character: utf16)), text: " mới [@smith202]")
        ]))
    let edited = Self.note.replacingOccurrences(of: "- mục", with: "- mục mới [@smith202]")
    let held = try #require(record(fixture))
    #expect(!held.blocksReleased)
    #expect(held.note == Note(parsing: Array(edited.utf8)))
    var files = Self.files
    files[Self.path] = edited
    let fresh = try started(files: files)
    #expect(lines(fixture, Self.path) == lines(fresh, Self.path))
    #expect(lines(fixture, Self.path).count == 2)
  }

  @Test func aNoteOpenedWithOtherTextIsIndexedFromItsBuffer() throws {
    let fixture = try started()
    fixture.open(Self.path, Self.note.replacingOccurrences(of: "[@nobody]", with: "[@smith2020]"))
    #expect(fixture.codes(Self.path) == [])
    #expect(record(fixture)?.blocksReleased == false)
  }

  @Test func aNoteClosedBeforeItsBlocksArriveIsReadFromDiskAgain() throws {
    let fixture = try started()
    fixture.open(Self.path, Self.note)
    fixture.close(Self.path)
    #expect(fixture.codes(Self.path) == ["unknown-source"])
    #expect(fixture.client.server.documents.parses.isEmpty)
  }
}

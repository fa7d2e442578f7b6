import Foundation
import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// A note's blocks are released once the workspace is indexed; what walks them (folding, outline, completion's
/// context, export, an edit's re-parse) parses the note's text again and answers exactly as before.
@Suite struct NoteBlocksReleaseTests {
  static let path = "notes/học.md"
  static let note = OutlineTests.note + "\n- [ ] việc 🦉\n  > [@nguyen2020, p. 4]\n\n```\n[[trong mã\n```\n"
  static let files = [path: note, "notes/khác.md": "# Khác\n\n[[học]] #việt\n", "refs.bib": "@book{nguyen2020}\n"]

  private func workspaces() -> (kept: Workspace, released: Workspace) {
    let kept = Fixture.workspace(Self.files)
    var released = kept
    released.releaseNoteBlocks()
    return (kept, released)
  }

  @Test func blocksAreReleasedAndEverythingElseIsKept() throws {
    let (kept, released) = workspaces()
    let record = try #require(released.notes[Self.path])
    #expect(record.blocksReleased)
    #expect(record.note.blocks.isEmpty)
    var note = try #require(kept.notes[Self.path]).note
    note.blocks = []
    #expect(record.note == note)
    #expect(released.diagnosticsByPath == kept.diagnosticsByPath)
  }

  @Test func blocksReleasedAsEachNoteIsParsedGiveTheSameWorkspace() throws {
    let (_, released) = workspaces()
    let files = Self.files.map { path, text in
      WorkspaceFile(
        path: path, role: path.hasSuffix(".bib") ? .bibliography : .note, bytes: Array(MarkedText(text).text.utf8))
    }
    var loaded = Workspace(indexing: [])
    loaded.addFiles(count: files.count, releasingNoteBlocks: true) { files[$0] }
    loaded.diagnoseAll()
    for path in Self.files.keys where path.hasSuffix(".md") {
      let record = try #require(loaded.notes[path])
      #expect(record.blocksReleased)
      #expect(record.note == released.notes[path]?.note)
      #expect(record.locators == released.notes[path]?.locators)
      #expect(record.quotations == released.notes[path]?.quotations)
    }
    #expect(loaded.diagnosticsByPath == released.diagnosticsByPath)
  }

  @Test func foldingOutlineAndCompletionAreTheSame() {
    let (kept, released) = workspaces()
    let bytes = Array(Self.note.utf8)
    #expect(
      released.foldingRanges(in: Self.path, text: SourceText(Self.note))
        == kept.foldingRanges(in: Self.path, text: SourceText(Self.note)))
    #expect(released.documentSymbols(in: Self.path, text: bytes) == kept.documentSymbols(in: Self.path))
    // In fenced code nothing is completed; in the task item's quote a citation key is.
    for marker in ["[[trong", "[@nguyen"] {
      let end = Self.note.range(of: marker, options: .backwards)?.upperBound ?? Self.note.endIndex
      let offset = Self.note[..<end].utf8.count
      #expect(
        released.completions(at: offset, in: Self.path, text: bytes)
          == kept.completions(at: offset, in: Self.path, text: bytes), "\(marker)")
    }
  }

  @Test(arguments: ExportFormat.allCases)
  func exportIsTheSame(_ format: ExportFormat) throws {
    let (kept, released) = workspaces()
    let text: (String) -> [UInt8]? = { Self.files[$0].map { Array($0.utf8) } }
    #expect(
      try released.export(.notes([Self.path]), format: format, output: "out", text: text)
        == kept.export(.notes([Self.path]), format: format, output: "out", text: text))
  }

  @Test func anEditAfterTheReleaseParsesTheWholeNote() throws {
    var (kept, released) = workspaces()
    let edited = Self.note.replacingOccurrences(of: "việc 🦉", with: "việc 🦉 mới")
    let start = Array(Self.note[..<(Self.note.range(of: "việc 🦉")?.upperBound ?? Self.note.endIndex)].utf8).count
    let edit = TextEditSpan(range: start..<start, insertedCount: " mới".utf8.count)
    kept.setNote(path: Self.path, bytes: Array(edited.utf8), after: edit)
    released.setNote(path: Self.path, bytes: Array(edited.utf8), after: edit)
    #expect(released.notes[Self.path]?.blocksReleased == false)
    #expect(released.notes[Self.path]?.note == kept.notes[Self.path]?.note)
    #expect(released.notes[Self.path]?.note == Note(parsing: Array(edited.utf8)))
  }
}

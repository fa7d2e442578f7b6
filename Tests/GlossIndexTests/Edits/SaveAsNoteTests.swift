import Foundation
import GlossIndex
import GlossSyntax
import TestSupport
import Testing

@Suite struct SaveAsNoteTests {
  static let created = Date(timeIntervalSince1970: 1_790_000_000)

  @Test(arguments: [
    ("Mémoire et reconstruction", "Mémoire et reconstruction"),
    ("../../etc/passwd", "etc passwd"),
    ("a/b\\c:d", "a b c d"),
    ("tab\tand\u{7}bell\nnewline", "tab and bell newline"),
    ("...hidden.", "hidden"),
    ("Trí nhớ 記憶 🧠", "Trí nhớ 記憶 🧠"),
    ("[[link]] #tag | pipe", "link tag pipe"),
    ("", "untitled"),
    ("///", "untitled"),
    ("con", "con note"),
    ("LPT1", "LPT1 note"),
  ])
  func titlesBecomeSafeFileStems(title: String, stem: String) {
    #expect(NoteFileName.stem(for: title) == stem)
  }

  @Test func longTitlesAreCappedOnACharacterBoundary() {
    let stem = NoteFileName.stem(for: String(repeating: "é", count: 200))
    #expect(stem.utf8.count <= NoteFileName.maximumStemBytes)
    #expect(stem == String(repeating: "é", count: NoteFileName.maximumStemBytes / 2))
  }

  @Test func namesInUseGetNumberSuffixes() throws {
    let workspace = Fixture.workspace(["notes/Idée.md": "# Idée\n", "notes/Idée-2.md": "x\n"])
    let change = try workspace.newNote(title: "Idée", dir: nil, created: Self.created) { $0 == "notes/Idée-3.md" }
    #expect(change.primaryPath == "notes/Idée-4.md")
    // Another case of the same name is taken too, for case-insensitive file systems.
    let other = try workspace.newNote(title: "IDÉE", dir: "notes", created: Self.created) { _ in false }
    #expect(other.primaryPath != "notes/IDÉE.md" || !workspace.isKnownPath("notes/IDÉE.md"))
  }

  @Test func folderOutsideTheWorkspaceIsRefused() {
    let workspace = Fixture.workspace([:])
    #expect(throws: CommandError.self) {
      try workspace.newNote(title: "x", dir: "../outside", created: Self.created) { _ in false }
    }
  }

  @Test func newNoteHasTitleAndCreatedDate() throws {
    let change = try Fixture.workspace([:]).newNote(title: "Ghi chú: mới", dir: "inbox", created: Self.created) { _ in
      false
    }
    #expect(
      change.operations == [
        .create(
          path: "inbox/Ghi chú mới.md", contents: "---\ntitle: \"Ghi chú: mới\"\ncreated: 2026-09-21T14:13:20Z\n---\n\n"
        )
      ])
  }

  @Test func selectionInANoteBecomesANoteAndALink() throws {
    let marked =
      "---\ntags: [mémoire]\n---\n# Bartlett\n\n⏩Schemata shape recall [@bartlett1932, p. 213]. #psychologie\n⏪Rest.\n"
    let text = MarkedText(marked)
    let workspace = Fixture.workspace(["notes/Bartlett.md": marked])
    let change = try workspace.saveAsNote(
      from: .note(path: "notes/Bartlett.md", bytes: Array(text.text.utf8), selection: text.ranges[0]), title: nil,
      created: Self.created
    ) { _ in false }
    let expected = """
      ---
      title: "Schemata shape recall [@bartlett1932, p. 213]. #psychologie"
      created: 2026-09-21T14:13:20Z
      tags: [mémoire, psychologie]
      origin: "[[Bartlett]]"
      ---

      Schemata shape recall [@bartlett1932, p. 213]. #psychologie

      """
    let stem = "Schemata shape recall @bartlett1932, p. 213 . psychologie"
    #expect(change.operations == [.create(path: "notes/\(stem).md", contents: expected)])
    #expect(
      change.edits == ["notes/Bartlett.md": [WorkspaceChange.Edit(range: text.ranges[0], newText: "[[\(stem)]]\n")]])
  }

  @Test func givenTitleNamesTheNote() throws {
    let marked = "⏩Une idée⏪ ici\n"
    let text = MarkedText(marked)
    let workspace = Fixture.workspace(["a.md": marked])
    let change = try workspace.saveAsNote(
      from: .note(path: "a.md", bytes: Array(text.text.utf8), selection: text.ranges[0]), title: "Idée",
      created: Self.created
    ) { _ in false }
    #expect(change.primaryPath == "Idée.md")
    #expect(change.edits == ["a.md": [WorkspaceChange.Edit(range: text.ranges[0], newText: "[[Idée]]")]])
  }

  @Test func selectionInASourceBecomesABlockquoteCitingItsLines() throws {
    let source =
      "---\nid: bartlett1932\ntitle: Remembering\ntags: [mémoire]\n---\nline six\n⏩Remembering is not the\nre-excitation of traces.\n⏪line nine\n"
    let text = MarkedText(source)
    let workspace = Fixture.workspace(["sources/bartlett.md": source])
    let change = try workspace.saveAsNote(
      from: .sourceDocument(path: "sources/bartlett.md", selection: text.ranges[0]), title: nil, created: Self.created
    ) { _ in false }
    let expected = """
      ---
      title: Remembering is not the
      created: 2026-09-21T14:13:20Z
      tags: [mémoire]
      origin: "@bartlett1932, ll. 7-8"
      ---

      > Remembering is not the
      > re-excitation of traces.
      > — [@bartlett1932, ll. 7-8]

      """
    #expect(change.operations == [.create(path: "Remembering is not the.md", contents: expected)])
    // The new note's quotation is attributed to the citation and resolves to the lines quoted.
    let note = Note(parsing: Array(expected.utf8))
    #expect(note.attributedQuotations(in: Array(expected.utf8)).map(\.kind) == [.blockQuote])
  }

  @Test func emptySelectionIsRefused() {
    let workspace = Fixture.workspace(["a.md": "text\n"])
    #expect(throws: CommandError.self) {
      try workspace.saveAsNote(
        from: .note(path: "a.md", bytes: Array("text\n".utf8), selection: 2..<2), title: nil, created: Self.created
      ) { _ in false }
    }
  }

  @Test func convertToSourceAddsAnIDAndMovesTheNote() throws {
    let note = "---\ntitle: Đà Lạt interview\n---\nText.\n"
    let workspace = Fixture.workspace([
      "notes/Đà Lạt interview.md": note, "sources/dà-lạt-interview.md": "---\nid: đà-lạt-interview\n---\n",
    ])
    let change = try workspace.convertToSource(
      path: "notes/Đà Lạt interview.md", bytes: Array(note.utf8), sourceFolder: "sources"
    ) { _ in false }
    #expect(
      change.edits == [
        "notes/Đà Lạt interview.md": [WorkspaceChange.Edit(range: 4..<4, newText: "id: đà-lạt-interview-2\n")]
      ])
    #expect(change.operations == [.rename(old: "notes/Đà Lạt interview.md", new: "sources/Đà Lạt interview.md")])
  }

  @Test func convertToSourceWithoutFrontMatterAddsOne() throws {
    let workspace = Fixture.workspace(["n.md": "Text.\n", "sources/n.md": "other\n"])
    let change = try workspace.convertToSource(path: "n.md", bytes: Array("Text.\n".utf8), sourceFolder: "sources") {
      _ in false
    }
    #expect(change.edits == ["n.md": [WorkspaceChange.Edit(range: 0..<0, newText: "---\nid: n-2\n---\n")]])
    #expect(change.operations == [.rename(old: "n.md", new: "sources/n-2.md")])
  }

  @Test func convertToSourceIsAWorkspaceChange() throws {
    let workspace = Fixture.workspace(["n.md": "Text.\n"])
    let change = try workspace.convertToSource(path: "n.md", bytes: Array("Text.\n".utf8), sourceFolder: "sources") {
      _ in false
    }
    #expect(
      change
        == WorkspaceChange(
          edits: ["n.md": [WorkspaceChange.Edit(range: 0..<0, newText: "---\nid: n\n---\n")]],
          operations: [.rename(old: "n.md", new: "sources/n.md")], primaryPath: "sources/n.md"))
  }

  /// Where a note saved from `origin` goes, in a workspace of `files`.
  private func newNoteFolder(_ files: [String: String], from origin: String) throws -> String {
    let workspace = Fixture.workspace(files)
    let bytes = Array((files[origin] ?? "").utf8)
    let change: WorkspaceChange
    if workspace.notes[origin] != nil {
      change = try workspace.saveAsNote(
        from: .note(path: origin, bytes: bytes, selection: 0..<bytes.count), title: "Mới 🦉", created: Self.created
      ) { _ in false }
    } else {
      change = try workspace.saveAsNote(
        from: .sourceDocument(path: origin, selection: 0..<bytes.count), title: "Mới 🦉", created: Self.created
      ) { _ in false }
    }
    return PathUtilities.folder(change.primaryPath ?? "")
  }

  @Test func withoutNewNoteDirTheNoteGoesBesideItsOriginNeverIntoANewNotesFolder() throws {
    let journal = ["journal/2024/a.md": "Ký ức 記憶\n", "journal/2024/b.md": "B\n", "index.md": "I\n"]
    #expect(try newNoteFolder(journal, from: "journal/2024/a.md") == "journal/2024")
    #expect(try newNoteFolder(journal, from: "index.md") == "")
    // From a source: the folder holding the most notes.
    let withSource = journal.merging(["sources/s.md": "---\nid: s\n---\nMột câu.\n"]) { $1 }
    #expect(try newNoteFolder(withSource, from: "sources/s.md") == "journal/2024")
    // A workspace that keeps its notes in `notes/` gets them there.
    #expect(try newNoteFolder(journal.merging(["notes/n.md": "N\n"]) { $1 }, from: "journal/2024/a.md") == "notes")
    // A configured folder always wins.
    var config = WorkspaceConfig()
    config.newNoteDir = "inbox"
    let workspace = Fixture.workspace(journal, config: config)
    let change = try workspace.saveAsNote(from: .text("Một ý"), title: nil, created: Self.created) { _ in false }
    #expect(change.primaryPath == "inbox/Một ý.md")
  }

  @Test func theOriginsBibliographyFollowsTheNewNote() throws {
    let marked = "---\nbibliography: ../refs/lý thuyết.bib\n---\n⏩Ý [@a]⏪\n"
    let text = MarkedText(marked)
    let workspace = Fixture.workspace(["drafts/deep/a.md": marked, "notes/b.md": "# B\n"])
    let change = try workspace.saveAsNote(
      from: .note(path: "drafts/deep/a.md", bytes: Array(text.text.utf8), selection: text.ranges[0]), title: nil,
      created: Self.created
    ) { _ in false }
    guard case .create(_, let note) = change.operations.first else {
      Issue.record("no note created")
      return
    }
    #expect(note.contains("\nbibliography: ../drafts/refs/lý thuyết.bib\n"))
  }

  @Test(arguments: [
    ("", "refs.bib", "refs.bib"), ("notes", "refs.bib", "../refs.bib"), ("a/b", "a/c/r.bib", "../c/r.bib"),
  ])
  func relativePathsClimbOutOfTheFolder(folder: String, path: String, expected: String) {
    #expect(NameRules.relativePath(from: folder, to: path) == expected)
  }
}

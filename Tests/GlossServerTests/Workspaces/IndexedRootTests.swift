import Foundation
import GlossIndex
import GlossSyntax
import TestSupport
import Testing

@testable import GlossServer

@Suite struct IndexedRootTests {
  private static let exampleRoot = Repository.url("examples/research").path

  /// Every diagnostic of an indexed root as `path:line: severity: message [code]`, sorted.
  private func dump(_ root: IndexedRoot, fileSystem: any FileSystem) -> [String] {
    root.workspace.diagnosticsByPath.sorted { $0.key < $1.key }.flatMap { path, diagnostics in
      let bytes = (try? fileSystem.contents(of: root.files.absolutePath(path))) ?? []
      return diagnostics.map { diagnostic in
        let line = bytes.prefix(diagnostic.range.lowerBound).count { $0 == 0x0A } + 1
        return "\(path):\(line): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code)]"
      }
    }
  }

  @Test func exampleResearchWorkspaceHasExactlyItsThreeDeliberateProblems() {
    let fs = LocalFileSystem()
    let root = IndexedRoot(root: Self.exampleRoot, editorSettings: nil, fileSystem: fs)
    #expect(root.skipped.isEmpty)
    #expect(root.workspace.notes.count == 17)
    #expect(root.workspace.sourceDocuments.count == 6)
    let codes = dump(root, fileSystem: fs).map { $0.split(separator: "[").last.map(String.init) ?? $0 }
    #expect(
      codes.sorted() == ["broken-link]", "unknown-source]", "unresolved-locator]"], "\(dump(root, fileSystem: fs))")
  }

  @Test func inMemoryRootIsIndexedWithConfigAndProblems() {
    let fs = InMemoryFileSystem(
      root: "/w",
      files: [
        ".gloss.json": #"{"quoteCheck": "yes"}"#,
        "notes/ghi chú.md": "# Ghi chú\n\nSee [[missing]] and [@smith2020].\n",
        "references.bib": "@book{smith2020, title = {Trí nhớ}, author = {Smith, Ann}, year = 2020}\n",
        "attachments/figure.png": "png",
        "notes/binary.md": "x\u{0}y",
      ]
    )
    let root = IndexedRoot(root: "/w", editorSettings: .object(["inlayHints": .bool(true)]), fileSystem: fs)
    #expect(root.config.config.inlayHints)
    #expect(root.config.fileProblems.map(\.message) == ["'quoteCheck' must be true or false, found a string"])
    #expect(root.files.otherFiles.map(\.path) == ["attachments/figure.png"])
    #expect(root.skipped.map(\.path) == ["notes/binary.md"])
    let codes = root.workspace.diagnosticsByPath.values.flatMap { $0.map(\.code) }.sorted()
    #expect(codes == ["broken-link", "malformed-config"])
  }

  @Test func utf16AndLatin1BibliographiesAreDecodedAndTheServerTextMatchesTheIndex() throws {
    var utf16: [UInt8] = [0xFF, 0xFE]
    for unit in "@book{wide, title = {Über}}\n".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let latin: [UInt8] = Array("@book{M".utf8) + [0xFC] + Array("ller, title = {T}}\n".utf8)
    let fs = InMemoryFileSystem(root: "/w", files: [:])
    fs.setFile("/w/wide.bib", utf16)
    fs.setFile("/w/latin.bib", latin)
    let root = IndexedRoot(root: "/w", editorSettings: nil, fileSystem: fs)
    #expect(root.skipped.isEmpty)
    #expect(root.workspace.source(forKey: "wide")?.title == "Über")
    #expect(root.texts["wide.bib"]?.string == "@book{wide, title = {Über}}\n")
    let latinDiagnostics = root.workspace.diagnostics(for: "latin.bib")
    #expect(latinDiagnostics.map(\.code) == ["malformed-bibliography"])
    // The diagnostic's range is in the text the server converts positions with.
    let text = try #require(root.texts["latin.bib"])
    let range = try #require(latinDiagnostics.first?.range)
    #expect(String(decoding: text.bytes[range], as: UTF8.self) == "\u{FFFD}")
  }

  /// Three notes (CJK, UTF-16 with a byte-order mark, invalid UTF-8 after a Vietnamese letter) and a bibliography.
  private static func notesInEveryEncoding() -> InMemoryFileSystem {
    var utf16: [UInt8] = [0xFF, 0xFE]
    for unit in "# Ghi chú 🦉\n\n[@wide]\n".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let fs = InMemoryFileSystem(
      root: "/w", files: ["notes/東京.md": "# 東京 ✨\n\n[@wide] [[wide16]]\n", "refs.bib": "@book{wide, title = {Ü}}\n"])
    fs.setFile("/w/notes/wide16.md", utf16)
    fs.setFile("/w/notes/broken.md", Array("Tiê".utf8) + [0xC3] + Array("́ng\n".utf8))
    return fs
  }

  /// The stamps a server releases closed notes' texts with are made as the notes are read: each is the stamp of the
  /// text the index holds (after UTF-16 decoding and repair), and only notes have one.
  @Test func notesAreStampedAsTheyAreReadWithTheTextTheIndexHolds() throws {
    let fs = Self.notesInEveryEncoding()
    let root = IndexedRoot(root: "/w", editorSettings: nil, fileSystem: fs, stampingNotes: true)
    #expect(root.noteStamps.keys.sorted() == ["notes/broken.md", "notes/wide16.md", "notes/東京.md"])
    for (path, stamp) in root.noteStamps {
      let text = try #require(root.texts[path])
      #expect(stamp == TextStamp(text.bytes), "\(path)")
    }
    #expect(try #require(root.texts["notes/wide16.md"]).string.hasPrefix("# Ghi chú 🦉"))
    #expect(IndexedRoot(root: "/w", editorSettings: nil, fileSystem: fs).noteStamps.isEmpty)
  }

  /// Indexed for the server, a root does not keep its notes' texts: each note has only the stamp of the text the index
  /// was given, and the index is the same as with the texts kept.
  @Test func withoutKeepingNoteTextsNotesHaveOnlyTheirStamps() throws {
    let fs = Self.notesInEveryEncoding()
    let kept = IndexedRoot(root: "/w", editorSettings: nil, fileSystem: fs, stampingNotes: true)
    let stamped = IndexedRoot(root: "/w", editorSettings: nil, fileSystem: fs, keepingNoteTexts: false)
    #expect(stamped.texts.keys.sorted() == ["refs.bib"])
    #expect(stamped.noteStamps == kept.noteStamps)
    #expect(stamped.noteStamps.count == 3)
    for path in kept.workspace.notes.keys.sorted() {
      #expect(stamped.workspace.notes[path]?.note == kept.workspace.notes[path]?.note, "\(path)")
    }
    #expect(
      stamped.workspace.diagnosedPaths.map { stamped.workspace.diagnostics(for: $0) }
        == kept.workspace.diagnosedPaths.map { kept.workspace.diagnostics(for: $0) })
  }

  @Test func plainJSONIsABibliographyWhenItHoldsCSLJSON() {
    let fs = InMemoryFileSystem(
      root: "/w",
      files: [
        "bibliography.json":
          #"[{"id": "manubot2019", "type": "article-journal", "title": "Open collaborative writing"}]"#,
        "data/results.json": #"{"runs": [1, 2, 3], "id": "not a bibliography"}"#,
        "data/broken.json": #"{"unterminated": "#,
        "package.json": #"[{"id": "x", "title": "never read"}]"#,
        "notes/n.md": "See [@manubot2019].\n",
      ]
    )
    let root = IndexedRoot(root: "/w", editorSettings: nil, fileSystem: fs)
    #expect(root.workspace.source(forKey: "manubot2019")?.title == "Open collaborative writing")
    #expect(root.workspace.source(forKey: "x") == nil)
    let problems = root.workspace.diagnosticsByPath.values.flatMap { $0 }
    #expect(problems.isEmpty)
  }

  /// A file a `file` field names inside the root but outside the sources folder (Zotero's `attachments/…`) is a
  /// source the scan watches, not an "other file": the first periodic scan after indexing used to see it change
  /// from unread to source and re-read every such file on the loop (58 s after ready on the large benchmark
  /// workspace, with its 475 attachments).
  @Test func filesNamedByFileFieldsAreNotSeenAsChangedByTheFirstScan() {
    let fs = InMemoryFileSystem(
      root: "/w",
      files: [
        "references.bib": """
        @book{smith2020, title = {Trí nhớ}, file = {Full Text:attachments/smith-fulltext.txt:text/plain}}
        @book{lê2021, title = {Ký ức}, file = {:attachments/lê 記憶.txt:text/plain}}
        """,
        "attachments/smith-fulltext.txt": "The river runs.\n",
        "attachments/lê 記憶.txt": "Dòng sông chảy.\n",
        "attachments/figure.png": "png",
        "notes/n.md": "As [@smith2020, l. 1] and [@lê2021, l. 1] say.\n",
      ]
    )
    let root = IndexedRoot(root: "/w", editorSettings: nil, fileSystem: fs)
    #expect(
      root.workspace.sourceDocuments.keys.sorted() == ["attachments/lê 記憶.txt", "attachments/smith-fulltext.txt"])
    #expect(root.files.otherFiles.map(\.path) == ["attachments/figure.png"])
    let (_, changes) = root.files.rescanned(fileSystem: fs)
    #expect(changes.isEmpty, "\(changes)")
  }
}

import GlossIndex
import GlossSyntax
import Synchronization
import TestSupport
import Testing

@testable import GlossServer

/// A note or text source known from an earlier run (`KnownText`: its listing and text stamp) whose listing is
/// unchanged is taken from the note image without being read; one whose listing changed is read and parsed, whatever
/// the image holds.
@Suite struct KnownTextsTests {
  /// An in-memory file system that records the files read.
  final class Recording: FileReading, @unchecked Sendable {
    let base: InMemoryFileSystem
    private let lock = Mutex<[String]>([])

    init(_ base: InMemoryFileSystem) { self.base = base }

    /// The absolute paths read so far.
    var read: [String] { lock.withLock { $0 } }

    func contents(of path: String) throws(FileSystemError) -> [UInt8] {
      lock.withLock { $0.append(path) }
      return try base.contents(of: path)
    }
    func listing(of directory: String) throws(FileSystemError) -> [DirectoryItem] { try base.listing(of: directory) }
    func status(of path: String) throws(FileSystemError) -> FileStatus { try base.status(of: path) }
    func realPath(of path: String) throws(FileSystemError) -> String { try base.realPath(of: path) }
    func entryKind(of path: String) throws(FileSystemError) -> EntryKind? { try base.entryKind(of: path) }
    func isWritable(_ path: String) -> Bool { base.isWritable(path) }
  }

  @Test func anUnchangedKnownNoteIsTakenFromTheImageUnread() throws {
    let memory = InMemoryFileSystem(
      root: "/w",
      files: [
        "notes/a.md": "# A\n\nSee [[b]] and [@smith2020] and [@nobody].\n",
        "notes/b.md": "# B\n\n## Details\n\nNothing [@smith2020].\n",
        "references.bib": "@book{smith2020, title = {Rivers}, author = {Smith, Ann}, year = 2020}\n",
      ])
    let first = IndexedRoot(root: "/w", editorSettings: nil, fileSystem: memory, stampingNotes: true)
    let image = try #require(
      NoteImage(
        decoding: NoteImage.encode(
          first.workspace.notes.values.compactMap { record in
            first.noteStamps[record.path].map { (record, $0.count, $0.fingerprint) }
          }, build: "test"), build: "test"))
    var known: [String: KnownText] = [:]
    for file in first.files.files where file.role == .note {
      let stamp = try #require(first.noteStamps[file.path])
      known[file.path] = KnownText(file: file, count: stamp.count, fingerprint: stamp.fingerprint)
    }
    // `b` changes; `a` keeps its listing.
    memory.setFile("/w/notes/b.md", "# B\n\n## Specifics\n\nNothing [@smith2020].\n")
    let recording = Recording(memory)
    let second = IndexedRoot(
      root: "/w", editorSettings: nil, fileSystem: recording, stampingNotes: true, noteImage: image,
      knownTexts: known)
    #expect(!recording.read.contains("/w/notes/a.md"))
    #expect(recording.read.contains("/w/notes/b.md"))
    #expect(second.notesFromImage == 1)
    #expect(second.texts["notes/a.md"] == nil)
    #expect(second.noteStamps["notes/a.md"] == first.noteStamps["notes/a.md"])
    // What the index holds is what a load reading every file holds.
    let fresh = IndexedRoot(root: "/w", editorSettings: nil, fileSystem: memory)
    #expect(second.workspace.diagnosticsByPath == fresh.workspace.diagnosticsByPath)
    #expect(Set(second.workspace.notes.keys) == Set(fresh.workspace.notes.keys))
  }

  /// A note quoting two sources (one passage found, one not, one in the other source as it is changed below).
  static let quotingSources = [
    "notes/a.md": "# A\n\nIt says \"quiet water runs deep\" [@doc, l. 1], \"still water runs shallow\" [@doc]"
      + " and \"the sea\" [@other].\n",
    "sources/doc.txt": "Quiet water runs deep.\nTiếng Việt 東京 🎉\n",
    "sources/other.md": "---\ntitle: Other\n---\n# One\n\nThe river.\n",
  ]

  @Test func anUnchangedKnownSourceIsTakenFromTheImageUnreadAndItsTextReadWhenNeeded() throws {
    let memory = InMemoryFileSystem(root: "/w", files: Self.quotingSources)
    let first = IndexedRoot(root: "/w", editorSettings: nil, fileSystem: memory, stampingNotes: true)
    #expect(Set(first.sourceStamps.keys) == ["sources/doc.txt", "sources/other.md"])
    let sources = first.workspace.sourceDocuments.values.compactMap { record in
      record.document.parts.map { (record, $0) }
    }
    let image = try #require(
      NoteImage(
        decoding: NoteImage.encode(
          first.workspace.notes.values.compactMap { record in
            first.noteStamps[record.path].map { (record, $0.count, $0.fingerprint) }
          }, sources: sources, build: "test"), build: "test"))
    var known: [String: KnownText] = [:]
    for file in first.files.files {
      guard let stamp = first.noteStamps[file.path] ?? first.sourceStamps[file.path] else { continue }
      known[file.path] = KnownText(file: file, count: stamp.count, fingerprint: stamp.fingerprint)
    }
    // `other.md` changes (now holding the quotation); `doc.txt` keeps its listing.
    memory.setFile("/w/sources/other.md", "---\ntitle: Other\n---\n# One\n\nThe river runs to the sea.\n")
    let recording = Recording(memory)
    var second = IndexedRoot(
      root: "/w", editorSettings: nil, fileSystem: recording, stampingNotes: true, diagnosing: false,
      noteImage: image, knownTexts: known)
    #expect(!recording.read.contains("/w/sources/doc.txt"))
    #expect(recording.read.contains("/w/sources/other.md"))
    #expect(second.sourcesFromImage == 1)
    #expect(
      second.sourceStamps
        == first.sourceStamps.merging(
          ["sources/other.md": TextStamp(Array("---\ntitle: Other\n---\n# One\n\nThe river runs to the sea.\n".utf8))]
        ) { $1 })
    // Its text is read when a query needs it, and the diagnosis checks quotations against it: what a load reading
    // every file holds.
    let text = second.workspace.textDocument(at: "sources/doc.txt")?.text
    #expect(text == Array("Quiet water runs deep.\nTiếng Việt 東京 🎉\n".utf8))
    IndexedRoot.diagnose(&second.workspace, files: second.files, fileSystem: recording)
    let fresh = IndexedRoot(root: "/w", editorSettings: nil, fileSystem: memory)
    #expect(second.workspace.diagnosticsByPath == fresh.workspace.diagnosticsByPath)
    #expect(!fresh.workspace.diagnosticsByPath.isEmpty)
    #expect(
      second.workspace.sourceDocuments.mapValues(\.document.headings)
        == fresh.workspace.sourceDocuments.mapValues(\.document.headings))
  }

  /// Without the restart snapshot's word for them (a file changed since the last run), the sources are read; those
  /// read as they were parsed before are taken from the image rather than parsed again, and the diagnosis, which
  /// checks the quotations against them, is a fresh load's.
  @Test func aSourceReadAsItWasParsedBeforeIsTakenFromTheImage() throws {
    let memory = InMemoryFileSystem(root: "/w", files: Self.quotingSources)
    let first = IndexedRoot(root: "/w", editorSettings: nil, fileSystem: memory, stampingNotes: true)
    let sources = first.workspace.sourceDocuments.values.compactMap { record in
      record.document.parts.map { (record, $0) }
    }
    let image = try #require(
      NoteImage(decoding: NoteImage.encode([], sources: sources, build: "test"), build: "test"))
    memory.setFile("/w/sources/other.md", "---\ntitle: Other\n---\n# One\n\nThe river runs to the sea.\n")
    let second = IndexedRoot(root: "/w", editorSettings: nil, fileSystem: memory, stampingNotes: true, noteImage: image)
    #expect(second.sourcesFromImage == 1)
    #expect(second.sourceStamps["sources/doc.txt"] == first.sourceStamps["sources/doc.txt"])
    let fresh = IndexedRoot(root: "/w", editorSettings: nil, fileSystem: memory)
    #expect(second.workspace.diagnosticsByPath == fresh.workspace.diagnosticsByPath)
    #expect(second.workspace.diagnosticsByPath["notes/a.md"]?.count == 1)
    #expect(
      second.workspace.sourceDocuments.mapValues(\.document.headings)
        == fresh.workspace.sourceDocuments.mapValues(\.document.headings))
  }

  /// A text named by a bibliography's `file` field (outside the sources the walk finds) is taken from the image too.
  @Test func anUnchangedSourceNamedByABibliographyIsTakenFromTheImageUnread() throws {
    let memory = InMemoryFileSystem(
      root: "/w",
      files: [
        "notes/a.md": "# A\n\nIt says \"the flow is long\" [@smith2020] and \"the flow is short\" [@smith2020].\n",
        "references.bib": "@book{smith2020, title = {Rivers}, file = {attachments/smith.txt}}\n",
        "attachments/smith.txt": "The flow is long.\n",
      ])
    let first = IndexedRoot(root: "/w", editorSettings: nil, fileSystem: memory, stampingNotes: true)
    #expect(first.sourceStamps.keys.contains("attachments/smith.txt"))
    let sources = first.workspace.sourceDocuments.values.compactMap { record in
      record.document.parts.map { (record, $0) }
    }
    let image = try #require(
      NoteImage(decoding: NoteImage.encode([], sources: sources, build: "test"), build: "test"))
    var known: [String: KnownText] = [:]
    for file in first.files.files {
      guard let stamp = first.sourceStamps[file.path] else { continue }
      known[file.path] = KnownText(file: file, count: stamp.count, fingerprint: stamp.fingerprint)
    }
    let recording = Recording(memory)
    var second = IndexedRoot(
      root: "/w", editorSettings: nil, fileSystem: recording, stampingNotes: true, diagnosing: false,
      noteImage: image, knownTexts: known)
    #expect(!recording.read.contains("/w/attachments/smith.txt"))
    #expect(second.sourcesFromImage == 1)
    #expect(second.sourceStamps == first.sourceStamps)
    IndexedRoot.diagnose(&second.workspace, files: second.files, fileSystem: recording)
    #expect(second.workspace.diagnosticsByPath == first.workspace.diagnosticsByPath)
    #expect(first.workspace.diagnosticsByPath["notes/a.md"]?.isEmpty == false)
  }
}

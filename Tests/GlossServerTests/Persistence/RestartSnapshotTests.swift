import Foundation
import GlossServer
import LanguageServerProtocol
import TestSupport
import Testing

/// Restarts with nothing changed publish the last run's diagnostics before indexing; every way a file can change
/// between two runs makes the restart index from scratch, and what the client is shown is exactly what a cold start
/// shows, first and last.
@Suite struct RestartSnapshotTests {
  static let files: [String: String] = [
    "references.bib": """
    @book{smith2020, title = {Rivers}, author = {Smith, Ann}, year = 2020}
    @book{jones2019, title = {Lakes}, author = {Jones, Bo}, year = 2019}
    """,
    "notes/a.md": """
    # A

    See [[b]] and [the details](b.md#details).

    Smith writes about rivers [@smith2020, p. 4]. Jones agrees [@jones2019]. Nobody does [@nobody2000].

    The source says "quiet water runs deep" [@doc], and the paper "the flow of the river is short" [@paper, p. 1].
    """,
    "notes/b.md": """
    # B

    ## Details

    Nothing here [@doc].
    """,
    "sources/doc.txt": "Quiet water runs deep.\n",
    "sources/paper.pdf": "The flow of the river is long.\n\u{0C}",
  ]

  /// A change made to the workspace (or to the cache) between two runs.
  enum Change: String, CaseIterable, CustomTestStringConvertible {
    case sameSizeAndModificationTimeRestored, deleted, renamed, replacedByFolder, bibliographyRewritten
    case configCreated, configChanged, sourceTextReplaced, sourcePDFReplaced, noteAdded, referencedFileAppeared
    case extractedTextRemoved, htmlPageRewritten, sourceRewrittenSameLength

    var testDescription: String { rawValue }

    func apply(to fixture: RestartFixture) throws {
      switch self {
      case .sameSizeAndModificationTimeRestored:
        let before = try fixture.status("notes/a.md")
        let text = try fixture.text("notes/a.md")
        // One key for another of the same length: the size stays, and the time is set back.
        try fixture.write("notes/a.md", text.replacingOccurrences(of: "@jones2019", with: "@jones2018"))
        try fixture.restoreModificationTime("notes/a.md", from: before)
        let after = try fixture.status("notes/a.md")
        #expect(after.st_size == before.st_size)
        #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        try #require(
          after.st_ctim.tv_sec != before.st_ctim.tv_sec || after.st_ctim.tv_nsec != before.st_ctim.tv_nsec,
          "the file system's change time did not move")
      case .deleted: try fixture.remove("notes/b.md")
      case .renamed: try fixture.move("notes/b.md", to: "notes/c.md")
      case .replacedByFolder:
        try fixture.remove("notes/b.md")
        try fixture.write("notes/b.md/inside.txt", "not a note")
      case .bibliographyRewritten:
        try fixture.write("references.bib", "@book{smith2020, title = {Rivers}, author = {Smith, Ann}, year = 2020}\n")
      case .configCreated: try fixture.write(".gloss.json", #"{"diagnostics": {"unknown-source": "hint"}}"#)
      case .configChanged: try fixture.write(".gloss.json", #"{"diagnostics": {"unknown-source": "off"}}"#)
      case .sourceTextReplaced: try fixture.write("sources/doc.txt", "Still water.\n")
      case .sourcePDFReplaced: try fixture.write("sources/paper.pdf", "Something else entirely.\n\u{0C}")
      case .sourceRewrittenSameLength:
        // Other words, as many bytes: only the file's stamp tells.
        try fixture.write("sources/doc.txt", "Quiet river runs deep.\n")
      case .htmlPageRewritten:
        // The same words on other lines, with other markup: its text is the same, its lines and offsets are not.
        try fixture.write(
          "sources/page.html",
          "<html><head><title>Ponds</title></head><body class=\"x\">\n\n\n<h1 id=\"p\">Ponds</h1><p>Still ponds "
            + "hold &amp; keep cold water.</p>\n</body></html>\n")
      case .noteAdded: try fixture.write("notes/c.md", "# C\n\nCiting [@nobody].\n")
      case .extractedTextRemoved:
        // The PDF is as it was, but its text is no longer in the cache: a cold start extracts it again.
        try FileManager.default.removeItem(atPath: fixture.cache + "/texts")
      case .referencedFileAppeared:
        // The note names a bibliography outside the workspace that did not exist on the first run.
        try fixture.writeOutside(
          "library/extra.bib", "@book{nobody2000, title = {Ponds}, author = {Nobody, A.}, year = 2000}\n")
      }
    }

    /// The files of the first run (a config for the change that edits one, a note naming a missing bibliography for
    /// the one that makes it appear).
    var files: [String: String] {
      var files = RestartSnapshotTests.files
      switch self {
      case .configChanged: files[".gloss.json"] = #"{"diagnostics": {"unknown-source": "hint"}}"#
      case .referencedFileAppeared:
        files["notes/a.md"] = "---\nbibliography: ../../library/extra.bib\n---\n" + (files["notes/a.md"] ?? "")
      default: break
      }
      return files
    }
  }

  // A PDF whose text arrived without changing any diagnostic (every quotation against it found) left the snapshot
  // refused while its text was pending unsaved: nothing a snapshot is made from had changed since.
  @Test func aTextThatArrivesWithoutChangingADiagnosticIsSavedToo() throws {
    var files = Self.files
    files["notes/a.md"] = "# A\n\nThe paper says \"The flow of the river is long\" [@paper, p. 1].\n"
    let fixture = try RestartFixture(files: files)
    let first = try fixture.run()
    #expect(first.saved, "\(first.logs)")
    #expect(try fixture.run().replayed)
  }

  @Test func aRestartWithNothingChangedPublishesTheLastRunsDiagnosticsOnceAndExactly() throws {
    let fixture = try RestartFixture(files: Self.files)
    let first = try fixture.run()
    #expect(!first.replayed)
    #expect(first.saved)
    #expect(FileManager.default.fileExists(atPath: fixture.snapshotFile))
    let before = try fixture.copyOfCache()
    let warm = try fixture.run()
    let cold = try fixture.run(restarts: false, cache: before)
    #expect(warm.replayed)
    #expect(warm.first == cold.first)
    #expect(warm.last == cold.last)
    // The index found the same diagnostics: nothing was published twice, and the snapshot was not rewritten.
    #expect(warm.counts == cold.counts)
    #expect(!warm.saved)
    #expect(warm.last.values.contains { $0.contains { $0.contains("quote-mismatch") || $0.contains("unknown") } })
  }

  @Test func theReplayIsHandedOverWholeToBeWrittenWhileTheIndexIsBuilt() throws {
    let fixture = try RestartFixture(files: Self.files)
    let first = try fixture.run(writingInBackground: true)
    #expect(first.backgroundRuns.isEmpty)
    let warm = try fixture.run(writingInBackground: true)
    #expect(warm.replayed)
    #expect(warm.backgroundRuns == [first.first.count])
    #expect(warm.last == first.last)
    #expect(warm.logs.contains { $0.contains("(written while indexing)") })
  }

  @Test(arguments: Change.allCases)
  func aRestartAfterAChangeShowsWhatAColdStartShows(_ change: Change) throws {
    let fixture = try RestartFixture(files: change.files)
    let first = try fixture.run()
    #expect(first.saved)
    try change.apply(to: fixture)
    let before = try fixture.copyOfCache()
    let warm = try fixture.run()
    let cold = try fixture.run(restarts: false, cache: before)
    #expect(!warm.replayed)
    #expect(warm.first == cold.first)
    #expect(warm.last == cold.last)
    // The change matters to the diagnostics, so a snapshot taken for the changed files would show (a text to
    // extract again matters until it is extracted).
    #expect((change == .extractedTextRemoved ? cold.first : cold.last) != first.last)
    // The run after the change saved a snapshot of its own, and the next restart uses it.
    #expect(warm.saved)
    let again = try fixture.run()
    #expect(again.replayed)
    // What the replay shows is where the cold start ended (after extracting a replaced PDF's text, say).
    #expect(again.first == cold.last)
  }

  /// The files without the PDF, whose extraction would keep the first snapshot from being taken at start.
  static var filesWithoutPDF: [String: String] { files.filter { $0.key != "sources/paper.pdf" } }

  /// A change on disk while the server runs (with the file's size and modification time set back, or not) is
  /// indexed by the periodic scan and saved once it settles.
  @Test(arguments: [false, true])
  func aChangeSeenWhileRunningIsSavedOnceItSettles(restoringTime: Bool) throws {
    let fixture = try RestartFixture(files: Self.filesWithoutPDF)
    let first = try fixture.run {
      let before = try fixture.status("notes/a.md")
      let text = try fixture.text("notes/a.md")
      try fixture.write("notes/a.md", text.replacingOccurrences(of: "@jones2019", with: "@jones2018"))
      if restoringTime { try fixture.restoreModificationTime("notes/a.md", from: before) }
    }
    #expect(first.logs.filter { $0.contains("saved the restart snapshot") }.count == 2)
    let before = try fixture.copyOfCache()
    let warm = try fixture.run()
    let cold = try fixture.run(restarts: false, cache: before)
    #expect(warm.replayed)
    #expect(warm.first == cold.first)
    #expect(cold.last != first.first)
  }

  /// A snapshot validated as current whose notifications differ from what the index gives (only a change the stamps
  /// missed could do that) is put right: the index's check, made off the loop once it is built, sends again what
  /// differs and saves a new snapshot, and the client ends where a cold start ends.
  @Test func whatAValidatedSnapshotGotWrongIsPublishedAgainOnceTheIndexIsBuilt() throws {
    let fixture = try RestartFixture(files: Self.filesWithoutPDF)
    _ = try fixture.run()
    let path = fixture.snapshotFile
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    var snapshot = try #require(RestartSnapshot(decoding: bytes, build: RestartFixture.build))
    let note = try #require(snapshot.published.firstIndex { $0.path == "notes/a.md" })
    let uri = FileURI(filePath: fixture.root + "/notes/a.md").string
    snapshot.published[note].body = DiagnosticJSON.publishBody(uri: uri, version: nil, diagnostics: [])
    try Data(snapshot.encoded).write(to: URL(fileURLWithPath: path))
    let before = try fixture.copyOfCache()
    let warm = try fixture.run()
    let cold = try fixture.run(restarts: false, cache: before)
    #expect(warm.replayed)
    #expect(warm.first[uri] == [])
    #expect(cold.last[uri]?.isEmpty == false)
    #expect(warm.last == cold.last)
    #expect(warm.counts[uri] == 2)
    #expect(warm.logs.contains { $0.contains("differed from the index for 1 files, published again") })
    #expect(warm.saved)
    // The saved snapshot holds what the index gives.
    let again = try fixture.run()
    #expect(again.replayed)
    #expect(again.first == cold.last)
    #expect(!again.saved)
  }

  /// Opening notes whose buffers are their files changes nothing a snapshot holds: the one taken at start is not
  /// made and written again (on a large workspace that is seconds of work and tens of megabytes per note opened).
  @Test func openingNotesAsTheyAreOnDiskSavesNoNewSnapshot() throws {
    let fixture = try RestartFixture(files: Self.filesWithoutPDF)
    let opening = try ["notes/a.md", "notes/b.md"].reduce(into: [String: String]()) { $0[$1] = try fixture.text($1) }
    let first = try fixture.run(opening: opening)
    #expect(first.logs.filter { $0.contains("saved the restart snapshot") }.count == 1)
    let warm = try fixture.run(opening: opening)
    #expect(warm.replayed)
    #expect(!warm.saved)
  }

  @Test func anUnsavedBufferIsNeverTakenForTheFile() throws {
    let fixture = try RestartFixture(files: Self.filesWithoutPDF)
    let first = try fixture.run(opening: ["notes/b.md": "# B\n\nUnsaved [@nobody2001].\n"])
    #expect(first.logs.contains { $0.contains("not saved: a document has unsaved changes") })
    let before = try fixture.copyOfCache()
    let warm = try fixture.run()
    let cold = try fixture.run(restarts: false, cache: before)
    // The snapshot taken at start, before the buffer was opened, still describes the files.
    #expect(warm.replayed)
    #expect(warm.first == cold.first)
    #expect(!warm.first.values.joined().contains { $0.contains("nobody2001") })
  }

  /// Many clients send their settings again right after start; settings with the same meaning do not re-index, so
  /// the snapshot taken after a later change still belongs to the settings the next start is given.
  @Test func settingsSentAgainUnchangedKeepTheSnapshotUsable() throws {
    let fixture = try RestartFixture(files: Self.filesWithoutPDF)
    // `quoteCheck` on is the default: the same meaning as no settings at all.
    let first = try fixture.run(configuration: .object(["gloss": .object(["quoteCheck": .bool(true)])])) {
      try fixture.write("notes/b.md", "# B\n\nChanged [@nobody2001].\n")
    }
    #expect(first.logs.filter { $0.contains("saved the restart snapshot") }.count == 2)
    let before = try fixture.copyOfCache()
    let warm = try fixture.run()
    let cold = try fixture.run(restarts: false, cache: before)
    #expect(warm.replayed)
    #expect(warm.first == cold.first)
  }

  /// Eglot sends its settings (none: `{}`) right after every start: the restarted workspace answers at once, without
  /// waiting for its diagnosis, and re-reads nothing.
  @Test(arguments: [JSONValue.object([:]), .null, .object(["gloss": .object([:])])])
  func settingsSentAgainUnchangedDoNotWaitForTheDiagnosis(settings: JSONValue) throws {
    let fixture = try RestartFixture(files: Self.filesWithoutPDF)
    #expect(try fixture.run().saved)
    let text = try fixture.text("notes/a.md")
    let hover = try #require(
      RestartFixture.questions(at: [("@smith2020", 2, [.hover])], in: text, path: "notes/a.md").first)
    let restart = try fixture.sendSettings(settings, thenAsk: hover, whileTheDiagnosisIsHeldFor: 1.5)
    #expect(restart.logs.contains { $0.contains("from its restart snapshot") })
    #expect(!restart.logs.contains { $0.contains("for the diagnosis of a restarted workspace") }, "\(restart.logs)")
    #expect(restart.stillAwaited)
    #expect(restart.answer.contains("smith2020"))
  }

  @Test func otherEditorSettingsAreAChange() throws {
    let fixture = try RestartFixture(files: Self.files)
    _ = try fixture.run(settings: .object(["diagnostics": .object(["unknown-source": .string("off")])]))
    let before = try fixture.copyOfCache()
    let warm = try fixture.run()
    let cold = try fixture.run(restarts: false, cache: before)
    #expect(!warm.replayed)
    #expect(warm.first == cold.first)
  }

  /// A change to the cache file itself.
  enum Damage: String, CaseIterable, CustomTestStringConvertible {
    case truncated, byteChanged, otherFormatVersion, otherBuild, empty, garbage

    var testDescription: String { rawValue }

    /// Damages the file at `path` this way. `otherBuild` changes the byte at `buildByte`, one of the build written
    /// in the file, when given; else it leaves the file as it is (the reader then claims another build).
    func apply(toFile path: String, buildByte: Int? = nil) throws {
      var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
      switch self {
      case .truncated: bytes = Array(bytes.prefix(bytes.count / 2))
      case .byteChanged: bytes[bytes.count - 10] ^= 0x20
      case .otherFormatVersion: bytes[8] &+= 1
      case .otherBuild: if let buildByte { bytes[buildByte] &+= 1 }
      case .empty: bytes = []
      case .garbage: bytes = Array(repeating: 0x47, count: 64)
      }
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
  }

  @Test func leftoversOfKilledSnapshotWritesAreRemovedOnlyWhenTheyAreGlossAndOld() throws {
    let fixture = try RestartFixture(files: Self.files)
    _ = try fixture.run()
    let folder = URL(fileURLWithPath: fixture.snapshotFile).deletingLastPathComponent().path
    let snapshot = URL(fileURLWithPath: fixture.snapshotFile).lastPathComponent
    // Times as the server's clock tells them (`ServerOptions.silent`).
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    let twoHoursAgo = now.addingTimeInterval(-7200)
    // A write killed two hours ago; one still being written by another Gloss (a minute old); files Gloss did not
    // name, however old.
    let old = ".\(snapshot).999999-17.gloss-tmp"
    let recent = ".\(snapshot).999998-18.gloss-tmp"
    let others = ["notes.gloss-tmp", ".\(snapshot).gloss-tmp", "keep.txt"]
    for (name, date) in [(old, twoHoursAgo), (recent, now.addingTimeInterval(-60))] + others.map({ ($0, twoHoursAgo) })
    {
      let path = folder + "/" + name
      try Data("partial".utf8).write(to: URL(fileURLWithPath: path))
      try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
    }
    let second = try fixture.run()
    #expect(second.replayed)
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
    #expect(!left.contains(old))
    #expect(left.isSuperset(of: [recent, snapshot] + others))
    #expect(second.logs.contains("removed 1 leftover temporary file(s) of restart snapshots"))
  }

  @Test(arguments: Damage.allCases)
  func aDamagedOrForeignSnapshotIsThrownAwayWhole(_ damage: Damage) throws {
    let fixture = try RestartFixture(files: Self.files)
    _ = try fixture.run()
    let path = fixture.snapshotFile
    try damage.apply(toFile: path)
    let build = damage == .otherBuild ? "another-build" : RestartFixture.build
    let before = try fixture.copyOfCache()
    let warm = try fixture.run(build: build)
    let cold = try fixture.run(restarts: false, build: build, cache: before)
    #expect(!warm.replayed)
    #expect(warm.first == cold.first)
    #expect(warm.last == cold.last)
    #expect(warm.saved)
  }
}

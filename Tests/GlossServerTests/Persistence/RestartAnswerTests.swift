import Foundation
import GlossIndex
import GlossServer
import LanguageServerProtocol
import TestSupport
import Testing

/// A restart with nothing changed answers hover, definition, references and completion before its diagnosis is in
/// (the restart snapshot showed the diagnostics; docs/contributing/architecture.md, "Restarts"), and every answer,
/// then and later, is a cold start's; every way the files or the snapshot can change between runs gives a cold
/// start's answers too.
@Suite struct RestartAnswerTests {
  static let files: [String: String] = [
    "references.bib": """
    @book{smith2020, title = {Rivers}, author = {Smith, Ann}, year = 2020}
    @book{jones2019, title = {Lakes}, author = {Jones, Bo}, year = 2019}
    """,
    "notes/a.md": """
    # A

    Tiếng Việt 東京 🎉 see [[b]] and [the details](b.md#details). #river

    Smith writes about rivers [@smith2020, p. 4]. Jones agrees [@jones2019]. Nobody does [@nobody2000].

    The source says "quiet water runs deep" [@doc], and the paper "the flow of the river is short" [@paper, p. 1].

    The page says "still ponds hold & keep cold water" [@page, l. 5].
    """,
    "notes/b.md": """
    # B

    ## Details

    Nothing here [@doc]. Smith again [@smith2020]. #river
    """,
    "sources/doc.txt": "Quiet water runs deep.\n",
    "sources/page.html": """
    <html><head><title>Ponds</title></head>
    <body>
    <h1>Ponds</h1>
    <p>Still ponds hold &amp; keep
    cold water.</p>
    </body></html>
    """,
    "sources/paper.pdf": "The flow of the river is long.\n\u{0C}",
  ]

  /// Where each question is asked: the text to find in `notes/a.md` (its current text), how far into it, and what.
  static let places: [(needle: String, offset: Int, kinds: [RestartFixture.Question.Kind])] = [
    ("[[b]]", 2, [.hover, .definition, .codeLens]),
    ("#river", 2, [.hover, .references]),
    ("@smith2020", 2, [.hover, .definition, .references]),
    ("@smith2020", 4, [.completion]),
    ("@jones2019", 3, [.hover, .completion]),
    ("@nobody2000", 2, [.hover]),
    ("quiet water", 3, [.hover]),
    ("@doc", 2, [.hover, .definition, .references]),
    ("@paper", 2, [.hover, .definition]),
    ("@page", 2, [.hover, .definition]),
    ("still ponds", 3, [.hover]),
  ]

  @Test func aNoteImageWithoutPositionTablesHasThemMadeFromTheFiles() throws {
    let fixture = try RestartFixture(files: Self.files)
    #expect(try fixture.run().saved)
    // The image written again without position tables, as a command-line run that keeps the notes' texts writes it.
    let indexed = IndexedRoot(
      root: fixture.root, editorSettings: nil, fileSystem: LocalFileSystem(), stampingNotes: true)
    #expect(indexed.noteStamps.count == 2 && indexed.noteStamps.values.allSatisfy { $0.positions == nil })
    let realRoot = try LocalFileSystem().realPath(of: fixture.root)
    try NoteImageCache(directory: fixture.cache, fileSystem: LocalFileSystem(), build: RestartFixture.build).store(
      notes: indexed.workspace.notes, stamps: indexed.noteStamps, maps: indexed.workspace.noteMaps,
      sources: indexed.workspace.sourceDocuments, sourceStamps: indexed.sourceStamps,
      bibliographies: indexed.workspace.bibliographies, bibliographyStamps: indexed.bibliographyStamps,
      forRealRoot: realRoot)
    let questions = try Self.questions(in: fixture)
    let before = try fixture.copyOfCache()
    let warm = try fixture.ask(questions, opening: ["notes/a.md"], holdingBackground: true)
    let cold = try fixture.ask(questions, restarts: false, cache: before, opening: ["notes/a.md"])
    #expect(warm.run.logs.contains { $0.contains("2 notes (2 from the note image), 2 of them not read") })
    // The notes not read got their position tables from their files: those the early references needed from those
    // requests, the others in the background.
    #expect(warm.untabledBeforeEarly == 2)
    #expect(warm.untabledAfterEarly < warm.untabledBeforeEarly)
    #expect(warm.releasedWithoutPositions == 0)
    for (question, (early, expected)) in zip(questions, zip(warm.early, cold.late)) {
      #expect(early == expected, "\(question)")
    }
    #expect(warm.late == cold.late)
  }

  /// The questions at `places` in the note as it is now (UTF-16 columns: the line before holds Vietnamese, Japanese
  /// and an emoji); places the note no longer has are left out.
  static func questions(in fixture: RestartFixture) throws -> [RestartFixture.Question] {
    guard let text = try? fixture.text("notes/a.md") else { return [] }
    return RestartFixture.questions(at: places, in: text, path: "notes/a.md")
  }

  @Test func aRestartAnswersBeforeItsDiagnosisWhatAColdStartAnswers() throws {
    let fixture = try RestartFixture(files: Self.files)
    #expect(try fixture.run().saved)
    let questions = try Self.questions(in: fixture)
    #expect(questions.count == 21)
    let before = try fixture.copyOfCache()
    let warm = try fixture.ask(questions, opening: ["notes/a.md"], holdingBackground: true)
    let cold = try fixture.ask(questions, restarts: false, cache: before, opening: ["notes/a.md"])
    #expect(warm.run.replayed)
    // The notes were taken from the note image the first run wrote, not parsed.
    #expect(warm.run.logs.contains { $0.contains("2 notes (2 from the note image), 2 of them not read") })
    #expect(cold.run.logs.contains { $0.contains("2 notes (0 from the note image)") })
    // So were the text source and the HTML page, unread (the PDF's text comes from the extraction cache).
    #expect(warm.run.logs.contains { $0.contains("3 source documents (2 from the note image)") })
    #expect(cold.run.logs.contains { $0.contains("3 source documents (0 from the note image)") })
    // Answered while the diagnosis was held back: the index was built without it.
    #expect(warm.awaitedDiagnosis)
    // Nothing was diagnosed on the way (the keys remembered from the last run would have had every note diagnosed).
    #expect(warm.wholeDiagnoses == 0)
    #expect(!cold.awaitedDiagnosis)
    // The notes not read took their position tables from the note image: references read no note.
    #expect(warm.untabledBeforeEarly == 0)
    #expect(warm.releasedWithoutPositions == 0)
    #expect(warm.run.logs.contains { $0.contains("made the position tables of 0 notes not read") })
    for (question, (early, expected)) in zip(questions, zip(warm.early, cold.late)) {
      #expect(early == expected, "\(question)")
    }
    #expect(warm.late == cold.late)
    #expect(cold.early == cold.late)
    // The answers say something: a citation's hover names its work, a quotation's its verdict.
    #expect(cold.late.contains { $0.contains("Rivers") })
    #expect(cold.late.contains { $0.contains("✓") } && cold.late.contains { $0.contains("✗") })
    #expect(!cold.late.contains { $0.hasPrefix("error") || $0 == "no answer" })
    // The opened note's diagnostics went out once its diagnosis was in, as a cold start's.
    #expect(warm.run.last == cold.run.last)
    let uri = FileURI(filePath: fixture.root + "/notes/a.md").string
    #expect(warm.run.published.last { $0.uri == uri }?.version == 1)
    #expect(warm.run.last[uri]?.contains { $0.contains("unknown-source") } == true)
  }

  @Test(arguments: RestartSnapshotTests.Change.allCases)
  func aRestartAfterAChangeAnswersWhatAColdStartAnswers(_ change: RestartSnapshotTests.Change) throws {
    // This suite's files, with what the change needs on the first run (a config, a note naming a bibliography).
    var files = Self.files
    for (path, text) in change.files where RestartSnapshotTests.files[path] != text {
      files[path] =
        path == "notes/a.md" ? "---\nbibliography: ../../library/extra.bib\n---\n" + (files[path] ?? "") : text
    }
    let fixture = try RestartFixture(files: files)
    #expect(try fixture.run().saved)
    try change.apply(to: fixture)
    let questions = try Self.questions(in: fixture)
    let before = try fixture.copyOfCache()
    let warm = try fixture.ask(questions, opening: ["notes/a.md"], holdingBackground: true)
    let cold = try fixture.ask(questions, restarts: false, cache: before, opening: ["notes/a.md"])
    #expect(!warm.run.replayed)
    // A PDF whose text is extracted again is answered as it arrives: the early answers race with it.
    if change != .sourcePDFReplaced && change != .extractedTextRemoved { #expect(warm.early == cold.early) }
    #expect(warm.late == cold.late)
    #expect(warm.run.last == cold.run.last)
  }

  @Test(arguments: RestartSnapshotTests.Damage.allCases.filter { $0 != .otherBuild })
  func aDamagedSnapshotAnswersWhatAColdStartAnswers(_ damage: RestartSnapshotTests.Damage) throws {
    let fixture = try RestartFixture(files: Self.files)
    _ = try fixture.run()
    try damage.apply(toFile: fixture.snapshotFile)
    let questions = try Self.questions(in: fixture)
    let before = try fixture.copyOfCache()
    let warm = try fixture.ask(questions, holdingBackground: true)
    let cold = try fixture.ask(questions, restarts: false, cache: before)
    #expect(!warm.run.replayed)
    #expect(warm.early == cold.early)
    #expect(warm.late == cold.late)
  }

  /// A note image damaged between runs (or written by another build) costs the notes it no longer gives their parse,
  /// and nothing else: the answers and diagnostics are a cold start's.
  @Test(arguments: RestartSnapshotTests.Damage.allCases)
  func aDamagedNoteImageAnswersWhatAColdStartAnswers(_ damage: RestartSnapshotTests.Damage) throws {
    let fixture = try RestartFixture(files: Self.files)
    _ = try fixture.run()
    // Byte 24 is the first of the build the image names.
    try damage.apply(toFile: fixture.noteImageFile, buildByte: 24)
    let questions = try Self.questions(in: fixture)
    let before = try fixture.copyOfCache()
    let warm = try fixture.ask(questions, opening: ["notes/a.md"], holdingBackground: true)
    let cold = try fixture.ask(questions, restarts: false, cache: before, opening: ["notes/a.md"])
    #expect(warm.run.replayed)
    // A changed byte near the end (in the notes' maps, the image's last bytes, read only by a restart that answers
    // before its notes are in: `EarlyAnswerTests`) costs nothing here; any other damage, the whole image.
    let fromImage =
      damage == .byteChanged ? ("(2 from the note image)", "(2 from") : ("(0 from the note image)", "(0 from")
    #expect(warm.run.logs.contains { $0.contains("2 notes " + fromImage.0) }, "\(warm.run.logs)")
    #expect(warm.run.logs.contains { $0.contains("3 source documents " + fromImage.1) })
    #expect(warm.early == cold.early)
    #expect(warm.late == cold.late)
    #expect(warm.run.last == cold.run.last)
    // The next run wrote an image whole again.
    let next = try fixture.ask([], holdingBackground: false).run.logs
    #expect(next.contains { $0.contains("2 notes (2 from the note image)") })
    #expect(next.contains { $0.contains("3 source documents (2 from the note image)") })
  }

  /// A note changed on disk while Gloss runs is indexed again from its new text; the snapshot saved after says so, and
  /// the next start reads that note (the note image holds its old text's record) and answers as a cold start.
  @Test func aNoteChangedWhileRunningIsReadAgainAtTheNextStart() throws {
    let fixture = try RestartFixture(files: Self.files)
    _ = try fixture.run()
    let second = try fixture.run {
      try fixture.write("notes/b.md", "# B\n\n## Details\n\nNow [@jones2019] and [@smith2020]. #river #lake\n")
    }
    #expect(second.replayed)
    #expect(second.saved, "\(second.logs)")
    let questions = try Self.questions(in: fixture)
    let before = try fixture.copyOfCache()
    let warm = try fixture.ask(questions, holdingBackground: true)
    let cold = try fixture.ask(questions, restarts: false, cache: before)
    #expect(warm.run.replayed)
    #expect(warm.run.logs.contains { $0.contains("2 notes (1 from the note image), 1 of them not read") })
    #expect(warm.early == cold.late)
    #expect(warm.late == cold.late)
    #expect(warm.run.last == cold.run.last)
    #expect(cold.late.contains { $0.contains("b.md") })
  }

  /// An edit and a file changed on disk right after a restart wait for its diagnosis: each is diagnosed against the
  /// whole index, as after a cold start.
  @Test func changesRightAfterARestartAreDiagnosedAsAfterAColdStart() throws {
    let fixture = try RestartFixture(files: Self.files)
    _ = try fixture.run()
    let before = try fixture.copyOfCache()
    let original = try fixture.text("notes/b.md")
    let edited = try fixture.text("notes/a.md").replacingOccurrences(of: "@nobody2000", with: "@jones2019")
    let questions = try Self.questions(in: fixture)
    let change = { try fixture.write("notes/b.md", "# B\n\nNow [@smith2021].\n") }
    let warm = try fixture.ask(questions, buffers: ["notes/a.md": edited], meanwhile: change)
    try fixture.write("notes/b.md", original)
    let cold = try fixture.ask(
      questions, restarts: false, cache: before, buffers: ["notes/a.md": edited], meanwhile: change)
    #expect(warm.run.replayed)
    #expect(warm.early == cold.early)
    #expect(warm.late == cold.late)
    #expect(warm.run.last == cold.run.last)
    let a = FileURI(filePath: fixture.root + "/notes/a.md").string
    let b = FileURI(filePath: fixture.root + "/notes/b.md").string
    #expect(warm.run.last[a]?.contains { $0.contains("nobody2000") } == false)
    #expect(warm.run.last[b]?.contains { $0.contains("smith2021") } == true)
  }

  /// A key renamed in the bibliography between two earlier runs is named by the hover of a citation of the old key
  /// ("was …, now …?") before the restart's diagnosis is in, as when the index is built without a snapshot.
  @Test func aKeyRenamedBetweenEarlierRunsIsNamedBeforeTheDiagnosis() throws {
    let fixture = try RestartFixture(files: Self.files)
    _ = try fixture.run()
    let bibliography = try fixture.text("references.bib")
    try fixture.write("references.bib", bibliography.replacingOccurrences(of: "{jones2019,", with: "{jones2019b,"))
    #expect(try !fixture.run().replayed)
    let questions = try Self.questions(in: fixture).filter { $0.kind == .hover }
    // The same cache without the snapshot: the index is built from scratch, with the keys remembered.
    let before = try fixture.copyOfCache()
    try FileManager.default.removeItem(atPath: before + fixture.snapshotFile.dropFirst(fixture.cache.count))
    let warm = try fixture.ask(questions, holdingBackground: true)
    let unsnapshotted = try fixture.ask(questions, cache: before)
    #expect(warm.run.replayed)
    #expect(warm.awaitedDiagnosis)
    #expect(!unsnapshotted.run.replayed)
    #expect(warm.early == unsnapshotted.late)
    #expect(warm.late == unsnapshotted.late)
    #expect(warm.early.contains { $0.contains("jones2019b") })
  }
}

import Foundation
import GlossServer
import LanguageServerProtocol
import TestSupport
import Testing

/// A restart with nothing changed answers a citation's hover, definition and completion before its first indexing,
/// from the bibliographies, the sources and the note image's maps (docs/contributing/architecture.md, "Restarts"):
/// exactly what a cold start answers. Anything else, a buffer that is not the file, a change between runs or a
/// damaged image, waits for the indexing and is answered as a cold start answers too.
@Suite struct EarlyAnswerTests {
  /// Where each question is asked in `notes/a.md` of `RestartAnswerTests.files`: the citations of known keys first
  /// (answered early), then what must wait for the notes (an unknown key, a wiki link, a tag).
  static let places: [(needle: String, offset: Int, kinds: [RestartFixture.Question.Kind])] = [
    ("@smith2020", 2, [.hover, .definition]),
    ("@smith2020", 4, [.completion]),
    ("@jones2019", 3, [.hover, .completion]),
    // After a quotation: the completion offers the places the find image's search finds it in.
    ("@doc", 2, [.hover, .definition, .completion]),
    ("@paper", 2, [.hover, .definition]),
    // Every key offered, ranked by how many notes cite each: the maps of who cites what are read.
    ("@jones2019", 1, [.completion]),
    ("@nobody2000", 2, [.hover]),
    ("[[b]]", 2, [.hover]),
    ("#river", 2, [.hover]),
  ]

  /// How many of the questions are about citations of known keys.
  static let citationQuestions = 11

  /// The questions at `places` in the note's text `text` (UTF-16 columns).
  static func questions(in text: String) -> [RestartFixture.Question] {
    RestartFixture.questions(at: places, in: text, path: "notes/a.md")
  }

  /// With a client that takes progress, and with one that does not (Eglot 1.9): the first indexing waits for the
  /// first idle moment either way.
  @Test(arguments: [true, false]) func aRestartAnswersACitationBeforeItsNotesAreIn(takingProgress: Bool) throws {
    let fixture = try RestartFixture(files: RestartAnswerTests.files)
    #expect(try fixture.run().saved)
    let questions = Self.questions(in: try fixture.text("notes/a.md"))
    #expect(questions.count == Self.citationQuestions + 3)
    let before = try fixture.copyOfCache()
    let warm = try fixture.askBeforeIndexing(questions, opening: ["notes/a.md"], takingProgress: takingProgress)
    let cold = try fixture.ask(questions, restarts: false, cache: before, opening: ["notes/a.md"])
    #expect(
      warm.run.logs.contains { $0.contains("answering citations in") && $0.contains("before its 2 notes are in") })
    // The citations were answered before the first indexing; the unknown key, the link and the tag waited for it.
    #expect(
      warm.first.map(\.beforeIndexing) == Array(repeating: true, count: Self.citationQuestions) + [false, false, false])
    #expect(warm.first.map(\.waited) == Array(repeating: false, count: Self.citationQuestions) + [true, true, true])
    for (question, (first, expected)) in zip(questions, zip(warm.first, cold.late)) {
      #expect(first.answer == expected, "\(question)")
    }
    #expect(warm.late == cold.late)
    // The answers say something: a citation's hover names its work, the completion offers its key.
    #expect(warm.first[0].answer.contains("Rivers"))
    #expect(warm.first[2].answer.contains("\"label\":\"smith2020\""))
    // After the quotation, the place it is in comes first, found by the find image's search.
    #expect(warm.first[7].answer.contains("quotation found: sources/doc.txt"))
    // Every key offered, those cited in both notes (doc, smith2020) before those cited in one (page, paper).
    let offered = warm.first[10].answer
    #expect(["jones2019", "doc", "smith2020", "page", "paper"].allSatisfy { offered.contains("\"label\":\"\($0)\"") })
    #expect(offered.contains("\"label\":\"smith2020\",\"sortText\":\"0002\""))
    #expect(warm.run.logs.contains { $0.contains("took the search over the sources' text of") })
    #expect(!warm.first.contains { $0.answer.hasPrefix("error") || $0.answer == "no answer" })
    // The first indexing took the replay over: the diagnostics went out once, and end as a cold start's.
    #expect(warm.run.logs.filter { $0.contains("from its restart snapshot") }.count == 1)
    #expect(warm.run.last == cold.run.last)
  }

  /// A completion after a quotation reads the find image's search off the loop: a definition asked after it is
  /// answered first, and the completion once the image is read, before the first indexing, as a cold start answers.
  @Test func aCompletionAfterAQuotationWaitsForTheFindImageWithoutHoldingTheOthers() throws {
    let fixture = try RestartFixture(files: RestartAnswerTests.files)
    #expect(try fixture.run().saved)
    let text = try fixture.text("notes/a.md")
    let completion = RestartFixture.questions(at: [("@doc", 2, [.completion])], in: text, path: "notes/a.md")
    let definition = RestartFixture.questions(at: [("@smith2020", 2, [.definition])], in: text, path: "notes/a.md")
    let questions = completion + definition
    #expect(questions.count == 2)
    let before = try fixture.copyOfCache()
    let warm = try fixture.askAtOnceBeforeIndexing(questions, opening: ["notes/a.md"], findImageReadDelay: 0.3)
    let cold = try fixture.ask(questions, restarts: false, cache: before, opening: ["notes/a.md"])
    // The definition did not wait for the image; the completion did, then came before the first indexing.
    #expect(warm.answeredAtOnce == [false, true])
    #expect(warm.beforeIndexing)
    #expect(warm.answers == cold.late)
    #expect(warm.answers[0].contains("quotation found: sources/doc.txt"))
  }

  /// The find image's read wakes the loop once read; a wake that comes when nothing waits for it any more (what
  /// waited was answered at an idle moment) does not make the loop index the workspace then and there.
  @Test func aLateWakeOfTheFindImageReadDoesNotIndexOnTheLoop() throws {
    let fixture = try RestartFixture(files: RestartAnswerTests.files)
    #expect(try fixture.run().saved)
    let text = try fixture.text("notes/a.md")
    let questions = RestartFixture.questions(at: [("@doc", 2, [.completion])], in: text, path: "notes/a.md")
    let warm = try fixture.askAtOnceBeforeIndexing(
      questions, opening: ["notes/a.md"], findImageReadDelay: 0.1, lateWakes: 2)
    #expect(warm.answeredAtOnce == [false])
    #expect(warm.beforeIndexing)
    #expect(warm.answers[0].contains("quotation found: sources/doc.txt"))
  }

  /// The first indexing is built in the background while the early root answers: a moment with nothing to do does not
  /// make the loop wait for it, whether the note was opened with the first events or a moment later (an editor started
  /// without a file), and what is asked meanwhile is answered as a cold start answers it.
  @Test(arguments: [false, true])
  func citationsAreAnsweredWhileTheIndexIsBuiltInTheBackground(openingLate: Bool) throws {
    let fixture = try RestartFixture(files: RestartAnswerTests.files)
    #expect(try fixture.run().saved)
    let questions = Array(Self.questions(in: try fixture.text("notes/a.md")).prefix(3))
    #expect(questions.count == 3)
    let before = try fixture.copyOfCache()
    let warm = try fixture.askWhileIndexing(
      questions, opening: ["notes/a.md"], openingLate: openingLate, indexDelay: 2)
    let cold = try fixture.ask(questions, restarts: false, cache: before, opening: ["notes/a.md"])
    #expect(warm.first.map(\.beforeIndexing) == [true, true, true])
    #expect(warm.first.map(\.answer) == cold.late)
    #expect(warm.late == cold.late)
  }

  @Test func theIndexIsBuiltInTheBackgroundOnceTheEarlyRootIsIdle() throws {
    let fixture = try RestartFixture(files: RestartAnswerTests.files)
    #expect(try fixture.run().saved)
    // Only citations: nothing asked starts the first indexing, the idle moments after them do.
    let questions = Array(Self.questions(in: try fixture.text("notes/a.md")).prefix(Self.citationQuestions))
    let before = try fixture.copyOfCache()
    let warm = try fixture.askBeforeIndexing(questions, opening: ["notes/a.md"])
    let cold = try fixture.ask(questions, restarts: false, cache: before, opening: ["notes/a.md"])
    #expect(warm.first.allSatisfy { $0.beforeIndexing })
    #expect(warm.run.logs.contains { $0.contains("took the index of") && $0.contains("built in the background") })
    #expect(warm.run.logs.contains { $0.contains("2 notes (2 from the note image), 2 of them not read") })
    #expect(warm.first.map(\.answer) == cold.late)
    #expect(warm.late == cold.late)
    #expect(warm.run.last == cold.run.last)
  }

  @Test func aRequestThatReadsOtherNotesWaitsWhileTheCitationsAfterItAreAnswered() throws {
    let fixture = try RestartFixture(files: RestartAnswerTests.files)
    #expect(try fixture.run().saved)
    // As Neovim does: the note's lenses (which count other notes) first, then its semantic tokens (its links name
    // notes without headings: the maps tell which resolve), then citations and the rest.
    let lens = RestartFixture.Question(kind: .codeLens, path: "notes/a.md", line: 0, character: 0)
    let tokens = RestartFixture.Question(kind: .semanticTokens, path: "notes/a.md", line: 0, character: 0)
    let questions = [lens, tokens] + Self.questions(in: try fixture.text("notes/a.md"))
    let before = try fixture.copyOfCache()
    let warm = try fixture.askBeforeIndexing(questions, opening: ["notes/a.md"])
    let cold = try fixture.ask(questions, restarts: false, cache: before, opening: ["notes/a.md"])
    // The lenses waited for the index, built in the background meanwhile; the citations were answered before it.
    #expect(
      warm.first.map(\.waited) == [true] + Array(repeating: false, count: Self.citationQuestions + 1) + [
        true, true, true,
      ])
    #expect(
      warm.first.map(\.beforeIndexing) == [false] + Array(repeating: true, count: Self.citationQuestions + 1) + [
        false, false, false,
      ])
    #expect(warm.first[1].answer.contains("data"))
    #expect(warm.run.logs.contains { $0.contains("took the index of") && $0.contains("built in the background") })
    #expect(warm.run.logs.filter { $0.contains("from its restart snapshot") }.count == 1)
    #expect(warm.run.logs.contains { $0.contains("2 notes (2 from the note image), 2 of them not read") })
    for (question, (first, expected)) in zip(questions, zip(warm.first, cold.late)) {
      #expect(first.answer == expected, "\(question)")
    }
    #expect(warm.late == cold.late)
    #expect(warm.run.last == cold.run.last)
  }

  @Test func theTokensOfANoteLinkingToAHeadingWaitForTheNotes() throws {
    var files = RestartAnswerTests.files
    files["notes/c.md"] = "# C\n\nSee [[b#Details]] and [@smith2020, p. 4].\n"
    let fixture = try RestartFixture(files: files)
    #expect(try fixture.run().saved)
    let questions = [
      RestartFixture.Question(kind: .semanticTokens, path: "notes/c.md", line: 0, character: 0),
      RestartFixture.Question(kind: .hover, path: "notes/c.md", line: 2, character: 23),
    ]
    let before = try fixture.copyOfCache()
    let warm = try fixture.askBeforeIndexing(questions, opening: ["notes/c.md"])
    let cold = try fixture.ask(questions, restarts: false, cache: before, opening: ["notes/c.md"])
    // The heading is looked for in the note the link names: the tokens wait; the citation after them does not.
    #expect(warm.first.map(\.waited) == [true, false])
    #expect(warm.first.map(\.beforeIndexing) == [false, true])
    #expect(warm.first.map(\.answer) == cold.late)
    #expect(warm.first[1].answer.contains("Rivers"))
  }

  @Test func aBufferThatIsNotTheFileWaitsForTheNotes() throws {
    let fixture = try RestartFixture(files: RestartAnswerTests.files)
    #expect(try fixture.run().saved)
    let buffer = try fixture.text("notes/a.md") + "\nAn unsaved line [@jones2019].\n"
    let questions = Self.questions(in: buffer)
    let before = try fixture.copyOfCache()
    let warm = try fixture.askBeforeIndexing(questions, buffers: ["notes/a.md": buffer])
    let cold = try fixture.ask(questions, restarts: false, cache: before, buffers: ["notes/a.md": buffer])
    #expect(!warm.first.contains { $0.beforeIndexing })
    #expect(warm.first.map(\.answer) == cold.late)
    #expect(warm.late == cold.late)
  }

  @Test(arguments: RestartSnapshotTests.Change.allCases)
  func aChangeBetweenRunsAnswersWhatAColdStartAnswers(_ change: RestartSnapshotTests.Change) throws {
    var files = RestartAnswerTests.files
    for (path, text) in change.files where RestartSnapshotTests.files[path] != text {
      files[path] =
        path == "notes/a.md" ? "---\nbibliography: ../../library/extra.bib\n---\n" + (files[path] ?? "") : text
    }
    let fixture = try RestartFixture(files: files)
    #expect(try fixture.run().saved)
    try change.apply(to: fixture)
    let questions = (try? fixture.text("notes/a.md")).map(Self.questions(in:)) ?? []
    let before = try fixture.copyOfCache()
    let warm = try fixture.askBeforeIndexing(questions, opening: questions.isEmpty ? [] : ["notes/a.md"])
    let cold = try fixture.ask(
      questions, restarts: false, cache: before, opening: questions.isEmpty ? [] : ["notes/a.md"])
    // Nothing is answered early from a root whose files changed since its snapshot.
    if !warm.run.replayed { #expect(!warm.first.contains { $0.beforeIndexing }) }
    // A PDF whose text is extracted again is answered as it arrives: the first answers race with it.
    if change != .sourcePDFReplaced && change != .extractedTextRemoved {
      #expect(warm.first.map(\.answer) == cold.early)
    }
    #expect(warm.late == cold.late)
    #expect(warm.run.last == cold.run.last)
  }

  @Test func aDamagedNoteImageGivesNoEarlyAnswers() throws {
    let fixture = try RestartFixture(files: RestartAnswerTests.files)
    #expect(try fixture.run().saved)
    // The maps are the image's last bytes.
    var bytes = try Data(contentsOf: URL(fileURLWithPath: fixture.noteImageFile))
    bytes[bytes.count - 3] ^= 0x5A
    try bytes.write(to: URL(fileURLWithPath: fixture.noteImageFile))
    let questions = Self.questions(in: try fixture.text("notes/a.md"))
    let before = try fixture.copyOfCache()
    let warm = try fixture.askBeforeIndexing(questions, opening: ["notes/a.md"])
    let cold = try fixture.ask(questions, restarts: false, cache: before, opening: ["notes/a.md"])
    #expect(warm.run.logs.contains { $0.contains("no early answers") })
    #expect(!warm.first.contains { $0.beforeIndexing })
    #expect(warm.first.map(\.answer) == cold.late)
    #expect(warm.late == cold.late)
    // That start wrote the image again: the next one answers early.
    let next = try fixture.askBeforeIndexing(questions, opening: ["notes/a.md"])
    #expect(
      next.first.map(\.beforeIndexing) == Array(repeating: true, count: Self.citationQuestions) + [false, false, false])
    #expect(next.first.map(\.answer) == cold.late)
  }
}

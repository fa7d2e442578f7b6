import Foundation
import GlossIndex
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

/// The background extractions as the client sees them: `$/progress` under its own token (only for a client that
/// supports it), the server answering while a tool runs, and a tool that never finishes stopped by the timeout.
@Suite struct ExtractionProgressTests {
  /// A stand-in for `pdftotext` that holds every extraction until `release()`; the "PDF" is its own text.
  final class HeldExtractor: @unchecked Sendable {
    let fileSystem: InMemoryFileSystem
    private let gate = DispatchSemaphore(value: 0)

    init(_ fileSystem: InMemoryFileSystem) { self.fileSystem = fileSystem }

    func extract(_ path: String, _ format: ExtractedFormat) -> ExtractionOutcome {
      gate.wait()
      gate.signal()
      guard let bytes = try? fileSystem.contents(of: path) else {
        return .noText(reason: "cannot open", isLasting: false)
      }
      return .text(bytes)
    }

    func release() { gate.signal() }
  }

  static let files = [
    ".gloss.json": "{}",
    "notes/đọc.md": """
    # Đọc

    "Trí nhớ là tái tạo" [@a, p. 2], "記憶は再構成である" [@b], "🦉 cú đêm" [@c].
    """,
    "sources/a.pdf": "Trang một.\n\u{0C}Trí nhớ là tái tạo.\n\u{0C}",
    "sources/b.pdf": "記憶は再構成である。\n\u{0C}",
    "sources/c.pdf": "Con 🦉 cú đêm.\n\u{0C}",
  ]

  func start(workDoneProgress: Bool) throws -> (WorkspaceFixture, HeldExtractor) {
    let fs = InMemoryFileSystem(root: "/w", files: Self.files)
    let extractor = HeldExtractor(fs)
    let fixture = WorkspaceFixture(root: "/w", fileSystem: fs) { options in
      options.cacheDirectory = "/home/user/.cache/gloss"
      options.extractText = { extractor.extract($0, $1) }
    }
    try fixture.start(
      capabilities: ClientCapabilities(window: ClientCapabilities.Window(workDoneProgress: workDoneProgress)))
    return (fixture, extractor)
  }

  func progress(_ fixture: WorkspaceFixture) -> [WorkDoneProgress] {
    fixture.client.notifications(ProgressNotification.self).filter { $0.token == .string("gloss-extracting") }.map(
      \.value)
  }

  @Test func extractionProgressBeginsReportsAndEndsUnderItsOwnToken() throws {
    let (fixture, extractor) = try start(workDoneProgress: true)
    // The first indexing asks for its token first; the extractions are queued once it is over.
    let indexing = try #require(fixture.client.serverRequests.first)
    fixture.client.reply(to: indexing.id, result: VoidResponse())
    fixture.client.processQueue()
    let create = try #require(fixture.client.serverRequests.last)
    #expect(create.method == "window/workDoneProgress/create")
    #expect(create.params.map { String(decoding: $0.data, as: UTF8.self) } == #"{"token":"gloss-extracting"}"#)
    // Nothing is reported under a token the client has not made yet.
    #expect(progress(fixture) == [])
    fixture.client.reply(to: create.id, result: VoidResponse())
    #expect(
      progress(fixture) == [
        .begin(title: "Extracting text", message: "3 files to read"),
        .report(message: "0 of 3 files read", percentage: 0),
      ])
    extractor.release()
    fixture.finishExtractions()
    #expect(progress(fixture).last == .end(message: "texts extracted"))
    #expect(progress(fixture).count == 3)
    #expect(fixture.codes("notes/đọc.md") == [])
  }

  @Test func withoutTheCapabilityNothingIsReported() throws {
    let (fixture, extractor) = try start(workDoneProgress: false)
    extractor.release()
    fixture.finishExtractions()
    #expect(!fixture.client.serverRequests.contains { $0.method == "window/workDoneProgress/create" })
    #expect(fixture.client.notifications(ProgressNotification.self).isEmpty)
    #expect(fixture.codes("notes/đọc.md") == [])
  }

  @Test func theServerAnswersWhileTheToolRuns() throws {
    let (fixture, extractor) = try start(workDoneProgress: false)
    defer { extractor.release() }
    // Every extraction is still held: the note is diagnosed (nothing to say of texts on their way), and edits and
    // requests are answered meanwhile.
    #expect(fixture.codes("notes/đọc.md") == [])
    fixture.open("notes/đọc.md", Self.files["notes/đọc.md"] ?? "")
    fixture.replace("notes/đọc.md", with: "# Đọc\n\n[@nobody]\n", version: 2)
    #expect(fixture.codes("notes/đọc.md") == ["unknown-source"])
    let symbols = try fixture.client.send(
      DocumentSymbolRequest(textDocument: TextDocumentIdentifier(uri: fixture.uri("notes/đọc.md"))))
    guard case .flat(let list) = symbols else {
      Issue.record("no symbols: \(symbols)")
      return
    }
    #expect(list.map(\.name) == ["Đọc"])
  }

  @Test func manyArrivingTextsArePutInPlaceAFewPerTurnSoMessagesGetIn() throws {
    var files = [".gloss.json": "{}"]
    var note = "# Nhiều\n\n"
    for k in 0..<20 {
      files["sources/s\(k).pdf"] = "Trang một.\n\u{0C}Lời thứ \(k) ở đây.\n\u{0C}"
      note += "\"Lời thứ \(k) ở đây\" [@s\(k), p. 2].\n\n"
    }
    files["notes/nhiều.md"] = note
    let fs = InMemoryFileSystem(root: "/w", files: files)
    let extractor = HeldExtractor(fs)
    let fixture = WorkspaceFixture(root: "/w", fileSystem: fs) { options in
      options.cacheDirectory = "/home/user/.cache/gloss"
      options.extractText = { extractor.extract($0, $1) }
    }
    try fixture.start()
    // All twenty finish before the loop takes any (held until the start is over, which takes what has finished).
    extractor.release()
    let server = fixture.client.server
    server.extractions.waitUntilIdle()
    // The wake-up of a finished extraction puts nothing in place: a keystroke queued behind it is not kept waiting.
    _ = server.handle(.extracted)
    #expect(server.extractions.progress.remaining == 20)
    #expect(server.hasDeferredWork)
    // An idle turn of the loop puts a batch in place, not all twenty: a message arriving meanwhile waits for one batch.
    _ = server.handle(.idle)
    #expect(server.extractions.progress.remaining > 0)
    #expect(server.extractions.progress.remaining < 20)
    #expect(server.hasDeferredWork)
    // The rest go in at the next idle moments.
    fixture.client.processQueue()
    #expect(server.extractions.progress.remaining == 0)
    #expect(!server.hasDeferredWork)
    #expect(fixture.codes("notes/nhiều.md") == [])
  }

  @Test func aNoteWithManyDiagnosticsIsPublishedOncePerTickWhileTextsArriveNotWithEachBatch() throws {
    // The short note cites a page each PDF lacks: one `unresolved-locator` more with each text.
    var files = [".gloss.json": "{}", "notes/một.md": (0..<20).map { "[@s\($0), p. 9]" }.joined(separator: " ")]
    // The long note misquotes each of twenty PDFs twenty times: nothing to say while their texts are on the way, 400
    // `quote-mismatch` warnings once they arrived, 20 more with each text.
    var long = "# Dài\n\n"
    for k in 0..<20 {
      files["sources/s\(k).pdf"] = "Trang một.\n\u{0C}Lời thứ \(k) ở đây.\n\u{0C}"
      for _ in 0..<20 { long += "\"Lời thứ \(k) ở kia\" [@s\(k), p. 2].\n\n" }
    }
    files["notes/dài.md"] = long
    let fs = InMemoryFileSystem(root: "/w", files: files)
    let extractor = HeldExtractor(fs)
    let fixture = WorkspaceFixture(root: "/w", fileSystem: fs) { options in
      options.cacheDirectory = "/home/user/.cache/gloss"
      options.extractText = { extractor.extract($0, $1) }
    }
    try fixture.start()
    let server = fixture.client.server
    #expect(fixture.codes("notes/dài.md") == [])
    extractor.release()
    server.extractions.waitUntilIdle()
    func publications(_ path: String) -> Int { fixture.publishedPaths.filter { $0 == path }.count }
    let before = (long: publications("notes/dài.md"), short: publications("notes/một.md"))
    // A batch goes in at an idle turn: the short note is published with it, the long note (now holding 160 warnings)
    // waits for the tick.
    fixture.client.handle(.idle)
    #expect(server.extractions.progress.remaining == 12)
    #expect(publications("notes/một.md") == before.short + 1)
    #expect(publications("notes/dài.md") == before.long)
    fixture.client.handle(.tick(Date(timeIntervalSince1970: 1_790_000_100)))
    #expect(publications("notes/dài.md") == before.long + 1)
    #expect(fixture.codes("notes/dài.md") == Array(repeating: "quote-mismatch", count: 160))
    // The rest: published once per tick, and in any case once the last text is in.
    fixture.client.processQueue()
    #expect(server.extractions.progress.remaining == 0)
    #expect(fixture.codes("notes/dài.md") == Array(repeating: "quote-mismatch", count: 400))
    #expect(fixture.codes("notes/một.md") == Array(repeating: "unresolved-locator", count: 20))
  }

  @Test func whileTextsArriveTheSourcesGoToTheFindPreparationAtMostOncePerIntervalAndWhenTheLastIsIn() throws {
    var files = [".gloss.json": "{}", "notes/một.md": (0..<24).map { "[@s\($0), p. 2]" }.joined(separator: " ")]
    for k in 0..<24 { files["sources/s\(k).pdf"] = "Trang một.\n\u{0C}Lời thứ \(k) ở đây.\n\u{0C}" }
    let fs = InMemoryFileSystem(root: "/w", files: files)
    let extractor = HeldExtractor(fs)
    // A clock that stands still: every batch below arrives within one interval.
    let fixture = WorkspaceFixture(root: "/w", fileSystem: fs) { options in
      options.cacheDirectory = "/home/user/.cache/gloss"
      options.extractText = { extractor.extract($0, $1) }
      options.findPreparationDelay = nil
      options.now = { Date(timeIntervalSince1970: 1_790_000_000) }
    }
    try fixture.start()
    extractor.release()
    let server = fixture.client.server
    server.extractions.waitUntilIdle()
    let before = server.findPreparation.handedOver
    // Three batches of eight texts, each changing the sources: the first two within one interval go over once at
    // most (each state handed over used to be copied and dropped on the loop), the last as soon as it is in.
    _ = server.handle(.idle)
    _ = server.handle(.idle)
    #expect(server.extractions.progress.remaining == 8)
    #expect(server.findPreparation.handedOver <= before + 1)
    let during = server.findPreparation.handedOver
    _ = server.handle(.idle)
    #expect(server.extractions.progress.remaining == 0)
    #expect(server.findPreparation.handedOver == during + 1)
    // What went over last is the state with every text.
    let id = try #require(server.roots.first?.id)
    #expect(server.workspace(id)?.isFindPrepared == false)
    #expect(fixture.codes("notes/một.md") == [])
  }

  /// A folder holding a `pdftotext` that never finishes.
  func sleepingTool() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gloss-tool-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data("#!/bin/sh\nexec sleep 60\n".utf8).write(to: URL(fileURLWithPath: folder + "/pdftotext"))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/pdftotext")
    return folder
  }

  @Test func aToolThatTakesTooLongIsStoppedAndTheSourceSaysWhy() throws {
    let folder = try sleepingTool()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("%PDF-1.4\n".utf8).write(to: URL(fileURLWithPath: folder + "/slow.pdf"))
    let outcome = TextExtractor.extract(
      folder + "/slow.pdf", format: .pdf, timeout: .milliseconds(300), environment: ["PATH": folder])
    #expect(outcome == .noText(reason: "'pdftotext' took longer than 0.3 seconds and was stopped", isLasting: false))
  }

  /// Whether the process `id` still runs (a zombie waiting to be reaped does not).
  static func isRunning(_ id: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
    return state != "Z" && state != "X"
  }

  @Test func aTimedOutToolIsStoppedWithTheProcessesItStarted() throws {
    let folder = try sleepingTool()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // A wrapper script, as a distribution or a user might install: the real work runs in a child of the script.
    let script = "#!/bin/sh\nsleep 60 </dev/null >/dev/null 2>&1 &\necho $! > '\(folder)/child'\nwait\n"
    try Data(script.utf8).write(to: URL(fileURLWithPath: folder + "/pdftotext"))
    try Data("%PDF-1.4\n".utf8).write(to: URL(fileURLWithPath: folder + "/slow.pdf"))
    let outcome = TextExtractor.extract(
      folder + "/slow.pdf", format: .pdf, timeout: .milliseconds(300), environment: ["PATH": folder])
    #expect(outcome == .noText(reason: "'pdftotext' took longer than 0.3 seconds and was stopped", isLasting: false))
    let child = try #require(
      Int32(
        try String(contentsOfFile: folder + "/child", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    defer { kill(child, SIGKILL) }
    // A killed process is gone once the kernel has run it again: a few milliseconds, however loaded the machine.
    var waited = 0
    while Self.isRunning(child), waited < 200 {
      usleep(10_000)
      waited += 1
    }
    #expect(!Self.isRunning(child), "the script's child \(child) still runs")
  }

  @Test func aTimedOutExtractionIsANoTextHintAndIsNotCached() throws {
    let folder = try sleepingTool()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let fs = InMemoryFileSystem(root: "/w", files: Self.files)
    let fixture = WorkspaceFixture(root: "/w", fileSystem: fs) { options in
      options.cacheDirectory = "/home/user/.cache/gloss"
      // The in-memory "PDFs" are not on disk: the stand-in tool never reads them anyway.
      options.extractText = { path, format in
        TextExtractor.extract(path, format: format, timeout: .milliseconds(300), environment: ["PATH": folder])
      }
    }
    try fixture.start()
    fixture.finishExtractions()
    let published = try #require(fixture.published.last { $0.uri == fixture.uri("notes/đọc.md") })
    #expect(published.diagnostics.map(\.code) == ["no-text", "no-text", "no-text"])
    #expect(published.diagnostics.allSatisfy { $0.message.contains("took longer than 0.3 seconds and was stopped") })
    // A timeout may not happen again: nothing is cached, so the next start tries again.
    #expect(((try? fs.listing(of: "/home/user/.cache/gloss/texts")) ?? []).isEmpty)
  }
}

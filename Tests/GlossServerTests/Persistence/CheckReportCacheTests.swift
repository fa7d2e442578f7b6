import Foundation
import GlossServer
import TestSupport
import Testing

/// `gloss check` on a workspace unchanged since its last check prints the report kept then, without indexing; after
/// notes alone changed, it diagnoses again only the notes whose diagnostics may have changed; every other way a file
/// can change between two checks (and every damage to the kept file) makes it diagnose every file, and what it prints
/// is always exactly what a check without any kept report prints.
@Suite struct CheckReportCacheTests {
  typealias Change = RestartSnapshotTests.Change

  /// The changes that do not need a PDF's text extracted (the command line extracts with the real tool, from the
  /// user's cache; the same stamps are checked for extracted texts as for the server's snapshot, tested there).
  static let changes = Change.allCases.filter { ![.sourcePDFReplaced, .extractedTextRemoved].contains($0) }

  /// The files of the first check of `change`, without the PDF.
  static func files(_ change: Change?) -> [String: String] {
    (change?.files ?? RestartSnapshotTests.files).filter { $0.key != "sources/paper.pdf" }
  }

  /// One `gloss check` of the fixture's workspace with its cache folder, by the build `build`.
  private func check(_ fixture: RestartFixture, build: String = RestartFixture.build) -> (
    report: CheckReport, use: CheckReportUse
  ) {
    let cache = CheckReportCache(directory: fixture.cache, fileSystem: LocalFileSystem(), build: build)
    return CheckReport.keptOrIndexed(
      root: fixture.root, cache: cache, fileSystem: LocalFileSystem(), environment: GlossProcess.testEnvironment)
  }

  /// What `gloss check` prints of `report` (in text, and every field of the JSON items).
  private func printed(_ report: CheckReport) -> [String] {
    report.textLines + [report.summary] + report.skipped.map { "\($0.path): \($0.reason)" }
      + report.items.map { "\($0)" } + ["\(report.hasErrors) \(report.citesWithoutSources)"]
  }

  @Test func aSecondCheckWithNothingChangedPrintsTheKeptReportWithoutIndexing() throws {
    let fixture = try RestartFixture(files: Self.files(nil))
    let first = check(fixture)
    #expect(!first.use.reused)
    let second = check(fixture)
    #expect(second.use.reused)
    #expect(printed(second.report) == printed(first.report))
    #expect(
      printed(second.report)
        == printed(
          CheckReport(root: fixture.root, fileSystem: LocalFileSystem(), environment: GlossProcess.testEnvironment)))
    #expect(second.report.textLines.contains { $0.contains("[unknown-source]") })
    #expect(FileManager.default.fileExists(atPath: fixture.cache + "/workspaces"))
  }

  @Test(arguments: changes)
  func aCheckAfterAChangePrintsWhatACheckWithoutCachePrints(_ change: Change) throws {
    let fixture = try RestartFixture(files: Self.files(change))
    let first = check(fixture)
    try change.apply(to: fixture)
    let warm = check(fixture)
    let cold = CheckReport(root: fixture.root, fileSystem: LocalFileSystem(), environment: GlossProcess.testEnvironment)
    // A note's text changed alone: that note is diagnosed again; anything else diagnoses every file.
    let notesOnly = change == .sameSizeAndModificationTimeRestored
    #expect(warm.use == (notesOnly ? .updated(diagnosed: ["notes/a.md"]) : .indexed))
    #expect(printed(warm.report) == printed(cold))
    #expect(printed(cold) != printed(first.report))
    // The check after the change kept its own report, and the next check uses it.
    let again = check(fixture)
    #expect(again.use.reused)
    #expect(printed(again.report) == printed(cold))
  }

  @Test func aChangeInTheZoteroLibraryMakesTheKeptReportStale() throws {
    let item = #"{"key": "ART00001", "fields": {"title": "River", "citationKey": "smith2020", "date": "2020"}}"#
    let added = #"{"key": "ART00002", "fields": {"title": "Lake", "citationKey": "jones2021", "date": "2021"}}"#
    let zotero = try ZoteroFixture(#"{"items": [\#(item)]}"#)
    defer { zotero.remove() }
    let fixture = try RestartFixture(files: [
      ".gloss.json": #"{"zotero": "\#(zotero.dataDirectory)"}"#,
      "river.md": "# River\n\nSee [@smith2020] and [@jones2021].\n",
    ])
    let first = check(fixture)
    #expect(printed(first.report).contains { $0.contains("'jones2021'") })
    #expect(check(fixture).use.reused)
    // The key is added in Zotero; nothing in the workspace changes.
    try zotero.rebuild(#"{"items": [\#(item), \#(added)]}"#)
    let second = check(fixture)
    #expect(!second.use.reused)
    #expect(!printed(second.report).contains { $0.contains("'jones2021'") })
    #expect(
      printed(second.report)
        == printed(
          CheckReport(root: fixture.root, fileSystem: LocalFileSystem(), environment: GlossProcess.testEnvironment)))
  }

  @Test func aChangeOnlyInZoterosWriteAheadLogMakesTheKeptReportStale() throws {
    let item = #"{"key": "ART00001", "fields": {"title": "River", "citationKey": "smith2020", "date": "2020"}}"#
    let zotero = try ZoteroFixture(#"{"wal": true, "items": [\#(item)]}"#)
    defer { zotero.remove() }
    let fixture = try RestartFixture(files: [
      ".gloss.json": #"{"zotero": "\#(zotero.dataDirectory)"}"#, "river.md": "# River\n\nSee [@smith2020].\n",
    ])
    _ = check(fixture)
    #expect(check(fixture).use.reused)
    // While Zotero runs, its changes reach only the log; the database file keeps its bytes and stamp.
    let log = try #require(zotero.bytes("zotero.sqlite-wal"))
    try zotero.write(log + [0, 0, 0, 0], to: "Zotero/zotero.sqlite-wal")
    #expect(!check(fixture).use.reused)
  }

  @Test(arguments: RestartSnapshotTests.Damage.allCases)
  func aDamagedOrForeignKeptReportIsThrownAwayWhole(_ damage: RestartSnapshotTests.Damage) throws {
    let fixture = try RestartFixture(files: Self.files(nil))
    let first = check(fixture)
    let realRoot = try LocalFileSystem().realPath(of: fixture.root)
    let path = CheckReportCache(directory: fixture.cache, fileSystem: LocalFileSystem(), build: RestartFixture.build)
      .filePath(forRealRoot: realRoot)
    try damage.apply(toFile: path)
    let build = damage == .otherBuild ? "another-build" : RestartFixture.build
    let warm = check(fixture, build: build)
    #expect(!warm.use.reused)
    #expect(printed(warm.report) == printed(first.report))
  }

  /// The server's restart snapshot of a workspace is never taken for a kept report, nor the other way round.
  @Test func theServersSnapshotAndTheKeptReportAreDistinctFiles() throws {
    let fixture = try RestartFixture(files: Self.files(nil))
    _ = check(fixture)
    let cache = CheckReportCache(directory: fixture.cache, fileSystem: LocalFileSystem(), build: RestartFixture.build)
    let realRoot = try LocalFileSystem().realPath(of: fixture.root)
    #expect(cache.filePath(forRealRoot: realRoot) != fixture.snapshotFile)
    #expect(!FileManager.default.fileExists(atPath: fixture.snapshotFile))
  }
}

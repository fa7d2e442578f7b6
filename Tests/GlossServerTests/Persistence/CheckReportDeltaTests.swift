import Foundation
import GlossServer
import TestSupport
import Testing

/// `gloss check` after notes alone changed since the last check diagnoses again only the notes whose diagnostics may
/// have changed (the changed ones, and those linking to a note whose headings changed), takes every other file's
/// items from the kept report, and prints exactly what a check without any kept report prints; a change it cannot
/// bound (a note's names, `citekey:` or bibliographies, a label where cross-references span the project, or any file
/// other than a note) diagnoses every file.
@Suite struct CheckReportDeltaTests {
  /// A workspace whose notes cite, quote and link to each other.
  static let files: [String: String] = [
    "references.bib": """
    @book{smith2020, title = {Rivers}, author = {Smith, Ann}, year = 2020}
    @book{jones2019, title = {Lakes}, author = {Jones, Bo}, year = 2019}
    @book{brown2018, title = {Ponds}, author = {Brown, Cy}, year = 2018}
    """,
    "sources/doc.txt": "Quiet water runs deep. The river bends twice before the sea.\n",
    "notes/a.md": """
    # A

    See [[b]] and [the details](b.md#details).

    Smith writes about rivers [@smith2020]. Nobody does [@nobody2000].

    The source says "quiet water runs deep" [@doc].
    """,
    "notes/b.md": """
    # B

    ## Details

    Nothing here [@jones2019].
    """,
    "notes/c.md": "# C\n\nAbout [[a]] and [@smith2021].\n",
    "notes/d.md": "# D\n\nNothing to say [@brown2018].\n",
    "notes/e.md": "# E\n\nA link to [[missing]].\n",
  ]

  /// One way notes change between two checks, and the notes that check diagnoses again (nil: every file).
  enum Edit: String, CaseIterable, CustomTestStringConvertible {
    case citationAdded, citationRemoved, unknownKeyFixed, quotationChanged, wikiLinkTargetChanged, headingRenamed
    case labelAdded, touched, titleAdded, citekeyAdded, bibliographyNamed, twoNotesEdited, noteAndBibliographyEdited

    var testDescription: String { rawValue }

    func apply(to fixture: RestartFixture) throws {
      func edit(_ path: String, _ from: String, _ to: String) throws {
        let text = try fixture.text(path)
        try #require(text.contains(from))
        try fixture.write(path, text.replacingOccurrences(of: from, with: to))
      }
      switch self {
      case .citationAdded: try edit("notes/d.md", "[@brown2018]", "[@brown2018; @nobody1999]")
      case .citationRemoved: try edit("notes/a.md", " Nobody does [@nobody2000].", "")
      case .unknownKeyFixed: try edit("notes/c.md", "@smith2021", "@smith2020")
      case .quotationChanged: try edit("notes/a.md", "quiet water runs deep", "loud water runs shallow")
      case .wikiLinkTargetChanged: try edit("notes/e.md", "[[missing]]", "[[d]]")
      case .headingRenamed: try edit("notes/b.md", "## Details", "## Specifics")
      case .labelAdded:
        try edit(
          "notes/d.md", "[@brown2018].", "[@brown2018].\n\n![A pond](pond.png){#fig-pond}\n\nSee @fig-pond, @fig-lake.")
      case .touched: try fixture.write("notes/d.md", try fixture.text("notes/d.md"))
      case .titleAdded: try edit("notes/e.md", "# E\n", "---\ntitle: Missing\n---\n# E\n")
      case .citekeyAdded: try edit("notes/d.md", "# D\n", "---\ncitekey: brown2018\n---\n# D\n")
      case .bibliographyNamed: try edit("notes/d.md", "# D\n", "---\nbibliography: more.bib\n---\n# D\n")
      case .twoNotesEdited:
        try edit("notes/d.md", "[@brown2018]", "[@brown2017]")
        try edit("notes/c.md", "[[a]]", "[[b]]")
      case .noteAndBibliographyEdited:
        try edit("notes/c.md", "@smith2021", "@smith2020")
        try edit("references.bib", "@book{brown2018, title = {Ponds}, author = {Brown, Cy}, year = 2018}", "")
      }
    }

    /// The notes diagnosed again, in byte order; nil when every file is.
    var diagnosed: [String]? {
      switch self {
      case .citationAdded, .labelAdded: ["notes/d.md"]
      // Its text is the same: nothing to diagnose.
      case .touched: []
      case .citationRemoved, .quotationChanged: ["notes/a.md"]
      case .unknownKeyFixed: ["notes/c.md"]
      case .wikiLinkTargetChanged: ["notes/e.md"]
      // `notes/a.md` links into `b.md#details`.
      case .headingRenamed: ["notes/a.md", "notes/b.md"]
      case .twoNotesEdited: ["notes/c.md", "notes/d.md"]
      case .titleAdded, .citekeyAdded, .bibliographyNamed, .noteAndBibliographyEdited: nil
      }
    }
  }

  /// One `gloss check` of the fixture's workspace with its cache folder.
  private func check(_ fixture: RestartFixture) -> (report: CheckReport, use: CheckReportUse) {
    let cache = CheckReportCache(directory: fixture.cache, fileSystem: LocalFileSystem(), build: RestartFixture.build)
    return CheckReport.keptOrIndexed(
      root: fixture.root, cache: cache, fileSystem: LocalFileSystem(), environment: GlossProcess.testEnvironment)
  }

  /// What `gloss check` prints of `report` (in text, JSON and the skipped files).
  private func printed(_ report: CheckReport) -> [String] {
    report.textLines + [report.summary, report.json] + report.skipped.map { "\($0.path): \($0.reason)" }
      + ["\(report.hasErrors) \(report.citesWithoutSources)"]
  }

  @Test(arguments: Edit.allCases)
  func aCheckAfterNotesChangedPrintsWhatACheckWithoutCachePrints(_ edit: Edit) throws {
    let fixture = try RestartFixture(files: Self.files)
    let first = check(fixture)
    #expect(first.use == .indexed)
    try edit.apply(to: fixture)
    let warm = check(fixture)
    let cold = CheckReport(root: fixture.root, fileSystem: LocalFileSystem(), environment: GlossProcess.testEnvironment)
    #expect(warm.use == (edit.diagnosed.map { .updated(diagnosed: $0) } ?? .indexed))
    #expect(printed(warm.report) == printed(cold))
    #expect(printed(cold) != printed(first.report) || [.citekeyAdded, .touched].contains(edit))
    // What was kept after the change is current: the next check prints it, and the one after a further edit is
    // made from it.
    let again = check(fixture)
    #expect(again.use == .kept)
    #expect(printed(again.report) == printed(cold))
    try fixture.write("notes/c.md", "# C\n\nAbout [[a]] and [@nobody1998].\n")
    let further = check(fixture)
    #expect(further.use == .updated(diagnosed: ["notes/c.md"]))
    #expect(
      printed(further.report)
        == printed(
          CheckReport(root: fixture.root, fileSystem: LocalFileSystem(), environment: GlossProcess.testEnvironment)))
  }

  /// Of a hundred notes, the one edited is the one diagnosed (the count the workspace keeps of whole diagnoses).
  @Test func onlyTheEditedNoteIsDiagnosed() throws {
    var files = Self.files
    for index in 0..<100 { files["notes/many/n\(index).md"] = "# N\(index)\n\nCites [@smith2020] and [[a]].\n" }
    let fixture = try RestartFixture(files: files)
    _ = check(fixture)
    try fixture.write("notes/many/n7.md", "# N7\n\nCites [@smith2020] and [@nobody2001] and [[a]].\n")
    let warm = check(fixture)
    #expect(warm.use == .updated(diagnosed: ["notes/many/n7.md"]))
    #expect(warm.report.textLines.contains { $0.hasPrefix("notes/many/n7.md:3:") && $0.contains("'nobody2001'") })
    #expect(
      printed(warm.report)
        == printed(
          CheckReport(root: fixture.root, fileSystem: LocalFileSystem(), environment: GlossProcess.testEnvironment)))
  }

  /// In a Quarto book, whose cross-references span the chapters, a chapter whose labels changed makes every file
  /// diagnosed; one whose prose alone changed is diagnosed alone.
  @Test func aLabelChangedInABookDiagnosesEveryFile() throws {
    let folder = "Tests/Fixtures/quarto-book"
    var files: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) where !name.hasSuffix(".png") {
      files[name] = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
    }
    let fixture = try RestartFixture(files: files)
    _ = check(fixture)
    try fixture.write("methods.qmd", try fixture.text("methods.qmd") + "\nOne more line, citing @nobody2020.\n")
    let prose = check(fixture)
    #expect(prose.use == .updated(diagnosed: ["methods.qmd"]))
    #expect(
      printed(prose.report)
        == printed(
          CheckReport(root: fixture.root, fileSystem: LocalFileSystem(), environment: GlossProcess.testEnvironment)))
    let intro = try fixture.text("intro.qmd")
    try #require(intro.contains("{#fig-elephant}"))
    try fixture.write("intro.qmd", intro.replacingOccurrences(of: "{#fig-elephant}", with: "{#fig-mammoth}"))
    let label = check(fixture)
    #expect(label.use == .indexed)
    #expect(
      printed(label.report)
        == printed(
          CheckReport(root: fixture.root, fileSystem: LocalFileSystem(), environment: GlossProcess.testEnvironment)))
    #expect(printed(label.report) != printed(prose.report))
  }

  /// A damaged kept file is not used for an update either: every file is diagnosed.
  @Test(arguments: [RestartSnapshotTests.Damage.truncated, .byteChanged, .garbage])
  func aDamagedKeptReportIsNotUsedForAnUpdate(_ damage: RestartSnapshotTests.Damage) throws {
    let fixture = try RestartFixture(files: Self.files)
    _ = check(fixture)
    let realRoot = try LocalFileSystem().realPath(of: fixture.root)
    let path = CheckReportCache(directory: fixture.cache, fileSystem: LocalFileSystem(), build: RestartFixture.build)
      .filePath(forRealRoot: realRoot)
    try damage.apply(toFile: path)
    try fixture.write("notes/d.md", "# D\n\nNothing to say [@jones2019].\n")
    let warm = check(fixture)
    #expect(warm.use == .indexed)
    #expect(
      printed(warm.report)
        == printed(
          CheckReport(root: fixture.root, fileSystem: LocalFileSystem(), environment: GlossProcess.testEnvironment)))
  }
}

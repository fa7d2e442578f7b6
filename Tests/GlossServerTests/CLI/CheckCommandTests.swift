import Foundation
import GlossServer
import TestSupport
import Testing

@Suite struct CheckCommandTests {
  static let files: [String: String] = [
    "notes/b.md": "# B\n\nCafe\u{301} 🦉 [@ghost2020] and [[nowhere]].\n",
    "notes/a.md": "# A\n\n[@smith2020, p. 3]\n",
    "notes/clean.md": "# Clean\n",
    "refs.bib": "@book{smith2020, title = {Trí nhớ}, year = 2020}\n",
  ]

  /// In "Cafe\u{301} 🦉 [@ghost2020]" the key starts at scalar 11: the combining accent counts as one, the owl too.
  @Test func diagnosticsArePlacedInUnicodeScalarsAndSortedByPathThenPosition() {
    let fs = InMemoryFileSystem(root: "/w", files: Self.files)
    let report = CheckReport(root: "/w", fileSystem: fs, environment: GlossProcess.testEnvironment)
    #expect(
      report.textLines == [
        "notes/a.md:3:14: hint: 'smith2020' has no text to find 'p. 3' in [no-text]",
        "notes/b.md:3:11: error: unknown source 'ghost2020' [unknown-source]",
        "notes/b.md:3:28: error: no note matches 'nowhere' [broken-link]",
      ])
    #expect(report.summary == "2 errors, 0 warnings, 1 hint in 3 notes")
    #expect(report.hasErrors)
  }

  @Test func jsonHasEveryField() throws {
    let fs = InMemoryFileSystem(root: "/w", files: Self.files)
    let report = CheckReport(root: "/w", fileSystem: fs, environment: GlossProcess.testEnvironment)
    let decoded = try JSONDecoder().decode([CheckReport.Item].self, from: Data(report.json.utf8))
    #expect(decoded == report.items)
    #expect(decoded.map(\.endColumn) == [18, 20, 35])
  }

  /// A key renamed between two runs (docs/literature-notes.md): the second run's JSON names the new key, and the
  /// message says it; the fingerprints live in the cache folder, not in the workspace.
  @Test func aKeyRenamedSinceTheLastRunIsReportedWithItsNewKey() throws {
    let folder = try temporaryWorkspace([
      "notes/a.md": "Tiếng Việt 🦉 [@smith2020, p. 3]\n",
      "refs.bib": "@book{smith2020, title = {Trí nhớ}, author = {Smith, Ann}, year = 2020}\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let cache = folder.appendingPathComponent("cache").path
    let workspace = folder.appendingPathComponent("w").path
    try FileManager.default.createDirectory(atPath: workspace, withIntermediateDirectories: true)
    for name in ["notes", "refs.bib"] {
      try FileManager.default.moveItem(atPath: folder.appendingPathComponent(name).path, toPath: workspace + "/" + name)
    }
    let environment = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": cache]) { $1 }
    let first = try GlossProcess.run(["check", workspace, "--format", "json"], environment: environment)
    #expect(first.status == 0)
    let renamed = "@book{smithTriNho2020, title = {Trí Nhớ}, author = {Smith, A.}, year = 2020}\n"
    try renamed.write(toFile: workspace + "/refs.bib", atomically: false, encoding: .utf8)
    let second = try GlossProcess.run(["check", workspace, "--format", "json"], environment: environment)
    #expect(second.status == 1)
    let items = try JSONDecoder().decode([CheckReport.Item].self, from: Data(second.stdout.utf8))
    #expect(items.map(\.renamedKey) == [CheckReport.Renamed(from: "smith2020", to: "smithTriNho2020")])
    #expect(items.map(\.message) == ["unknown source 'smith2020': was 'smith2020', now 'smithTriNho2020'?"])
    #expect(second.stdout.contains(#""renamedKey" : {"#))
    // Nothing was written in the workspace.
    #expect(try FileManager.default.contentsOfDirectory(atPath: workspace).sorted() == ["notes", "refs.bib"])
  }

  private func temporaryWorkspace(_ files: [String: String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gloss-check-\(UUID().uuidString)")
    for (path, text) in files {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return folder
  }

  @Test func exitStatusIsOneWithErrorsZeroWithoutAndTwoOnBadUsage() throws {
    let folder = try temporaryWorkspace(Self.files)
    defer { try? FileManager.default.removeItem(at: folder) }
    let failing = try GlossProcess.run(["check", folder.path])
    #expect(failing.status == 1)
    #expect(failing.stdout.hasSuffix("2 errors, 0 warnings, 1 hint in 3 notes\n"))
    #expect(failing.stdout.hasPrefix("notes/a.md:3:14: hint: "))
    let json = try GlossProcess.run(["check", folder.path, "--format", "json"])
    #expect(json.status == 1)
    let items = try JSONDecoder().decode([CheckReport.Item].self, from: Data(json.stdout.utf8))
    #expect(items.map(\.code) == ["no-text", "unknown-source", "broken-link"])
    // The same report prints the same bytes on every run (a script may diff two runs): members in sorted order.
    let first = try #require(json.stdout.split(separator: "}").first)
    let members = first.split(separator: "\n").compactMap { $0.split(separator: "\"").dropFirst().first }
    #expect(members == members.sorted() && members.count >= 8)
    try FileManager.default.removeItem(at: folder.appendingPathComponent("notes/b.md"))
    let passing = try GlossProcess.run(["check", folder.path])
    #expect(passing.status == 0)
    #expect(try GlossProcess.run(["check", folder.path, "--frobnicate"]).status == 2)
    #expect(try GlossProcess.run(["check", folder.path, "--format", "xml"]).status == 2)
    #expect(try GlossProcess.run(["check", folder.appendingPathComponent("missing").path]).status == 2)
  }

  // `gloss check notes` in a workspace whose .gloss.json (naming the bibliography) is one folder up checked the notes
  // folder alone: "no bibliography found in 'notes'" and no citation checked.
  @Test func aFolderInsideAWorkspaceIsCheckedAsThatWorkspace() throws {
    let folder = try temporaryWorkspace(
      Self.files.merging([".gloss.json": #"{"bibliography": ["refs.bib"]}"#]) { $1 })
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try GlossProcess.run(["check", folder.appendingPathComponent("notes").path])
    #expect(!result.stderr.contains("no bibliography found"))
    #expect(result.stderr.contains("checking the workspace '\(folder.path)'"))
    #expect(result.stdout.contains("notes/b.md:3:11: error: unknown source 'ghost2020' [unknown-source]"))
    #expect(result.stdout.hasSuffix("2 errors, 0 warnings, 1 hint in 3 notes\n"))
  }

  @Test func theExampleWorkspaceReportsExactlyItsThreeDeliberateProblems() throws {
    let example = Repository.url("examples/research").path
    let result = try GlossProcess.run(["check", example])
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        notes/consolidation.md:13:30: error: no note matches 'reconsolidation' [broken-link]
        notes/spacing-effect.md:16:3: error: unknown source 'ebinghaus1885'; did you mean 'ebbinghaus1885'? \
        [unknown-source]
        notes/spacing-effect.md:21:53: warning: cannot find 'p. 12' in 'ebbinghaus1885': page 12 is past the last \
        page (4 pages) [unresolved-locator]
        2 errors, 1 warning, 0 hints in 17 notes

        """)
  }

  @Test func aFileIsCheckedInItsWorkspaceAndOnlyItsDiagnosticsArePrinted() throws {
    let example = Repository.url("examples/research/notes/spacing-effect.md").path
    let result = try GlossProcess.run(["check", example])
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        notes/spacing-effect.md:16:3: error: unknown source 'ebinghaus1885'; did you mean 'ebbinghaus1885'? \
        [unknown-source]
        notes/spacing-effect.md:21:53: warning: cannot find 'p. 12' in 'ebbinghaus1885': page 12 is past the last \
        page (4 pages) [unresolved-locator]
        1 error, 1 warning, 0 hints in 1 note

        """)
    // A file without problems: nothing but the summary, exit 0.
    let clean = try GlossProcess.run(["check", Repository.url("examples/research/notes/transience.md").path])
    #expect(clean.status == 0, "\(clean.stdout)")
    #expect(clean.stdout == "0 errors, 0 warnings, 0 hints in 1 note\n")
  }

  @Test func aBibliographyTheConfigNamesThatDoesNotExistFailsTheCheck() throws {
    let folder = try temporaryWorkspace(
      Self.files.merging([".gloss.json": "{\n  \"bibliography\": [\"refs.bib\", \"thư mục/missing.bib\"]\n}\n"]) { $1 })
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try GlossProcess.run(["check", folder.path])
    #expect(result.status == 1)
    #expect(
      result.stdout.hasPrefix(
        ".gloss.json:2:3: error: the bibliography 'thư mục/missing.bib' named in '.gloss.json' does not exist "
          + "[malformed-config]\n"), "\(result.stdout)")
    #expect(!result.stderr.contains("skipped"), "\(result.stderr)")
  }
}

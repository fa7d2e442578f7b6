import Foundation
import GlossServer
import TestSupport
import Testing

/// `gloss find "PHRASE" [DIR] [--format text|json] [--limit N] [--notes]`.
@Suite struct FindCommandTests {
  static let files: [String: String] = [
    "sources/bartlett1932.md": "---\nid: bartlett1932\n---\n# 1\n\nRemembering is not the re-excitation of\n"
      + "innumerable fixed traces. It is an imaginative reconstruction.\n",
    "sources/liu1936.html": "<html><body>\n<p>记忆不是录像，而是一种富有想象力的重建。</p>\n</body></html>\n",
    "sources/ebbinghaus1885.txt": "Page one.\n\u{0C}🦉 Tái tạo: the savings method.\n",
    "notes/a.md": "# A\n\nI think it is an imaginative reconstruction too.\n",
  ]

  @Test func placesArePrintedWithTheirCitationInUnicodeScalarColumns() {
    let fs = InMemoryFileSystem(root: "/w", files: Self.files)
    let report = FindReport(
      root: "/w", phrase: "THE SAVINGS", limit: 50, includingNotes: false, fileSystem: fs,
      environment: GlossProcess.testEnvironment)
    // The line starts with the form feed; "\u{0C}🦉 Tái tạo: " is 12 scalars: the owl is one.
    #expect(
      report.textLines == [
        "sources/ebbinghaus1885.txt:2:13: [@ebbinghaus1885, p. 2] Page one. 🦉 Tái tạo: the savings method."
      ])
    let chinese = FindReport(
      root: "/w", phrase: "富有想象力的重建", limit: 50, includingNotes: false, fileSystem: fs,
      environment: GlossProcess.testEnvironment)
    #expect(
      chinese.places.map { "\($0.path):\($0.line):\($0.column) \($0.citation ?? "")" } == [
        "sources/liu1936.html:2:15 [@liu1936, l. 2]"
      ])
  }

  @Test func notesAreSearchedWithNotesAndTheLimitHolds() {
    let fs = InMemoryFileSystem(root: "/w", files: Self.files)
    let both = FindReport(
      root: "/w", phrase: "an imaginative reconstruction", limit: 50, includingNotes: true, fileSystem: fs,
      environment: GlossProcess.testEnvironment)
    #expect(both.places.map(\.path) == ["sources/bartlett1932.md", "notes/a.md"])
    #expect(both.places.map(\.citation) == ["[@bartlett1932, l. 7]", nil])
    let one = FindReport(
      root: "/w", phrase: "an imaginative reconstruction", limit: 1, includingNotes: true, fileSystem: fs,
      environment: GlossProcess.testEnvironment)
    #expect(one.places.count == 1)
  }

  @Test func notFoundPrintsTheClosestPassagesWithTheirLikeness() throws {
    let fs = InMemoryFileSystem(root: "/w", files: Self.files)
    let report = FindReport(
      root: "/w", phrase: "an imaginary reconstruction", limit: 50, includingNotes: false, fileSystem: fs,
      environment: GlossProcess.testEnvironment)
    #expect(!report.isFound)
    #expect(report.textLines.first == "not found; closest:")
    let closest = try #require(report.textLines.dropFirst().first)
    #expect(closest.hasPrefix("sources/bartlett1932.md:7:"), "\(closest)")
    #expect(closest.contains("% alike [@bartlett1932, l. 7] "), "\(closest)")
  }

  private func temporaryWorkspace(_ files: [String: String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gloss-find-\(UUID().uuidString)")
    for (path, text) in files {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return folder
  }

  @Test func aSecondFindPrintsTheSameFromTheImageKeptInTheCache() throws {
    let folder = try temporaryWorkspace(Self.files)
    defer { try? FileManager.default.removeItem(at: folder) }
    let cache = folder.appendingPathComponent("cache").path
    let workspace = folder.appendingPathComponent("w")
    try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    for name in ["sources", "notes"] {
      try FileManager.default.moveItem(
        at: folder.appendingPathComponent(name), to: workspace.appendingPathComponent(name))
    }
    let environment = GlossProcess.testEnvironment.merging(["XDG_CACHE_HOME": cache]) { $1 }
    let arguments = ["find", "imaginative reconstruction", workspace.path, "--notes", "--format", "json"]
    let first = try GlossProcess.run(arguments, environment: environment)
    let images = try FileManager.default.contentsOfDirectory(atPath: cache + "/gloss/workspaces")
    #expect(images.filter { $0.hasSuffix(".find") }.count == 1)
    let second = try GlossProcess.run(arguments, environment: environment)
    #expect(first.status == 0 && second.status == 0)
    #expect(second.stdout == first.stdout)
    #expect(second.stdout.contains(#""citation" : "[@bartlett1932, l. 7]""#))
    // Changed since: indexed again, and the new text is found.
    try Data("Tái tạo: an imaginative reconstruction, again.\n".utf8).write(
      to: workspace.appendingPathComponent("sources/ebbinghaus1885.txt"))
    let third = try GlossProcess.run(["find", "imaginative reconstruction", workspace.path], environment: environment)
    #expect(third.stdout.contains("sources/ebbinghaus1885.txt:1:13: [@ebbinghaus1885, l. 1]"))
  }

  @Test func exitStatusIsZeroWhenFoundOneWhenNotTwoOnBadUsage() throws {
    let folder = try temporaryWorkspace(Self.files)
    defer { try? FileManager.default.removeItem(at: folder) }
    let found = try GlossProcess.run(["find", "imaginative reconstruction", folder.path])
    #expect(found.status == 0)
    #expect(found.stdout.hasPrefix("sources/bartlett1932.md:7:"), "\(found.stdout)")
    let json = try GlossProcess.run(["find", "imaginative reconstruction", folder.path, "--format", "json", "--notes"])
    #expect(json.status == 0)
    let decoded = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect(decoded?["found"] as? Bool == true)
    #expect(
      (decoded?["places"] as? [[String: Any]])?.compactMap { $0["path"] as? String } == [
        "sources/bartlett1932.md", "notes/a.md",
      ])
    #expect(try GlossProcess.run(["find", "zyxwvut qponm", folder.path]).status == 1)
    #expect(try GlossProcess.run(["find"]).status == 2)
    #expect(try GlossProcess.run(["find", "x", folder.path, "--limit", "0"]).status == 2)
    #expect(try GlossProcess.run(["find", "x", folder.path, "--frobnicate"]).status == 2)
    #expect(try GlossProcess.run(["find", "x", folder.path + "/nowhere"]).status == 2)
    #expect(try GlossProcess.run(["help"]).stdout.contains("find \"PHRASE\" [DIR]"))
  }

  @Test func placesInALibraryInTheHomeFolderAreShownFromTilde() throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("gloss-find-home-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let storage = "Zotero/storage/ABCD1234/Bartlett - 1932 - Remembering a study in experimental psychology.txt"
    let files = [
      storage: "Remembering is an imaginative reconstruction.\n",
      "Zotero/library.bib": "@book{bartlett1932, title = {Remembering}, file = {\(home.path)/\(storage)}}\n",
      "notes/.gloss.json": #"{"bibliography": ["~/Zotero/library.bib"]}"#,
      "notes/a.md": "Ghi chú [@bartlett1932].\n",
    ]
    for (path, text) in files {
      let url = home.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    var environment = GlossProcess.testEnvironment
    environment["HOME"] = home.path
    let result = try GlossProcess.run(
      ["find", "imaginative reconstruction", home.appendingPathComponent("notes").path], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("~/\(storage):1:19: [@bartlett1932, l. 1] "), "\(result.stdout)")
  }
}

import Foundation
import TestSupport
import Testing

/// `gloss export` run as a child process on a temporary workspace on disk.
@Suite struct ExportCLITests {
  static func workspace() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("gloss-export-\(UUID().uuidString)")
    let files = [
      "references.bib": "@book{bartlett1932, author = {Bartlett, Frederic C.}, title = {Remembering}, year = {1932}}\n",
      "notes/Trí nhớ.md": "---\ntitle: Trí nhớ\ntags: [mémoire]\n---\nRecall [@bartlett1932, p. 213].\n",
    ]
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return root
  }

  @Test func exportsANoteToTheExportFolder() throws {
    let root = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: root) }
    let note = root.appendingPathComponent("notes/Trí nhớ.md").path
    let result = try GlossProcess.run(["export", note, "--root", root.path])
    #expect(result.status == 0, "\(result.stderr)")
    let output = root.appendingPathComponent("export/trí-nhớ.md")
    #expect(result.stdout == output.path + "\n")
    let text = try String(contentsOf: output, encoding: .utf8)
    #expect(text.contains("Recall (Bartlett 1932, p. 213)."))
    #expect(text.contains("Bartlett, Frederic C. 1932. *Remembering*."))
  }

  @Test func exportsATagNotebookToTheFileGiven() throws {
    let root = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: root) }
    let output = root.appendingPathComponent("out/book.html").path
    let result = try GlossProcess.run([
      "export", "--tag", "mémoire", "--format", "html", "-o", output, "--root", root.path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try String(contentsOfFile: output, encoding: .utf8).contains("<h2>Trí nhớ</h2>"))
  }

  @Test(arguments: [
    ["export"], ["export", "--format", "docx", "x.md"], ["export", "--tag"], ["export", "a.md", "--tag", "t"],
  ])
  func badUsageExitsWithTwo(arguments: [String]) throws {
    #expect(try GlossProcess.run(arguments).status == 2)
  }

  @Test func unknownTagExitsWithOne() throws {
    let root = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: root) }
    let result = try GlossProcess.run(["export", "--tag", "absent", "--root", root.path])
    #expect(result.status == 1)
    #expect(result.stderr == "gloss export: no note has the tag 'absent'\n")
  }

  // MARK: Finding the workspace

  @Test func runFromASubfolderItFindsTheWorkspaceAsCheckDoes() throws {
    let root = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: root) }
    let notes = root.appendingPathComponent("notes")
    let result = try GlossProcess.run(["export", "Trí nhớ.md"], in: notes)
    #expect(result.status == 0, "\(result.stderr)")
    let text = try String(contentsOf: root.appendingPathComponent("export/trí-nhớ.md"), encoding: .utf8)
    #expect(text.contains("Recall (Bartlett 1932, p. 213)."), "\(text)")
    #expect(!text.contains("bartlett1932?"))
    // A tag from the subfolder too.
    let tagged = try GlossProcess.run(["export", "--tag", "mémoire", "-o", "../out.md"], in: notes)
    #expect(tagged.status == 0, "\(tagged.stderr)")
    #expect(try String(contentsOf: root.appendingPathComponent("out.md"), encoding: .utf8).contains("(Bartlett 1932"))
  }

  @Test func theHomeFolderIsNeverIndexedWithoutAConfig() throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("gloss-home-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    try Data("#mémoire\n".utf8).write(to: home.appendingPathComponent("a.md"))
    var environment = GlossProcess.testEnvironment
    environment["HOME"] = home.path
    let result = try GlossProcess.run(["export", "--tag", "mémoire"], environment: environment, in: home)
    #expect(result.status == 1)
    #expect(result.stderr.contains("Gloss never indexes '\(home.path)' whole"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("export").path))
  }

  @Test func unknownSourcesAreReportedAndFailTheExportWithStrict() throws {
    let root = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: root) }
    let note = root.appendingPathComponent("notes/Ghost.md")
    try Data("Thấy [@ghost2001, p. 2] và [@bartlett1932].\n".utf8).write(to: note)
    let loose = try GlossProcess.run(["export", note.path, "-o", "-"])
    #expect(loose.status == 0)
    #expect(loose.stdout.contains("(ghost2001? p. 2)"), "\(loose.stdout)")
    #expect(
      loose.stderr.contains("gloss export: 1 cited key has no source in '\(root.path)': 'ghost2001'"),
      "\(loose.stderr)")
    let strict = try GlossProcess.run(["export", note.path, "--strict"])
    #expect(strict.status == 1)
    #expect(strict.stderr.contains("nothing was written (--strict)"), "\(strict.stderr)")
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("export/ghost.md").path))
  }

  // MARK: Output outside the workspace

  /// A workspace and an empty folder beside it, for outputs named outside the workspace.
  static func workspaceAndOutside() throws -> (root: URL, outside: URL) {
    let root = try workspace()
    let outside = root.appendingPathExtension("outside")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    return (root, outside)
  }

  @Test func anOutputOutsideTheWorkspaceIsCreatedAndReplacedOnlyWhileItIsGlosssExport() throws {
    let (root, outside) = try Self.workspaceAndOutside()
    defer { for url in [root, outside] { try? FileManager.default.removeItem(at: url) } }
    let note = root.appendingPathComponent("notes/Trí nhớ.md").path
    let target = outside.appendingPathComponent("cho đồng nghiệp 🦉.html")
    let first = try GlossProcess.run(["export", note, "--format", "html", "-o", target.path])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout == target.path + "\n")
    #expect(try String(contentsOf: target, encoding: .utf8).contains("(Bartlett 1932, p. 213)"))
    // Gloss's own export, unchanged: replaced.
    let again = try GlossProcess.run(["export", note, "--format", "html", "-o", target.path])
    #expect(again.status == 0, "\(again.stderr)")
    // Once the colleague edits it, it is theirs.
    try Data("edited by hand\n".utf8).write(to: target)
    let refused = try GlossProcess.run(["export", note, "--format", "html", "-o", target.path])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("is not an export Gloss wrote"), "\(refused.stderr)")
    #expect(try String(contentsOf: target, encoding: .utf8) == "edited by hand\n")
  }

  @Test func anOutputOutsideNeverReplacesAnotherFileNorGoesThroughALink() throws {
    let (root, outside) = try Self.workspaceAndOutside()
    defer { for url in [root, outside] { try? FileManager.default.removeItem(at: url) } }
    let note = root.appendingPathComponent("notes/Trí nhớ.md").path
    let existing = outside.appendingPathComponent("thesis.md")
    try Data("my thesis\n".utf8).write(to: existing)
    let overExisting = try GlossProcess.run(["export", note, "-o", existing.path])
    #expect(overExisting.status == 1)
    #expect(try String(contentsOf: existing, encoding: .utf8) == "my thesis\n")
    // A link as the file's own name, to a file or to nowhere: never written through.
    let link = outside.appendingPathComponent("link.md")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: existing.path)
    let dangling = outside.appendingPathComponent("dangling.md")
    try FileManager.default.createSymbolicLink(
      atPath: dangling.path, withDestinationPath: outside.appendingPathComponent("nowhere.md").path)
    for target in [link, dangling] {
      let result = try GlossProcess.run(["export", note, "-o", target.path])
      #expect(result.status == 1)
      #expect(result.stderr.contains("symbolic link"), "\(result.stderr)")
    }
    #expect(try String(contentsOf: existing, encoding: .utf8) == "my thesis\n")
    #expect(!FileManager.default.fileExists(atPath: outside.appendingPathComponent("nowhere.md").path))
    // A missing folder is not made outside the workspace.
    let missing = try GlossProcess.run(["export", note, "-o", outside.appendingPathComponent("no/such.md").path])
    #expect(missing.status == 1)
    // A folder reached through a link is the user's choice: the file is created in the real folder.
    let linkedFolder = outside.appendingPathComponent("linked-folder")
    let real = outside.appendingPathComponent("real")
    try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: linkedFolder.path, withDestinationPath: real.path)
    let throughFolder = try GlossProcess.run(["export", note, "-o", linkedFolder.appendingPathComponent("x.md").path])
    #expect(throughFolder.status == 0, "\(throughFolder.stderr)")
    #expect(FileManager.default.fileExists(atPath: real.appendingPathComponent("x.md").path))
  }

  @Test func dashWritesToStandardOutputAndNoFile() throws {
    let root = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: root) }
    let notes = root.appendingPathComponent("notes")
    let result = try GlossProcess.run(["export", "Trí nhớ.md", "-o", "-"], in: notes)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Recall (Bartlett 1932, p. 213)."))
    #expect(!FileManager.default.fileExists(atPath: notes.appendingPathComponent("-").path))
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("export").path))
    #expect(try GlossProcess.run(["export", "Trí nhớ.md", "-o", "-", "--format", "pandoc"], in: notes).status == 2)
  }
}

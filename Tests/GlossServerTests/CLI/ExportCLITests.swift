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
}

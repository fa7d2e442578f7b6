import Foundation
import GlossServer
import TestSupport
import Testing

/// Indexing steps as `gloss check`, `gloss export` and the first indexing of the server report them.
@Suite struct IndexingProgressTests {
  @Test(arguments: [
    (IndexingStep.discovering, "looking for files…"),
    (.indexing(files: 1), "indexing 1 file…"),
    (.indexing(files: 12_002), "indexing 12,002 files…"),
    (.indexing(files: 999), "indexing 999 files…"),
    (.diagnosing(files: 1_234_567), "checking 1,234,567 files…"),
    (.resolving(files: 2), "reading 2 referenced files…"),
  ])
  func stepMessagesGroupDigitsAndPluralize(step: IndexingStep, message: String) {
    #expect(step.message == message)
  }

  @Test func indexingReportsEachStepInOrderWithGrowingFractions() {
    let fs = InMemoryFileSystem(
      root: "/w",
      files: [
        "notes/Trí nhớ.md": "---\nbibliography: extra/more.bib\n---\n[@smith2020]\n",
        "notes/東京 🦉.md": "# 東京\n",
        "refs.bib": "@book{smith2020, title = {Trí nhớ}, year = 2020}\n",
        "extra/more.bib": "@book{lê2021, title = {Đà Lạt}, year = 2021}\n",
      ])
    var steps: [IndexingStep] = []
    _ = CheckReport(
      root: "/w", fileSystem: fs, progress: { steps.append($0) }, environment: GlossProcess.testEnvironment)
    #expect(steps.first == .discovering)
    // `extra/more.bib` is found by discovery; the note's `bibliography:` names `notes/extra/more.bib`, which is
    // looked for once the note is in (and is missing).
    #expect(steps.contains(.indexing(files: 4)))
    #expect(steps.contains(.resolving(files: 1)))
    #expect(steps.last == .diagnosing(files: 4))
    #expect(steps.map(\.fraction) == steps.map(\.fraction).sorted())
    #expect(steps.count >= 3)
  }

  @Test func pipedStderrStaysEmptyOnSuccess() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("gloss-progress-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let files = [
      "refs.bib": "@book{lê2021, title = {Đà Lạt}, year = 2021}\n",
      "notes/Đà Lạt.md": "---\ntags: [du-lịch]\n---\n# Đà Lạt 🌲\n\nSee [@lê2021].\n",
    ]
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    let check = try GlossProcess.run(["check", root.path])
    #expect(check.status == 0)
    #expect(check.stderr == "")
    let export = try GlossProcess.run(["export", "--tag", "du-lịch", "--root", root.path])
    #expect(export.status == 0)
    #expect(export.stderr == "")
  }
}

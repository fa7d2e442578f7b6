import Foundation
import GlossServer
import TestSupport
import Testing

/// `gloss check` on the PDFs of `Tests/Fixtures/pdfs/matching`, made by pdflatex (`make.sh`) and read with the real
/// `pdftotext`: every genuine quotation is accepted, every planted error is caught.
@Suite struct PDFQuotationCorpusTests {
  static let corpus = Repository.url("Tests/Fixtures/pdfs/matching")

  /// A workspace holding the corpus's PDFs in `sources/` and its notes in `notes/`; removed by the caller.
  static func workspace() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gloss-corpus-\(UUID().uuidString)")
    let manager = FileManager.default
    try manager.createDirectory(at: folder.appendingPathComponent("sources"), withIntermediateDirectories: true)
    for name in ["two-columns.pdf", "lost-ligatures.pdf"] {
      try manager.copyItem(
        at: corpus.appendingPathComponent(name), to: folder.appendingPathComponent("sources/" + name))
    }
    try manager.copyItem(at: corpus.appendingPathComponent("notes"), to: folder.appendingPathComponent("notes"))
    return folder
  }

  /// The 1-based lines of the note at `path` (in the corpus) that hold a quotation cited with a key.
  static func quotationLines(_ path: String) throws -> [Int] {
    let text = try String(contentsOf: corpus.appendingPathComponent(path), encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      .filter { $0.element.contains("[@") }.map { $0.offset + 1 }
  }

  @Test func genuineQuotationsAreAcceptedAndEveryPlantedErrorIsCaught() throws {
    let folder = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try GlossProcess.run(["check", folder.path, "--format", "json"])
    let items = try JSONDecoder().decode([CheckReport.Item].self, from: Data(result.stdout.utf8))
    // Both PDFs have text: no hint that one has none.
    #expect(items.filter { $0.code == "no-text" }.isEmpty, "\(items)")
    let genuine = items.filter { $0.path == "notes/genuine.md" }
    #expect(genuine.isEmpty, "false alarms: \(genuine.map { "\($0.line): \($0.message)" })")
    let planted = items.filter { $0.path == "notes/planted.md" && $0.code == "quote-mismatch" }
    #expect(planted.map(\.line) == (try Self.quotationLines("notes/planted.md")))
    #expect(try Self.quotationLines("notes/genuine.md").count == 22)
    #expect(try Self.quotationLines("notes/planted.md").count == 21)
  }
}

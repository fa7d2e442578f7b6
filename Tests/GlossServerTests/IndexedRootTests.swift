import Foundation
import GlossIndex
import GlossSyntax
import Testing

@testable import GlossServer

@Suite struct IndexedRootTests {
  private static let exampleRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples/research").path

  /// Every diagnostic of an indexed root as `path:line: severity: message [code]`, sorted.
  private func dump(_ root: IndexedRoot, fileSystem: any FileSystem) -> [String] {
    root.workspace.diagnosticsByPath.sorted { $0.key < $1.key }.flatMap { path, diagnostics in
      let bytes = (try? fileSystem.contents(of: root.files.absolutePath(path))) ?? []
      return diagnostics.map { diagnostic in
        let line = bytes.prefix(diagnostic.range.lowerBound).count { $0 == 0x0A } + 1
        return "\(path):\(line): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code)]"
      }
    }
  }

  @Test func exampleResearchWorkspaceHasExactlyItsThreeDeliberateProblems() {
    let fs = LocalFileSystem()
    let root = IndexedRoot(root: Self.exampleRoot, editorSettings: nil, fileSystem: fs)
    #expect(root.skipped.isEmpty)
    #expect(root.workspace.notes.count == 17)
    #expect(root.workspace.sourceDocuments.count == 6)
    let codes = dump(root, fileSystem: fs).map { $0.split(separator: "[").last.map(String.init) ?? $0 }
    #expect(
      codes.sorted() == ["broken-link]", "unknown-source]", "unresolved-locator]"], "\(dump(root, fileSystem: fs))")
  }

  @Test func inMemoryRootIsIndexedWithConfigAndProblems() {
    let fs = InMemoryFileSystem(
      root: "/w",
      files: [
        ".gloss.json": #"{"quoteCheck": "yes"}"#,
        "notes/ghi chú.md": "# Ghi chú\n\nSee [[missing]] and [@smith2020].\n",
        "references.bib": "@book{smith2020, title = {Trí nhớ}, author = {Smith, Ann}, year = 2020}\n",
        "attachments/figure.png": "png",
        "notes/binary.md": "x\u{0}y",
      ]
    )
    let root = IndexedRoot(root: "/w", editorSettings: .object(["inlayHints": .bool(true)]), fileSystem: fs)
    #expect(root.config.config.inlayHints)
    #expect(root.config.fileProblems.map(\.message) == ["'quoteCheck' must be true or false, found a string"])
    #expect(root.files.otherFiles.map(\.path) == ["attachments/figure.png"])
    #expect(root.skipped.map(\.path) == ["notes/binary.md"])
    let codes = root.workspace.diagnosticsByPath.values.flatMap { $0.map(\.code) }.sorted()
    #expect(codes == ["broken-link", "malformed-config"])
  }
}

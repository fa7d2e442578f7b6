import Foundation
import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// `examples/research`, read from disk: its quotations are real, so every one must be found.
@Suite struct ExampleWorkspaceTests {
  /// The example's folder, found from this file's path.
  static let root = Repository.url("examples/research")

  /// The example workspace, roles as its `.gloss.json` gives them (notes under `notes/`, sources in `sources/`).
  static func load() throws -> Workspace {
    let manager = FileManager.default
    let rootPath = root.path
    var files: [WorkspaceFile] = []
    let walker = try #require(manager.enumerator(atPath: rootPath))
    while let relative = walker.nextObject() as? String {
      let role: WorkspaceFile.Role
      if relative.hasPrefix("notes/") && relative.hasSuffix(".md") {
        role = .note
      } else if relative.hasPrefix("sources/") {
        role = .sourceDocument
      } else if relative.hasSuffix(".bib") || relative.hasSuffix(".csl.json") {
        role = .bibliography
      } else {
        continue
      }
      let data = try #require(manager.contents(atPath: rootPath + "/" + relative))
      files.append(WorkspaceFile(path: relative, role: role, bytes: [UInt8](data)))
    }
    let configData = try #require(manager.contents(atPath: rootPath + "/.gloss.json"))
    let (config, problems) = WorkspaceConfig.parse([UInt8](configData))
    #expect(problems.isEmpty)
    return Workspace(loading: files, config: config)
  }

  @Test func exampleHasExactlyItsThreeDeliberateProblems() throws {
    let workspace = try Self.load()
    var found: [String] = []
    for path in workspace.diagnosedPaths {
      for diagnostic in workspace.diagnostics(for: path) { found.append("\(path) \(diagnostic.code)") }
    }
    #expect(
      found.sorted() == [
        "notes/consolidation.md broken-link", "notes/spacing-effect.md unknown-source",
        "notes/spacing-effect.md unresolved-locator",
      ])
  }

  @Test func everyQuotationOfTheExampleIsFoundInItsPassage() throws {
    let workspace = try Self.load()
    var checked = 0
    for path in workspace.diagnosedPaths {
      guard let record = workspace.note(at: path) else { continue }
      for quotation in record.quotations {
        guard let check = workspace.quotationCheck(at: quotation.range.lowerBound, in: path) else { continue }
        checked += 1
        #expect(check.isFound, "\(path): \(quotation.text) — \(check.summary)")
        #expect(check.summary.hasPrefix("quotation found in '\(check.key)' ("), "\(check.summary)")
      }
    }
    #expect(checked >= 10)
  }
}

import Foundation
import GlossIndex
import GlossSyntax
import TestSupport
import Testing

@testable import GlossServer

@Suite struct WorkspaceFilesConfigTests {
  @Test func missingConfigFileGivesEditorSettings() {
    let fs = InMemoryFileSystem(root: "/w", files: ["a.md": ""])
    let loaded = WorkspaceFiles.loadConfig(
      root: "/w",
      editorSettings: .object(["exportDir": .string("xuất bản")]),
      fileSystem: fs
    )
    #expect(loaded.config.exportDir == "xuất bản")
    #expect(loaded.fileProblems.isEmpty)
    #expect(loaded.editorProblems.isEmpty)
  }

  @Test func malformedConfigFileIsAProblemAndDefaultsApply() {
    let fs = InMemoryFileSystem(root: "/w", files: [".gloss.json": #"{"notes": ["*.md"]"#])
    let loaded = WorkspaceFiles.loadConfig(root: "/w", editorSettings: nil, fileSystem: fs)
    #expect(loaded.config == WorkspaceConfig())
    #expect(loaded.fileProblems.count == 1)
  }

  @Test func unreadableConfigFileIsAProblem() {
    let fs = InMemoryFileSystem(root: "/w", files: [".gloss.json": "{}"])
    fs.makeUnreadable("/w/.gloss.json")
    let loaded = WorkspaceFiles.loadConfig(root: "/w", editorSettings: nil, fileSystem: fs)
    #expect(loaded.fileProblems.map(\.message) == ["cannot read '.gloss.json': permission denied"])
  }

  @Test func rescanReportsWhatChanged() {
    let fs = InMemoryFileSystem(root: "/w", files: ["a.md": "a", "b.md": "b"])
    let first = WorkspaceFiles.discover(root: "/w", config: WorkspaceConfig(), fileSystem: fs)
    fs.setFile("/w/c.md", "c")
    fs.setFile("/w/a.md", "changed")
    let (second, changes) = first.rescanned(fileSystem: fs)
    #expect(changes == FileChanges(created: ["c.md"], changed: ["a.md"]))
    #expect(second.rescanned(fileSystem: fs).changes.isEmpty)
  }

  @Test func exampleResearchWorkspaceIsClassifiedByItsConfig() throws {
    let root = Repository.url("examples/research").path
    let fs = LocalFileSystem()
    let loaded = WorkspaceFiles.loadConfig(root: root, editorSettings: nil, fileSystem: fs)
    #expect(loaded.fileProblems.isEmpty)
    #expect(loaded.config.notes == ["notes/**/*.md"])
    let found = WorkspaceFiles.discover(root: root, config: loaded.config, fileSystem: fs)
    #expect(found.skipped.isEmpty)
    #expect(found.files(.config).map(\.path) == [".gloss.json"])
    #expect(found.files(.bibliography).map(\.path) == ["references.bib", "references.csl.json"])
    #expect(
      found.files(.sourceDocument).map(\.path) == [
        "sources/bartlett1932.md", "sources/ebbinghaus1885.txt", "sources/loftus1974.html",
        "sources/schacter-seven-sins.txt", "sources/tulving1972.md", "sources/tulving1985.md",
      ]
    )
    #expect(found.files(.note).count == 17)
    // The README describes the problems; it is not a note under this config.
    #expect(!found.files.contains { $0.path == "README.md" })
    let (files, skipped) = found.load(from: fs)
    #expect(skipped.isEmpty)
    #expect(files.count == found.files.count)
  }
}

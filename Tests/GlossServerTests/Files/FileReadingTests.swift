import Foundation
import GlossIndex
import TestSupport
import Testing

@testable import GlossServer

/// Indexing a root and scanning it again need only a `FileReading`: a file system that cannot write is enough
/// (docs/contributing/write-path.md).
@Suite struct FileReadingTests {
  /// The reading half of an in-memory file system, with no way to write.
  struct ReadOnly: FileReading {
    let base: InMemoryFileSystem

    func contents(of path: String) throws(FileSystemError) -> [UInt8] { try base.contents(of: path) }
    func listing(of directory: String) throws(FileSystemError) -> [DirectoryItem] { try base.listing(of: directory) }
    func status(of path: String) throws(FileSystemError) -> FileStatus { try base.status(of: path) }
    func realPath(of path: String) throws(FileSystemError) -> String { try base.realPath(of: path) }
    func entryKind(of path: String) throws(FileSystemError) -> EntryKind? { try base.entryKind(of: path) }
    func isWritable(_ path: String) -> Bool { base.isWritable(path) }
  }

  @Test func aRootIsIndexedAndRescannedThroughReadingAlone() {
    let fs = ReadOnly(
      base: InMemoryFileSystem(
        root: "/w",
        files: [
          "notes/ghi chú.md": "# Ghi chú\n\nSee [[missing]] and [@smith2020].\n",
          "references.bib": "@book{smith2020, title = {Trí nhớ}, author = {Smith, Ann}, year = 2020}\n",
        ]))
    let root = IndexedRoot(root: "/w", editorSettings: nil, fileSystem: fs)
    #expect(root.workspace.notes.keys.sorted() == ["notes/ghi chú.md"])
    #expect(root.workspace.diagnosticsByPath["notes/ghi chú.md"]?.map(\.code) == ["broken-link"])
    #expect(root.files.looksUnchanged(fileSystem: fs))
  }

  /// The command line's load reads the workspace through a `FileReading`, and writes its caches (here the note image)
  /// through the cache folder's own writer, on the disk.
  @Test func theCommandLineLoadsThroughReadingAloneAndKeepsItsCachesThroughTheirWriter() throws {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("gloss-reading-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: cache) }
    let fs = ReadOnly(
      base: InMemoryFileSystem(root: "/w", files: ["notes/ghi chú.md": "# Ghi chú\n\nSee [[missing]].\n"]))
    let indexed = IndexedRoot.forCommandLine(
      root: "/w", fileSystem: fs, environment: ["XDG_CACHE_HOME": cache, "HOME": cache])
    #expect(indexed.workspace.notes.keys.sorted() == ["notes/ghi chú.md"])
    let image = cache + "/gloss/" + WorkspaceCacheFile.fileName(forRealRoot: "/w", suffix: "notes")
    #expect(GlossVersion.build == nil || FileManager.default.fileExists(atPath: image))
  }
}

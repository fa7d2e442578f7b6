import Foundation
import GlossIndex
import GlossServer
import LanguageServerProtocol
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The races the guarded writer's checks cannot see by themselves: another program changes the disk after the checks
/// and before the write. A file system that runs a step of the test at exactly that moment (`RacingFileSystem`)
/// swaps a folder for a link leading out of the workspace, or saves a note, and the write must not go through the
/// link nor lose the save.
@Suite struct WriteRaceTests {
  /// The real file system, with `race` run once just before the `raceAt`-th call that changes a file.
  final class RacingFileSystem: FileSystem, @unchecked Sendable {
    let local = LocalFileSystem()
    var race: (() throws -> Void)?
    var raceAt = 1
    private var changes = 0

    private func runRace() {
      changes += 1
      guard changes == raceAt, let race else { return }
      self.race = nil
      try? race()
    }

    func contents(of path: String) throws(FileSystemError) -> [UInt8] { try local.contents(of: path) }
    func listing(of directory: String) throws(FileSystemError) -> [DirectoryItem] {
      try local.listing(of: directory)
    }
    func status(of path: String) throws(FileSystemError) -> FileStatus { try local.status(of: path) }
    func realPath(of path: String) throws(FileSystemError) -> String { try local.realPath(of: path) }
    func entryKind(of path: String) throws(FileSystemError) -> EntryKind? { try local.entryKind(of: path) }
    func isWritable(_ path: String) -> Bool { local.isWritable(path) }
    func createDirectory(_ path: String) throws(FileSystemError) { try local.createDirectory(path) }
    func write(_ bytes: [UInt8], to path: String, overwrite: Bool) throws(FileSystemError) {
      runRace()
      try local.write(bytes, to: path, overwrite: overwrite)
    }
    func replace(_ path: String, expecting expected: [UInt8], with bytes: [UInt8]) throws(FileSystemError) {
      runRace()
      try local.replace(path, expecting: expected, with: bytes)
    }
    func remove(_ path: String) throws(FileSystemError) {
      runRace()
      try local.remove(path)
    }
    func remove(_ path: String, expecting expected: [UInt8]) throws(FileSystemError) {
      runRace()
      try local.remove(path, expecting: expected)
    }
    func exclusively<T>(lockFile: String, _ body: () -> T) -> T { local.exclusively(lockFile: lockFile, body) }
  }

  static func writer(_ fixture: WriteFixture, _ fileSystem: RacingFileSystem) -> WorkspaceWriter {
    WorkspaceWriter(
      root: fixture.root, fileSystem: fileSystem,
      exports: ExportRecord(store: PrivateFileWriter(directory: fixture.state, fileSystem: fileSystem)))
  }

  /// Replaces the folder `notes` of the workspace by a link to the outside folder, as an attacker (or a sync tool)
  /// might between the writer's checks and its write.
  static func swapNotesForALinkOut(_ fixture: WriteFixture) throws {
    try FileManager.default.moveItem(atPath: fixture.root + "/notes", toPath: fixture.root + "/notes-moved")
    try WriteFixture.link(fixture.root + "/notes", to: fixture.outside)
  }

  @Test func aFolderSwappedForALinkAfterTheChecksIsNotWrittenThrough() throws {
    let fixture = try WriteFixture(files: ["notes/a.md": "# A\n"])
    defer { fixture.remove() }
    let fileSystem = RacingFileSystem()
    fileSystem.race = { try Self.swapNotesForALinkOut(fixture) }
    #expect(throws: CommandError.self) {
      try Self.writer(fixture, fileSystem).create(Array("# Mới\n".utf8), at: "notes/mới.md")
    }
    #expect(WriteFixture.names(under: fixture.outside) == [])
    #expect(WriteFixture.names(under: fixture.root + "/notes-moved") == ["a.md"])
  }

  @Test func aFolderSwappedForALinkIsNotReplacedThrough() throws {
    let fixture = try WriteFixture(files: ["notes/a.md": "# A\n"], outsideFiles: ["a.md": "# Outside\n"])
    defer { fixture.remove() }
    let fileSystem = RacingFileSystem()
    fileSystem.race = { try Self.swapNotesForALinkOut(fixture) }
    #expect(throws: CommandError.self) {
      try Self.writer(fixture, fileSystem).replace(
        "notes/a.md", expecting: Array("# A\n".utf8), with: Array("# B\n".utf8))
    }
    #expect(WriteFixture.text(fixture.outside + "/a.md") == "# Outside\n")
    #expect(WriteFixture.names(under: fixture.outside) == ["a.md"])
  }

  @Test func aSaveAfterTheCompareIsNeverOverwritten() throws {
    let fixture = try WriteFixture(files: ["notes/a.md": "# A\n"])
    defer { fixture.remove() }
    let path = fixture.root + "/notes/a.md"
    let fileSystem = RacingFileSystem()
    fileSystem.race = { try WriteFixture.put("# A\n\nA line saved by the editor.\n", at: path) }
    #expect(throws: CommandError.self) {
      try Self.writer(fixture, fileSystem).replace(
        "notes/a.md", expecting: Array("# A\n".utf8), with: Array("# B\n".utf8))
    }
    #expect(WriteFixture.text(path) == "# A\n\nA line saved by the editor.\n")
    #expect(WriteFixture.names(under: fixture.root) == ["notes", "notes/a.md"])
  }

  @Test func aSaveAfterTheCompareIsNeverRemovedByAMove() throws {
    let fixture = try WriteFixture(files: ["notes/a.md": "# A\n"])
    defer { fixture.remove() }
    let path = fixture.root + "/notes/a.md"
    let fileSystem = RacingFileSystem()
    // The race runs at the second change: the new file is made, the old one checked again, and is about to go.
    fileSystem.race = { try WriteFixture.put("# A\n\nSaved meanwhile.\n", at: path) }
    fileSystem.raceAt = 2
    #expect(throws: CommandError.self) {
      try Self.writer(fixture, fileSystem).move(
        "notes/a.md", expecting: Array("# A\n".utf8), to: "sources/a.md", bytes: Array("# A\n".utf8))
    }
    #expect(WriteFixture.text(path) == "# A\n\nSaved meanwhile.\n")
    #expect(WriteFixture.kind(fixture.root + "/sources/a.md") == nil)
  }

  @Test func theFileSystemNeverWritesThroughALinkedFolder() throws {
    let fixture = try WriteFixture()
    defer { fixture.remove() }
    try WriteFixture.link(fixture.root + "/notes", to: fixture.outside)
    let local = LocalFileSystem()
    #expect(throws: FileSystemError.self) {
      try local.write(Array("x".utf8), to: fixture.root + "/notes/x.md", overwrite: false)
    }
    #expect(throws: FileSystemError.self) { try local.createDirectory(fixture.root + "/notes/sub") }
    try WriteFixture.put("keep", at: fixture.outside + "/keep.md")
    #expect(throws: FileSystemError.self) { try local.remove(fixture.root + "/notes/keep.md") }
    #expect(WriteFixture.names(under: fixture.outside) == ["keep.md"])
  }

  @Test func exportsRecordedAtTheSameMomentAreAllKept() throws {
    let fixture = try WriteFixture()
    defer { fixture.remove() }
    let fileSystem = LocalFileSystem()
    let paths = (0..<64).map { fixture.root + "/export-\($0).md" }
    for path in paths { try WriteFixture.put("export", at: path) }
    // Separate records, as separate processes have: only the lock on the file serialises them.
    DispatchQueue.concurrentPerform(iterations: paths.count) { index in
      let record = ExportRecord(store: PrivateFileWriter(directory: fixture.state, fileSystem: fileSystem))
      record.record(Array("export".utf8), at: paths[index])
    }
    let record = ExportRecord(store: PrivateFileWriter(directory: fixture.state, fileSystem: fileSystem))
    let kept = paths.filter { record.isExport(Array("export".utf8), at: $0) }
    #expect(kept.count == paths.count)
  }

  // MARK: An export's output named outside the workspace

  static func export(_ path: String, _ text: String) -> ExportOutput {
    ExportOutput(files: [ExportFile(path: path, bytes: Array(text.utf8))])
  }

  @Test func aFileThatAppearsOutsideAfterTheChecksIsNeverReplaced() throws {
    let fixture = try WriteFixture()
    defer { fixture.remove() }
    let target = fixture.outside + "/pour un collègue 🦉.md"
    let fileSystem = RacingFileSystem()
    fileSystem.race = { try WriteFixture.put("theirs\n", at: target) }
    #expect(throws: CommandError.self) {
      try Self.writer(fixture, fileSystem).writeExport(Self.export(target, "ours\n"), outsideAllowed: true)
    }
    #expect(WriteFixture.text(target) == "theirs\n")
  }

  @Test func aLinkThatAppearsOutsideAfterTheChecksIsNeverWrittenThrough() throws {
    let fixture = try WriteFixture()
    defer { fixture.remove() }
    let target = fixture.outside + "/out.md"
    try WriteFixture.put("keep\n", at: fixture.outside + "/keep.md")
    let fileSystem = RacingFileSystem()
    fileSystem.race = { try WriteFixture.link(target, to: fixture.outside + "/keep.md") }
    #expect(throws: CommandError.self) {
      try Self.writer(fixture, fileSystem).writeExport(Self.export(target, "ours\n"), outsideAllowed: true)
    }
    #expect(WriteFixture.text(fixture.outside + "/keep.md") == "keep\n")
    #expect(WriteFixture.kind(target) == .symbolicLink)
  }

  @Test func anExportOutsideIsReplacedAtomicallyOnlyWhileGlossWroteIt() throws {
    let fixture = try WriteFixture()
    defer { fixture.remove() }
    let target = fixture.outside + "/out.md"
    let writer = Self.writer(fixture, RacingFileSystem())
    try writer.writeExport(Self.export(target, "one\n"), outsideAllowed: true)
    try writer.writeExport(Self.export(target, "two\n"), outsideAllowed: true)
    #expect(WriteFixture.text(target) == "two\n")
    // Changed by someone else after the check that it was Gloss's: the rename still replaces only a regular file,
    // and the next export sees the change and refuses.
    try WriteFixture.put("edited\n", at: target)
    #expect(throws: CommandError.self) {
      try writer.writeExport(Self.export(target, "three\n"), outsideAllowed: true)
    }
    #expect(WriteFixture.text(target) == "edited\n")
    // No temporary file is left beside it.
    #expect(WriteFixture.names(under: fixture.outside) == ["out.md"])
  }

  @Test func anOutputOutsideIsRefusedUnlessTheCommandLineNamedIt() throws {
    let fixture = try WriteFixture()
    defer { fixture.remove() }
    let target = fixture.outside + "/out.md"
    #expect(throws: CommandError.self) {
      try Self.writer(fixture, RacingFileSystem()).writeExport(Self.export(target, "x\n"))
    }
    #expect(WriteFixture.kind(target) == nil)
  }
}

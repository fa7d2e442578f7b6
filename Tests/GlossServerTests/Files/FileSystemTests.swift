import Foundation
import Testing

@testable import GlossServer

/// Behaviour both file systems must share, run against each.
@Suite struct FileSystemTests {
  /// A fresh, empty folder for one test, on the given kind of file system.
  private static func makeFolder(_ kind: String) throws -> (any FileSystem, String) {
    if kind == "memory" {
      let memory = InMemoryFileSystem()
      memory.createDirectory("/tmp/gloss-test")
      return (memory, "/tmp/gloss-test")
    }
    let folder = FileManager.default.temporaryDirectory.path + "/gloss-fs-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return (LocalFileSystem(), folder)
  }

  /// Removes a folder `makeFolder` made on the disk (the suite used to leave hundreds in the temporary folder).
  private static func removeFolder(_ folder: String, _ kind: String) {
    if kind == "local" { try? FileManager.default.removeItem(atPath: folder) }
  }

  @Test(arguments: ["memory", "local"])
  func writeThenReadGivesSameBytes(kind: String) throws {
    let (fs, folder) = try Self.makeFolder(kind)
    defer { Self.removeFolder(folder, kind) }
    try fs.createDirectory(folder + "/ghi chú/記憶")
    let path = folder + "/ghi chú/記憶/Bartlett — ý.md"
    let text = Array("# Trí nhớ\n\n\"an imaginative reconstruction\" [@bartlett1932, p. 213] 📚\n".utf8)
    try fs.write(text, to: path, overwrite: false)
    #expect(try fs.contents(of: path) == text)
    let status = try fs.status(of: path)
    #expect(status.size == text.count)
    #expect(!status.isDirectory)
    #expect(try fs.status(of: folder + "/ghi chú").isDirectory)
  }

  @Test(arguments: ["memory", "local"])
  func writeRefusesToOverwriteUnlessTold(kind: String) throws {
    let (fs, folder) = try Self.makeFolder(kind)
    defer { Self.removeFolder(folder, kind) }
    let path = folder + "/note.md"
    try fs.write(Array("first".utf8), to: path, overwrite: false)
    #expect(throws: FileSystemError(.alreadyExists, path: path)) {
      try fs.write(Array("second".utf8), to: path, overwrite: false)
    }
    #expect(try fs.contents(of: path) == Array("first".utf8))
    try fs.write(Array("third".utf8), to: path, overwrite: true)
    #expect(try fs.contents(of: path) == Array("third".utf8))
    // No temporary file is left beside the note.
    #expect(try fs.listing(of: folder).map(\.name) == ["note.md"])
  }

  @Test(arguments: ["memory", "local"])
  func missingFilesAndFoldersAreErrorsNotCrashes(kind: String) throws {
    let (fs, folder) = try Self.makeFolder(kind)
    defer { Self.removeFolder(folder, kind) }
    #expect(throws: FileSystemError(.notFound, path: folder + "/nope.md")) {
      try fs.contents(of: folder + "/nope.md")
    }
    #expect(throws: FileSystemError(.notFound, path: folder + "/nope/a.md")) {
      try fs.write([], to: folder + "/nope/a.md", overwrite: false)
    }
    #expect(throws: FileSystemError(.isADirectory, path: folder)) { try fs.contents(of: folder) }
    #expect(!fs.fileExists(folder + "/nope.md"))
    #expect(FileSystemError(.permissionDenied, path: "/a b.md").description == "'/a b.md': permission denied")
  }

  @Test(arguments: ["memory", "local"])
  func listingGivesKindsSizesAndLinks(kind: String) throws {
    let (fs, folder) = try Self.makeFolder(kind)
    defer { Self.removeFolder(folder, kind) }
    try fs.createDirectory(folder + "/sources")
    try fs.write(Array("hello".utf8), to: folder + "/a.md", overwrite: false)
    try Self.symlink(fs, folder + "/linked", to: "sources")
    try Self.symlink(fs, folder + "/dangling.md", to: "missing.md")
    let items = try fs.listing(of: folder).sorted { $0.name < $1.name }
    let dump = items.map { "\($0.name) dir=\($0.isDirectory) link=\($0.isSymlink) size=\($0.size)" }
    #expect(
      dump == [
        "a.md dir=false link=false size=5",
        "dangling.md dir=false link=true size=0",
        "linked dir=true link=true size=0",
        "sources dir=true link=false size=0",
      ]
    )
    #expect(try fs.status(of: folder + "/linked").identity == fs.status(of: folder + "/sources").identity)
  }

  @Test(arguments: ["memory", "local"])
  func symlinkLoopIsAnErrorWhenRead(kind: String) throws {
    let (fs, folder) = try Self.makeFolder(kind)
    defer { Self.removeFolder(folder, kind) }
    try Self.symlink(fs, folder + "/a.md", to: "b.md")
    try Self.symlink(fs, folder + "/b.md", to: "a.md")
    #expect(throws: FileSystemError(.symlinkLoop, path: folder + "/a.md")) { try fs.contents(of: folder + "/a.md") }
  }

  @Test(arguments: ["memory", "local"])
  func removeDeletesFilesAndEmptyFolders(kind: String) throws {
    let (fs, folder) = try Self.makeFolder(kind)
    defer { Self.removeFolder(folder, kind) }
    try fs.createDirectory(folder + "/empty")
    try fs.write([1, 2, 3], to: folder + "/x.bin", overwrite: false)
    try fs.remove(folder + "/x.bin")
    try fs.remove(folder + "/empty")
    #expect(try fs.listing(of: folder).isEmpty)
    #expect(throws: FileSystemError.self) { try fs.remove(folder + "/x.bin") }
  }

  @Test func localReadsLargeFilesCompletely() throws {
    let (fs, folder) = try Self.makeFolder("local")
    defer { Self.removeFolder(folder, "local") }
    let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    try fs.write(bytes, to: folder + "/big.txt", overwrite: false)
    #expect(try fs.contents(of: folder + "/big.txt") == bytes)
  }

  /// A folder large enough to be stamped on all cores lists every entry once, each as `status` sees it: files of
  /// every size, folders, a link to a file, a link to a folder and a broken link.
  @Test func localListsALargeFolderAsItsEntriesStatusesSayEachIs() throws {
    let (fs, folder) = try Self.makeFolder("local")
    defer { Self.removeFolder(folder, "local") }
    let count = LocalFileSystem.entriesStampedOnAllCores * 3
    for index in 0..<count {
      try fs.write(
        Array(repeating: UInt8(ascii: "a"), count: index), to: folder + "/note-\(index) ý.md", overwrite: false)
    }
    try fs.createDirectory(folder + "/sub")
    let manager = FileManager.default
    try manager.createSymbolicLink(atPath: folder + "/to-file", withDestinationPath: folder + "/note-7 ý.md")
    try manager.createSymbolicLink(atPath: folder + "/to-folder", withDestinationPath: folder + "/sub")
    try manager.createSymbolicLink(atPath: folder + "/broken", withDestinationPath: folder + "/nowhere")
    let items = try fs.listing(of: folder)
    #expect(items.count == count + 4)
    #expect(Set(items.map(\.name)).count == items.count)
    for item in items where item.name != "broken" {
      let status = try fs.status(of: folder + "/" + item.name)
      #expect(item.isDirectory == status.isDirectory, "\(item.name)")
      #expect(item.size == (status.isDirectory ? 0 : status.size), "\(item.name)")
      #expect(item.modificationTime == status.modificationTime, "\(item.name)")
    }
    #expect(items.first { $0.name == "to-file" }.map { $0.isSymlink && !$0.isDirectory && $0.size == 7 } == true)
    #expect(items.first { $0.name == "to-folder" }.map { $0.isSymlink && $0.isDirectory } == true)
    #expect(items.first { $0.name == "broken" }.map { $0.isSymlink && !$0.isDirectory } == true)
  }

  @Test func localUnreadableFileIsPermissionDenied() throws {
    let (fs, folder) = try Self.makeFolder("local")
    defer { Self.removeFolder(folder, "local") }
    try fs.write(Array("secret".utf8), to: folder + "/locked.md", overwrite: false)
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: folder + "/locked.md")
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: folder + "/locked.md") }
    // Root reads anything, so the check only means something for other users.
    guard getuid() != 0 else { return }
    #expect(throws: FileSystemError(.permissionDenied, path: folder + "/locked.md")) {
      try fs.contents(of: folder + "/locked.md")
    }
  }

  @Test func localFIFOIsRefusedWithoutBlocking() throws {
    let (fs, folder) = try Self.makeFolder("local")
    defer { Self.removeFolder(folder, "local") }
    #expect(mkfifo(folder + "/pipe.md", 0o644) == 0)
    #expect(throws: FileSystemError(.other, path: folder + "/pipe.md", reason: "not a regular file")) {
      try fs.contents(of: folder + "/pipe.md")
    }
  }

  @Test func inMemoryFilesCanBeMadeUnreadableOrVanish() throws {
    let fs = InMemoryFileSystem(root: "/w", files: ["a.md": "a", "b.md": "b"])
    fs.makeUnreadable("/w/a.md")
    fs.vanishOnRead("/w/b.md")
    #expect(throws: FileSystemError(.permissionDenied, path: "/w/a.md")) { try fs.contents(of: "/w/a.md") }
    #expect(throws: FileSystemError(.notFound, path: "/w/b.md")) { try fs.contents(of: "/w/b.md") }
    #expect(fs.allFiles == ["/w/a.md"])
  }

  private static func symlink(_ fs: any FileSystem, _ path: String, to target: String) throws {
    if let memory = fs as? InMemoryFileSystem {
      memory.createSymlink(path, to: target)
    } else {
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }
  }
}

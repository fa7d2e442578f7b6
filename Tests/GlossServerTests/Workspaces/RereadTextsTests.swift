import Foundation
import GlossServer
import GlossSyntax
import Testing

/// A released text read again is kept only while its file's status is the one it was read with, and only the last few.
@Suite struct RereadTextsTests {
  static func text(_ seed: Int) -> SourceText {
    SourceText(String(repeating: "Tiếng Việt 🦉 \(seed)\n", count: RereadTexts.smallestKept / 10))
  }
  static func status(size: Int, time: Int64, inode: UInt64 = 7) -> FileStatus {
    FileStatus(
      isDirectory: false, size: size, modificationTime: FileTime(nanoseconds: time),
      identity: FileIdentity(device: 1, inode: inode))
  }

  @Test func aKeptTextIsGivenOnlyForItsStampAndStatus() {
    let cache = RereadTexts()
    let text = Self.text(1)
    let stamp = TextStamp(text.bytes)
    let status = Self.status(size: text.bytes.count, time: 10)
    cache.keep(text, of: "refs.bib", stamp: stamp, status: status)
    // Compared by fingerprint, so that a failure does not print the texts.
    func kept(_ path: String, _ stamp: TextStamp, _ status: FileStatus) -> UInt64? {
      cache.text(of: path, stamp: stamp, status: status).map { TextFingerprint.of($0.bytes) }
    }
    #expect(kept("refs.bib", stamp, status) == TextFingerprint.of(text.bytes))
    #expect(kept("refs.bib", stamp, Self.status(size: text.bytes.count, time: 11)) == nil)
    #expect(kept("refs.bib", stamp, Self.status(size: text.bytes.count, time: 10, inode: 8)) == nil)
    #expect(kept("refs.bib", TextStamp(Self.text(2).bytes), status) == nil)
    #expect(kept("other.bib", stamp, status) == nil)
  }

  @Test func onlyTheMostRecentlyUsedLargeTextsAreKept() {
    let cache = RereadTexts()
    let small = SourceText("@book{a}\n")
    cache.keep(small, of: "small.bib", stamp: TextStamp(small.bytes), status: Self.status(size: 9, time: 1))
    #expect(cache.paths.isEmpty)
    var kept: [(String, TextStamp, FileStatus)] = []
    for index in 0...RereadTexts.capacity {
      let text = Self.text(index)
      let entry = ("b\(index).bib", TextStamp(text.bytes), Self.status(size: text.bytes.count, time: Int64(index)))
      cache.keep(text, of: entry.0, stamp: entry.1, status: entry.2)
      kept.append(entry)
      // The first is used again after each new one: it stays, the second goes.
      let first = cache.text(of: kept[0].0, stamp: kept[0].1, status: kept[0].2)
      #expect(first != nil, "b0.bib is kept")
    }
    #expect(cache.paths.count == RereadTexts.capacity)
    #expect(cache.paths.contains("b0.bib"))
    #expect(!cache.paths.contains("b1.bib"))
  }

  /// What the cache relies on: on a real disk, rewriting a file to the same size and putting its modification time
  /// back still changes its status (the change time cannot be set back).
  @Test func aFileRewrittenToItsSizeAndTimeStillChangesItsStatus() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gloss-reread-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("refs.bib")
    try Data("@book{a, title = {Một}}\n".utf8).write(to: file)
    let fileSystem = LocalFileSystem()
    let before = try fileSystem.status(of: file.path)
    let modified = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date)
    // Past the kernel's coarse clock tick, so that the change time can move.
    Thread.sleep(forTimeInterval: 0.05)
    let handle = try FileHandle(forWritingTo: file)
    try handle.write(contentsOf: Data("@book{b, title = {Mốt}}\n".utf8))
    try handle.close()
    try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: file.path)
    let after = try fileSystem.status(of: file.path)
    #expect(after.size == before.size)
    #expect(after != before)
  }
}

import Foundation
import GlossIndex
import Testing

@testable import GlossServer

/// The files of Gloss's cache folder are read in place: mapped from the disk, not copied. What is read is exactly the
/// file's bytes, a file replaced meanwhile (the cache folder's files are replaced by renaming) leaves the bytes read
/// whole, and what cannot be mapped is still read.
@Suite struct FileBytesTests {
  /// A folder of its own, removed after `body`.
  private func inFolder(_ body: (String) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gloss-bytes-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try body(folder)
  }

  /// Bytes of every value, over more than one page, with text in several scripts.
  private static let sample: [UInt8] =
    Array("Trí nhớ — 記憶 — 🎞️\n".utf8) + (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 131) }

  @Test func aMappedFileHoldsExactlyItsBytes() throws {
    try inFolder { folder in
      let path = folder + "/image.notes"
      try LocalFileSystem().write(Self.sample, to: path, overwrite: false)
      let bytes = try LocalFileSystem().mappedContents(of: path)
      #expect(Array(bytes) == Self.sample)
      #expect(bytes.count == Self.sample.count)
      #expect(Array(bytes[5..<40].buffer) == Array(Self.sample[5..<40]))
      #expect(ByteChecksum.of(bytes[100..<19_000]) == ByteChecksum.of(Self.sample[100..<19_000]))
    }
  }

  @Test func bytesReadStayWholeWhenTheirFileIsReplaced() throws {
    try inFolder { folder in
      let path = folder + "/image.notes"
      let fileSystem = LocalFileSystem()
      try fileSystem.write(Self.sample, to: path, overwrite: false)
      let bytes = try fileSystem.mappedContents(of: path)
      try fileSystem.write(Array("another image".utf8), to: path, overwrite: true)
      try fileSystem.remove(path)
      #expect(Array(bytes) == Self.sample)
    }
  }

  @Test func anEmptyFileIsReadAndAFolderOrAMissingFileIsAnError() throws {
    try inFolder { folder in
      let fileSystem = LocalFileSystem()
      try fileSystem.write([], to: folder + "/empty", overwrite: false)
      #expect(try fileSystem.mappedContents(of: folder + "/empty").isEmpty)
      #expect(throws: FileSystemError.self) { try fileSystem.mappedContents(of: folder) }
      #expect(throws: FileSystemError.self) { try fileSystem.mappedContents(of: folder + "/missing") }
    }
  }

  @Test func aFileSystemThatCannotMapGivesACopy() throws {
    let fileSystem = InMemoryFileSystem(root: "/w", files: ["image": "Trí nhớ — 記憶"])
    #expect(Array(try fileSystem.mappedContents(of: "/w/image")) == Array("Trí nhớ — 記憶".utf8))
  }

  @Test func aReaderReadsMappedBytesAsItReadsACopy() throws {
    var out = ByteWriter()
    out.append("Trí nhớ — 記憶 — 🎞️")
    out.appendVarint(300)
    out.append(UInt64(0x0102_0304_0506_0708))
    try inFolder { folder in
      let path = folder + "/snapshot.restart"
      try LocalFileSystem().write(out.bytes, to: path, overwrite: false)
      var reader = ByteReader(try LocalFileSystem().mappedContents(of: path))
      #expect(reader.string() == "Trí nhớ — 記憶 — 🎞️")
      #expect(reader.varint() == 300)
      #expect(reader.uint64() == 0x0102_0304_0506_0708)
      #expect(reader.isAtEnd)
      #expect(reader.byte() == nil)
    }
  }
}

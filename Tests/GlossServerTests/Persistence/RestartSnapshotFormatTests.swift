import Foundation
import GlossServer
import Testing

/// The snapshot file reads back exactly what was written, and any other bytes (cut short, one byte changed, another
/// format version or build) read as nothing rather than as a snapshot.
@Suite struct RestartSnapshotFormatTests {
  static let snapshot = RestartSnapshot(
    key: RestartKey(
      build: "0.1.0+1", root: "/home/ann/notes", realRoot: "/data/notes", home: "/home/ann",
      positionEncoding: "utf-16", settings: #"{"quoteCheck":false}"#),
    files: [
      DiscoveredFile(
        path: "notes/été 日本.md", role: .note, size: 120, modificationTime: FileTime(nanoseconds: 1_700_000_000_123),
        changeTime: FileTime(nanoseconds: 1_700_000_000_456), identity: FileIdentity(device: 2049, inode: 77)),
      DiscoveredFile(
        path: "references.bib", role: .bibliography, size: 0, modificationTime: FileTime(nanoseconds: -5),
        changeTime: FileTime(nanoseconds: 9), identity: FileIdentity(device: .max, inode: .max)),
    ],
    otherFiles: ["images/a.png", "😀.pdf"],
    skipped: [SkippedFile(path: "private", reason: "permission denied")],
    referenced: ["/home/ann/Zotero/library.bib": .bibliography, "papers/x.pdf": .sourceDocument],
    extractionEntries: [
      StampedPath(path: "/cache/texts/1.json", status: nil),
      StampedPath(
        path: "/cache/texts/1.txt",
        status: FileStatus(
          isDirectory: false, size: 10, modificationTime: FileTime(nanoseconds: 3),
          identity: FileIdentity(device: 1, inode: 2), changeTime: FileTime(nanoseconds: 4))),
    ],
    published: [
      PublishedDiagnostics(path: "notes/été 日本.md", body: Data(#"{"jsonrpc":"2.0","params":{"diagnostics":[]}}"#.utf8)),
      PublishedDiagnostics(path: "references.bib", body: Data()),
    ])

  @Test func aSnapshotReadsBackAsWritten() {
    let bytes = Self.snapshot.encoded
    #expect(RestartSnapshot(decoding: bytes, build: "0.1.0+1") == Self.snapshot)
  }

  @Test func anotherBuildOrFormatVersionIsNotRead() {
    var bytes = Self.snapshot.encoded
    #expect(RestartSnapshot(decoding: bytes, build: "0.1.0+2") == nil)
    bytes[8] &+= 1
    #expect(RestartSnapshot(decoding: bytes, build: "0.1.0+1") == nil)
  }

  @Test func everyShorterFileIsNotRead() {
    let bytes = Self.snapshot.encoded
    for length in 0..<bytes.count {
      #expect(RestartSnapshot(decoding: Array(bytes.prefix(length)), build: "0.1.0+1") == nil, "length \(length)")
    }
    #expect(RestartSnapshot(decoding: bytes + [0], build: "0.1.0+1") == nil)
  }

  @Test func anyChangedByteIsNotRead() {
    let bytes = Self.snapshot.encoded
    for index in bytes.indices {
      var changed = bytes
      changed[index] ^= 0x01
      #expect(RestartSnapshot(decoding: changed, build: "0.1.0+1") == nil, "byte \(index)")
    }
  }

  /// What a search over the sources' text kept with a snapshot reads of it: the source documents alone, among files of
  /// every role, and everything else as written but the texts.
  @Test func aSnapshotReadForItsSourcesHoldsTheSourceDocumentsAlone() {
    var snapshot = Self.snapshot
    func file(_ path: String, _ role: FileRole, inode: UInt64) -> DiscoveredFile {
      DiscoveredFile(
        path: path, role: role, size: Int(inode) * 10, modificationTime: FileTime(nanoseconds: Int64(inode)),
        changeTime: FileTime(nanoseconds: 7), identity: FileIdentity(device: 3, inode: inode))
    }
    snapshot.files = [
      file("notes/a.md", .note, inode: 1), file("sources/Lê 1969.md", .sourceDocument, inode: 2),
      file("references.bib", .bibliography, inode: 3), file("notes/記憶.md", .note, inode: 4),
      file("sources/tanaka1934.txt", .sourceDocument, inode: 5), file(".gloss.toml", .config, inode: 6),
    ]
    snapshot.fileTexts = [
      "notes/a.md": TextStamp(count: 10, fingerprint: 1), "sources/Lê 1969.md": TextStamp(count: 20, fingerprint: 2),
    ]
    let bytes = FileBytes(snapshot.encoded)
    #expect(RestartSnapshot(decoding: bytes, build: "0.1.0+1") == snapshot)
    var sourcesOnly = snapshot
    sourcesOnly.files = snapshot.files.filter { $0.role == .sourceDocument }
    sourcesOnly.fileTexts = [:]
    #expect(RestartSnapshot(decoding: bytes, build: "0.1.0+1", onlySources: true) == sourcesOnly)
    let encoded = snapshot.encoded
    for length in 0..<encoded.count {
      let cut = FileBytes(Array(encoded.prefix(length)))
      #expect(RestartSnapshot(decoding: cut, build: "0.1.0+1", onlySources: true) == nil, "length \(length)")
    }
  }
}

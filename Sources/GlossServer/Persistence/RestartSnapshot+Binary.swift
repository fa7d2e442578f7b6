import GlossSyntax

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The snapshot's file format, written by hand (`ByteWriter`): a magic number, the format version and the Gloss
/// build, then the payload's length and checksum, then the payload. A file of another version or build, cut short,
/// or with any byte changed is not read at all (`decoding` gives nil).
extension RestartSnapshot {
  /// Bumped whenever the layout or the meaning of a field changes.
  package static let formatVersion: UInt64 = 3
  /// The first bytes of every snapshot file.
  static let magic = Array("GLOSSRST".utf8)

  /// The snapshot as bytes.
  package var encoded: [UInt8] {
    var payload = ByteWriter(capacity: published.reduce(4_096) { $0 + $1.body.count + 64 } + files.count * 96)
    payload.append(key.root)
    payload.append(key.realRoot)
    payload.append(key.home)
    payload.append(key.positionEncoding)
    payload.append(key.settings)
    payload.append(files.count)
    for file in files {
      payload.append(file.path)
      payload.append(Self.code(of: file.role))
      payload.append(file.size)
      payload.append(file.modificationTime.nanoseconds)
      payload.append(file.changeTime.nanoseconds)
      payload.append(file.identity.device)
      payload.append(file.identity.inode)
    }
    payload.append(otherFiles.count)
    for path in otherFiles { payload.append(path) }
    payload.append(skipped.count)
    for file in skipped {
      payload.append(file.path)
      payload.append(file.reason)
    }
    let referenced = self.referenced.sorted { $0.key.utf8Precedes($1.key) }
    payload.append(referenced.count)
    for (path, role) in referenced {
      payload.append(path)
      payload.append(Self.code(of: role))
    }
    payload.append(extractionEntries.count)
    for entry in extractionEntries {
      payload.append(entry.path)
      guard let status = entry.status else {
        payload.append(UInt8(0))
        continue
      }
      payload.append(UInt8(status.isDirectory ? 2 : 1))
      payload.append(status.size)
      payload.append(status.modificationTime.nanoseconds)
      payload.append(status.changeTime.nanoseconds)
      payload.append(status.identity.device)
      payload.append(status.identity.inode)
    }
    payload.append(published.count)
    for file in published {
      payload.append(file.path)
      payload.append(bytes: file.body)
    }
    let fileTexts = self.fileTexts.sorted { $0.key.utf8Precedes($1.key) }
    payload.append(fileTexts.count)
    for (path, stamp) in fileTexts {
      payload.append(path)
      payload.append(stamp.count)
      payload.append(stamp.fingerprint)
    }
    var out = ByteWriter(capacity: payload.bytes.count + 64)
    out.appendRaw(Self.magic)
    out.append(Self.formatVersion)
    out.append(key.build)
    out.append(payload.bytes.count)
    out.append(ByteChecksum.of(payload.bytes[...]))
    out.appendRaw(payload.bytes)
    return out.bytes
  }

  /// Reads a snapshot written by the build `build`; nil for anything else (another format version or build, a
  /// truncated or altered file, trailing bytes). With `copyingBodies` off, the published notifications' bodies are
  /// left empty and their places in `bytes` kept in `bodyRanges` (a kept record of tens of megabytes read in place).
  package init?(decoding bytes: [UInt8], build: String, copyingBodies: Bool = true) {
    self.init(decoding: FileBytes(bytes), build: build, copyingBodies: copyingBodies)
  }

  /// Reads a snapshot written by the build `build` from the bytes of its file read in place. With `onlySources`, the
  /// files are only the source documents and the texts none (`fileTexts` empty): what a search over the sources' text
  /// kept with it reads (`FindImageCache.keptTextSearch`); such a snapshot can never be matched against a walk.
  package init?(decoding bytes: FileBytes, build: String, copyingBodies: Bool = true, onlySources: Bool = false) {
    var reader = ByteReader(bytes)
    guard reader.raw(Self.magic.count).map({ Array($0) }) == Self.magic, reader.uint64() == Self.formatVersion,
      reader.string() == build, let length = reader.count(), let checksum = reader.uint64(),
      let payloadBytes = reader.raw(length), reader.isAtEnd, ByteChecksum.of(payloadBytes) == checksum
    else { return nil }
    var payload = ByteReader(bytes, offset: payloadBytes.startIndex)
    guard let root = payload.string(), let realRoot = payload.string(), let home = payload.string(),
      let encoding = payload.string(), let settings = payload.string(), let fileCount = payload.count(each: 57)
    else { return nil }
    var files: [DiscoveredFile] = []
    files.reserveCapacity(onlySources ? 0 : fileCount)
    for _ in 0..<fileCount {
      if onlySources {
        // The path, then the role (the stamp after it is 40 bytes).
        var ahead = payload
        guard ahead.skipData(), let role = ahead.byte().flatMap(Self.role(of:)) else { return nil }
        if role != .sourceDocument {
          guard ahead.skip(40) else { return nil }
          payload = ahead
          continue
        }
      }
      guard let path = payload.string(), let role = payload.byte().flatMap(Self.role(of:)), let size = payload.int(),
        let modified = payload.int64(), let changed = payload.int64(), let device = payload.uint64(),
        let inode = payload.uint64()
      else { return nil }
      files.append(
        DiscoveredFile(
          path: path, role: role, size: size, modificationTime: FileTime(nanoseconds: modified),
          changeTime: FileTime(nanoseconds: changed), identity: FileIdentity(device: device, inode: inode)))
    }
    guard let otherCount = payload.count(each: 8) else { return nil }
    var otherFiles: [String] = []
    otherFiles.reserveCapacity(otherCount)
    for _ in 0..<otherCount {
      guard let path = payload.string() else { return nil }
      otherFiles.append(path)
    }
    guard let skippedCount = payload.count(each: 16) else { return nil }
    var skipped: [SkippedFile] = []
    for _ in 0..<skippedCount {
      guard let path = payload.string(), let reason = payload.string() else { return nil }
      skipped.append(SkippedFile(path: path, reason: reason))
    }
    guard let referencedCount = payload.count(each: 9) else { return nil }
    var referenced: [String: FileRole] = [:]
    for _ in 0..<referencedCount {
      guard let path = payload.string(), let role = payload.byte().flatMap(Self.role(of:)) else { return nil }
      referenced[path] = role
    }
    guard let entryCount = payload.count(each: 9) else { return nil }
    var entries: [StampedPath] = []
    for _ in 0..<entryCount {
      guard let path = payload.string(), let kind = payload.byte(), kind <= 2 else { return nil }
      guard kind > 0 else {
        entries.append(StampedPath(path: path, status: nil))
        continue
      }
      guard let size = payload.int(), let modified = payload.int64(), let changed = payload.int64(),
        let device = payload.uint64(), let inode = payload.uint64()
      else { return nil }
      entries.append(
        StampedPath(
          path: path,
          status: FileStatus(
            isDirectory: kind == 2, size: size, modificationTime: FileTime(nanoseconds: modified),
            identity: FileIdentity(device: device, inode: inode), changeTime: FileTime(nanoseconds: changed))))
    }
    guard let publishedCount = payload.count(each: 16) else { return nil }
    var published: [PublishedDiagnostics] = []
    published.reserveCapacity(publishedCount)
    var bodyRanges: [Range<Int>] = []
    for _ in 0..<publishedCount {
      guard let path = payload.string(), let body = payload.data() else { return nil }
      published.append(PublishedDiagnostics(path: path, body: copyingBodies ? Data(body.buffer) : Data()))
      if !copyingBodies { bodyRanges.append(body.indices) }
    }
    guard let noteCount = payload.count(each: 3) else { return nil }
    var fileTexts: [String: TextStamp] = [:]
    fileTexts.reserveCapacity(noteCount)
    for _ in 0..<noteCount {
      if onlySources {
        guard payload.skipData(), payload.skip(16) else { return nil }
        continue
      }
      guard let path = payload.string(), let count = payload.int(), let fingerprint = payload.uint64() else {
        return nil
      }
      fileTexts[path] = TextStamp(count: count, fingerprint: fingerprint)
    }
    guard payload.offset == payloadBytes.endIndex else { return nil }
    self.init(
      key: RestartKey(
        build: build, root: root, realRoot: realRoot, home: home, positionEncoding: encoding, settings: settings),
      files: files, otherFiles: otherFiles, skipped: skipped, referenced: referenced, extractionEntries: entries,
      published: published, fileTexts: fileTexts)
    self.bodyRanges = bodyRanges
  }

  private static func code(of role: FileRole) -> UInt8 {
    switch role {
    case .note: 1
    case .sourceDocument: 2
    case .bibliography: 3
    case .config: 4
    }
  }

  private static func role(of code: UInt8) -> FileRole? {
    switch code {
    case 1: .note
    case 2: .sourceDocument
    case 3: .bibliography
    case 4: .config
    default: nil
    }
  }
}

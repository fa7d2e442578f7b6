import Dispatch
import GlossIndex

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A discovered file with its bytes.
package struct LoadedFile: Sendable {
  /// The file as discovered.
  package var file: DiscoveredFile
  /// Its bytes (UTF-8 is not checked here: invalid UTF-8 is the index's business).
  package var bytes: [UInt8]

  /// Makes a record.
  package init(file: DiscoveredFile, bytes: [UInt8]) {
    self.file = file
    self.bytes = bytes
  }
}

extension WorkspaceFiles {
  /// How far into a file a NUL byte marks it as binary.
  package static let binaryProbeLength = 8_192

  /// Reads one root-relative file, or says why it cannot be used (unreadable, vanished, binary, a link loop).
  package static func read(
    _ path: String,
    root: String,
    fileSystem: any FileReading
  ) -> Result<[UInt8], SkippedFile> {
    let bytes: [UInt8]
    do {
      bytes = try fileSystem.contents(of: PathComponents.absolute(path, in: root))
    } catch {
      let reason =
        switch error.kind {
        case .notFound: "no such file (deleted or a broken link)"
        case .symlinkLoop: "symbolic link loop"
        default: error.reason
        }
      return .failure(SkippedFile(path: path, reason: reason))
    }
    // UTF-16 text (with its byte-order mark) holds NUL bytes but is text: bibliographies decode it.
    let isUTF16 = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
    if !isUTF16, let offset = binaryOffset(bytes) {
      return .failure(SkippedFile(path: path, reason: "binary file (NUL byte at offset \(offset))"))
    }
    return .success(bytes)
  }

  /// The offset of the first NUL byte within the first `binaryProbeLength` bytes, if any.
  package static func binaryOffset(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress, let found = memchr(base, 0, min(buffer.count, binaryProbeLength)) else {
        return nil
      }
      return base.distance(to: UnsafeRawPointer(found))
    }
  }

  /// Reads one file of this workspace.
  package func read(_ path: String, fileSystem: any FileReading) -> Result<[UInt8], SkippedFile> {
    Self.read(path, root: root, fileSystem: fileSystem)
  }

  /// Reads every file, several at a time; files that cannot be used are returned in `skipped` and left out.
  package func load(from fileSystem: any FileReading) -> (files: [LoadedFile], skipped: [SkippedFile]) {
    let results = ResultSlots(count: files.count)
    let files = self.files
    let root = self.root
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      results.set(index, Self.read(files[index].path, root: root, fileSystem: fileSystem))
    }
    var loaded: [LoadedFile] = []
    loaded.reserveCapacity(files.count)
    var skipped: [SkippedFile] = []
    for (index, file) in files.enumerated() {
      switch results.get(index) {
      case .success(let bytes): loaded.append(LoadedFile(file: file, bytes: bytes))
      case .failure(let problem): skipped.append(problem)
      case .none: skipped.append(SkippedFile(path: file.path, reason: "not read"))
      }
    }
    return (loaded, skipped)
  }
}

/// One result slot per file, each written by exactly one worker of `concurrentPerform` before any is read.
private final class ResultSlots: @unchecked Sendable {
  private var slots: [Result<[UInt8], SkippedFile>?]

  init(count: Int) {
    slots = Array(repeating: nil, count: count)
  }

  func set(_ index: Int, _ value: Result<[UInt8], SkippedFile>) {
    // Distinct indices touch distinct elements; the array is never resized, so no copy-on-write happens here.
    slots.withUnsafeMutableBufferPointer { $0[index] = value }
  }

  func get(_ index: Int) -> Result<[UInt8], SkippedFile>? {
    slots[index]
  }
}

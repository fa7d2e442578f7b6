import Foundation
import GlossServer
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A workspace folder on disk beside a folder outside it, for the guarded-write tests: real symbolic links, pipes
/// and races, never the in-memory file system.
struct WriteFixture {
  /// The parent of both folders.
  let base: String
  /// The workspace root.
  let root: String
  /// A folder outside the workspace.
  let outside: String
  /// Where the export record is kept.
  let state: String

  init(files: [String: String] = [:], outsideFiles: [String: String] = [:]) throws {
    base = FileManager.default.temporaryDirectory.path + "/gloss-write-\(UUID().uuidString)"
    root = base + "/workspace"
    outside = base + "/outside"
    state = base + "/state"
    for folder in [root, outside, state] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    for (path, text) in files { try Self.put(text, at: root + "/" + path) }
    for (path, text) in outsideFiles { try Self.put(text, at: outside + "/" + path) }
  }

  /// The writer of this workspace, recording exports in `state`.
  var writer: WorkspaceWriter {
    let fileSystem = LocalFileSystem()
    return WorkspaceWriter(
      root: root, fileSystem: fileSystem,
      exports: ExportRecord(store: PrivateFileWriter(directory: state, fileSystem: fileSystem)))
  }

  /// The environment for a `gloss` child process: the export record in `state`, the cache the test run's.
  var environment: [String: String] {
    var environment = GlossProcess.testEnvironment
    environment["XDG_STATE_HOME"] = state
    return environment
  }

  /// Writes a file (and its folders) directly, as another program would.
  static func put(_ text: String, at path: String) throws {
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  /// The text of the file at `path` (absolute), nil when unreadable.
  static func text(_ path: String) -> String? {
    try? String(contentsOfFile: path, encoding: .utf8)
  }

  /// Makes a symbolic link at `path` (absolute) to `target`.
  static func link(_ path: String, to target: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
  }

  /// Makes a named pipe at `path` (absolute).
  static func fifo(_ path: String) throws {
    guard mkfifo(path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
  }

  /// What `path` itself is (a link is not followed).
  static func kind(_ path: String) -> EntryKind? {
    try? LocalFileSystem().entryKind(of: path)
  }

  /// Every name under `folder`, recursively, links not followed (to find stray temporary files).
  static func names(under folder: String) -> [String] {
    (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: base)
  }
}

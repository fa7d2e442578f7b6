package import GlossIndex

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes Gloss's own files outside every workspace (caches under `$XDG_CACHE_HOME/gloss`, the export record under
/// `$XDG_STATE_HOME/gloss`) with the same atomic mechanics as `WorkspaceWriter`: a temporary file beside the target,
/// flushed, then renamed over it. Paths are relative to `directory` and never leave it.
package struct PrivateFileWriter: Sendable {
  /// The folder this writer owns (absolute).
  package let directory: String
  /// Where files are read and written: held by the writer alone, which hands out only its reading side (`reader`).
  private let fileSystem: any FileSystem

  /// A writer for Gloss's files in `directory`.
  package init(directory: String, fileSystem: any FileSystem) {
    self.directory = directory
    self.fileSystem = fileSystem
  }

  /// Gloss's cache folder: `$XDG_CACHE_HOME/gloss`, else `~/.cache/gloss`.
  package static func cache(
    fileSystem: any FileSystem = LocalFileSystem(), environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> PrivateFileWriter {
    PrivateFileWriter(
      directory: folder(environment["XDG_CACHE_HOME"], fallback: ".cache", environment: environment),
      fileSystem: fileSystem)
  }

  /// Gloss's state folder: `$XDG_STATE_HOME/gloss`, else `~/.local/state/gloss`.
  package static func state(
    fileSystem: any FileSystem = LocalFileSystem(), environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> PrivateFileWriter {
    PrivateFileWriter(
      directory: folder(environment["XDG_STATE_HOME"], fallback: ".local/state", environment: environment),
      fileSystem: fileSystem)
  }

  /// The file system as a reader (what the holders of this writer may use it for besides writing through it).
  package var reader: any FileReading { fileSystem }

  /// The absolute path of `path` (relative to `directory`); refused when it climbs out.
  package func absolutePath(_ path: String) throws(CommandError) -> String {
    PathComponents.absolute(try WorkspaceWriter.relativeInside(path), in: directory)
  }

  /// The bytes of the file `path` (relative to `directory`).
  package func read(_ path: String) throws -> [UInt8] {
    try fileSystem.contents(of: try absolutePath(path))
  }

  /// The bytes of the file `path` (relative to `directory`) read in place (`FileBytes`: mapped, the files of this
  /// folder being replaced by renaming, never rewritten in place).
  package func mapped(_ path: String) throws -> FileBytes {
    try fileSystem.mappedContents(of: try absolutePath(path))
  }

  /// Writes `bytes` to `path` (relative to `directory`) atomically, making the folders; an existing regular file
  /// is replaced, anything else (a link, a folder, a pipe) is refused.
  package func write(_ bytes: [UInt8], to path: String) throws(CommandError) {
    let given = try absolutePath(path)
    do {
      // The folder's real path: a cache folder may well be a link to another disk, which is the user's choice.
      let folder = try realFolder(PathComponents.split(given).folder)
      try fileSystem.createDirectory(folder)
      let target = PathComponents.join(folder, PathComponents.split(given).name)
      switch try fileSystem.entryKind(of: target) {
      case nil, .regularFile?: try fileSystem.write(bytes, to: target, overwrite: true)
      default: throw CommandError("'\(target)' is not a regular file: Gloss does not replace it")
      }
    } catch let error as CommandError {
      throw error
    } catch {
      throw CommandError("cannot write '\(given)': \(error)")
    }
  }

  /// `folder` with the links of its existing part resolved, its missing part as given.
  private func realFolder(_ folder: String) throws(FileSystemError) -> String {
    var existing = folder
    var missing: [String] = []
    while (try? fileSystem.entryKind(of: existing)) == .some(nil), existing != "/", !existing.isEmpty {
      let (parent, name) = PathComponents.split(existing)
      missing.insert(name, at: 0)
      existing = parent
    }
    var real = try fileSystem.realPath(of: existing)
    for name in missing { real = PathComponents.join(real, name) }
    return real
  }

  /// Runs `body` holding an exclusive lock on the file `path` (relative to `directory`), across processes.
  package func exclusively<T>(_ path: String, _ body: () -> T) -> T {
    guard let given = try? absolutePath(path),
      let folder = try? realFolder(PathComponents.split(given).folder),
      (try? fileSystem.createDirectory(folder)) != nil
    else { return body() }
    return fileSystem.exclusively(lockFile: PathComponents.join(folder, PathComponents.split(given).name), body)
  }

  /// Removes the file `path` (relative to `directory`) if it exists.
  package func remove(_ path: String) throws(CommandError) {
    let given = try absolutePath(path)
    guard (try? fileSystem.entryKind(of: given)) != nil else { return }
    let (folder, name) = PathComponents.split(given)
    let target = PathComponents.join((try? fileSystem.realPath(of: folder)) ?? folder, name)
    do {
      try fileSystem.remove(target)
    } catch {
      throw CommandError("cannot remove '\(target)': \(error.reason)")
    }
  }

  /// How long a temporary file must have been left alone before it counts as a leftover of a killed write: far
  /// longer than any write takes (a restart snapshot of 50,000 notes is written in seconds), so a write in progress,
  /// in this process or another one sharing the folder, is never touched.
  package static let leftoverAge: Duration = .seconds(3600)

  /// Removes the temporary files a killed write left in `folder` (relative to `directory`): only names of Gloss's
  /// temporary-file pattern (`TemporaryFile`), only regular files, only those not written for `leftoverAge` before
  /// `now`, never this process's own. Returns the names removed.
  @discardableResult
  package func removeStaleTemporaryFiles(in folder: String, now: FileTime) -> [String] {
    guard let absolute = try? absolutePath(folder), let items = try? fileSystem.listing(of: absolute) else { return [] }
    let age = Self.leftoverAge.components
    let oldest = now.nanoseconds - age.seconds * 1_000_000_000
    var removed: [String] = []
    for item in items where TemporaryFile.isTemporary(item.name) && !item.isDirectory && !item.isSymlink {
      guard item.modificationTime.nanoseconds < oldest, TemporaryFile.processID(of: item.name) != getpid(),
        (try? fileSystem.entryKind(of: PathComponents.join(absolute, item.name))) == .regularFile
      else { continue }
      if (try? fileSystem.remove(PathComponents.join(absolute, item.name))) != nil { removed.append(item.name) }
    }
    return removed
  }

  private static func folder(_ variable: String?, fallback: String, environment: [String: String]) -> String {
    // The XDG specification says relative values are invalid and must be ignored.
    if let variable, variable.hasPrefix("/") { return PathComponents.join(variable, "gloss") }
    let home =
      environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? FileManager.default.homeDirectoryForCurrentUser.path
    return PathComponents.join(PathComponents.join(home, fallback), "gloss")
  }
}

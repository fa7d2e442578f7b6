import GlossIndex
import Synchronization

/// A file system held in memory for tests: files, folders and symbolic links, with ways to make a file unreadable
/// or vanish when read.
package final class InMemoryFileSystem: FileSystem, Sendable {
  private let files = Mutex(Files())
  /// The one lock behind every lock file (`exclusively`).
  private let fileLock = Mutex(())

  /// An empty file system holding only `/`.
  package init() {}

  /// A file system holding `files` (root-relative path → UTF-8 text) under the folder `root`.
  package convenience init(root: String = "/workspace", files: [String: String]) {
    self.init()
    createDirectory(root)
    for (path, text) in files.sorted(by: { $0.key < $1.key }) {
      setFile(PathComponents.absolute(path, in: root), Array(text.utf8))
    }
  }

  /// Creates or replaces a file (and its missing folders); the time defaults to a clock that ticks one second a call.
  package func setFile(_ path: String, _ bytes: [UInt8], modificationTime: FileTime? = nil) {
    withFiles { files in files.setFile(path, bytes, modificationTime: modificationTime) }
  }

  /// Creates or replaces a UTF-8 text file.
  package func setFile(_ path: String, _ text: String, modificationTime: FileTime? = nil) {
    setFile(path, Array(text.utf8), modificationTime: modificationTime)
  }

  /// Creates a symbolic link at `path` to `target` (absolute, or relative to the link's folder).
  package func createSymlink(_ path: String, to target: String) {
    withFiles { files in files.createSymlink(path, to: target) }
  }

  /// Makes reading (or listing) `path` fail with `kind`, as a file without read permission does.
  package func makeUnreadable(_ path: String, kind: FileSystemError.Kind = .permissionDenied) {
    withFiles { files in files.makeUnreadable(path, kind: kind) }
  }

  /// Marks the file at `path` read-only (`isWritable` is false; writes still succeed, as the writers decide).
  package func makeReadOnly(_ path: String) {
    withFiles { files in files.makeReadOnly(path) }
  }

  /// Whether the file exists and was not marked read-only.
  package func isWritable(_ path: String) -> Bool {
    withFiles { files in files.isWritable(path) }
  }

  /// Makes the file at `path` disappear the next time it is read, as a file deleted mid-scan does.
  package func vanishOnRead(_ path: String) {
    withFiles { files in files.vanishOnRead(path) }
  }

  /// Every file path held, sorted (for test dumps).
  package var allFiles: [String] {
    withFiles { files in files.allFiles }
  }

  /// The bytes of a file; fails as set up by `makeUnreadable` or `vanishOnRead`.
  package func contents(of path: String) throws(FileSystemError) -> [UInt8] {
    try withFiles { files throws(FileSystemError) in try files.contents(of: path) }
  }

  /// The entries of a folder, sorted by name; links report their target's kind and size.
  package func listing(of directory: String) throws(FileSystemError) -> [DirectoryItem] {
    try withFiles { files throws(FileSystemError) in try files.listing(of: directory) }
  }

  /// What `path` names, following links; the inode is a stable number per path.
  package func status(of path: String) throws(FileSystemError) -> FileStatus {
    try withFiles { files throws(FileSystemError) in try files.status(of: path) }
  }

  /// The path with every link resolved; the path must exist.
  package func realPath(of path: String) throws(FileSystemError) -> String {
    try withFiles { files throws(FileSystemError) in try files.realPath(of: path) }
  }

  /// What `path` itself is, a final link not followed.
  package func entryKind(of path: String) throws(FileSystemError) -> EntryKind? {
    try withFiles { files throws(FileSystemError) in try files.entryKind(of: path) }
  }

  /// Creates a folder and its missing parents.
  package func createDirectory(_ path: String) {
    withFiles { files in files.createDirectory(path) }
  }

  /// Stores a file whose folder exists, refusing to replace one unless `overwrite` is set (and then only a file).
  package func write(_ bytes: [UInt8], to path: String, overwrite: Bool) throws(FileSystemError) {
    try withFiles { files throws(FileSystemError) in try files.write(bytes, to: path, overwrite: overwrite) }
  }

  /// Replaces a file only while it holds `expected`.
  package func replace(_ path: String, expecting expected: [UInt8], with bytes: [UInt8]) throws(FileSystemError) {
    try withFiles { files throws(FileSystemError) in try files.replace(path, expecting: expected, with: bytes) }
  }

  /// Removes a file, a link or an empty folder.
  package func remove(_ path: String) throws(FileSystemError) {
    try withFiles { files throws(FileSystemError) in try files.remove(path) }
  }

  /// Removes a file only while it holds `expected`.
  package func remove(_ path: String, expecting expected: [UInt8]) throws(FileSystemError) {
    try withFiles { files throws(FileSystemError) in try files.remove(path, expecting: expected) }
  }

  /// Runs `body` holding one lock shared by every lock file (enough for threads in one test).
  package func exclusively<T>(lockFile: String, _ body: () -> T) -> T {
    fileLock.withLock { _ in body() }
  }

  private func withFiles<T, E: Error>(_ body: (inout Files) throws(E) -> T) throws(E) -> T {
    try files.withLock { files throws(E) -> T in try body(&files) }
  }

  /// The files, folders and links, with the failures set up, read and changed only under the mutex.
  private struct Files {
    enum Node {
      case file([UInt8], FileTime)
      case directory(FileTime)
      case symlink(String, FileTime)
    }

    var nodes: [String: Node] = ["/": .directory(FileTime(nanoseconds: 0))]
    var children: [String: Set<String>] = ["/": []]
    var inodes: [String: UInt64] = [:]
    var failures: [String: FileSystemError.Kind] = [:]
    var vanishing: Set<String> = []
    var readOnly: Set<String> = []
    var clock = FileTime(seconds: 1_700_000_000, nanoseconds: 0)
    var folderClock = FileTime(seconds: 1_600_000_000, nanoseconds: 0)

    /// Creates or replaces a file (and its missing folders); the time defaults to a clock that ticks one second a call.
    mutating func setFile(_ path: String, _ bytes: [UInt8], modificationTime: FileTime? = nil) {
      let path = PathComponents.normalize(path)
      let time = modificationTime ?? tick()
      addParents(of: path, time: time)
      insert(path, .file(bytes, time))
    }

    /// Creates a symbolic link at `path` to `target` (absolute, or relative to the link's folder).
    mutating func createSymlink(_ path: String, to target: String) {
      let path = PathComponents.normalize(path)
      let time = tick()
      addParents(of: path, time: time)
      insert(path, .symlink(target, time))
    }

    /// Makes reading (or listing) `path` fail with `kind`, as a file without read permission does.
    mutating func makeUnreadable(_ path: String, kind: FileSystemError.Kind = .permissionDenied) {
      failures[PathComponents.normalize(path)] = kind
    }

    /// Marks the file at `path` read-only (`isWritable` is false; writes still succeed, as the writers decide).
    mutating func makeReadOnly(_ path: String) {
      _ = readOnly.insert(PathComponents.normalize(path))
    }

    /// Whether the file exists and was not marked read-only.
    func isWritable(_ path: String) -> Bool {
      guard let resolved = try? resolve(path, followLast: true), case .file = nodes[resolved] else { return false }
      return !readOnly.contains(resolved)
    }

    /// Makes the file at `path` disappear the next time it is read, as a file deleted mid-scan does.
    mutating func vanishOnRead(_ path: String) {
      _ = vanishing.insert(PathComponents.normalize(path))
    }

    /// Every file path held, sorted (for test dumps).
    var allFiles: [String] {
      nodes.compactMap { path, node in
        if case .file = node { return path }
        return nil
      }.sorted()
    }

    /// The bytes of a file; fails as set up by `makeUnreadable` or `vanishOnRead`.
    mutating func contents(of path: String) throws(FileSystemError) -> [UInt8] {
      let resolved = try resolve(path, followLast: true)
      if let kind = failures[resolved] { throw FileSystemError(kind, path: path) }
      if vanishing.remove(resolved) != nil {
        removeNode(resolved)
        throw FileSystemError(.notFound, path: path)
      }
      switch nodes[resolved] {
      case .file(let bytes, _): return bytes
      case .directory: throw FileSystemError(.isADirectory, path: path)
      case .symlink, .none: throw FileSystemError(.notFound, path: path)
      }
    }

    /// The entries of a folder, sorted by name; links report their target's kind and size.
    mutating func listing(of directory: String) throws(FileSystemError) -> [DirectoryItem] {
      let resolved = try resolve(directory, followLast: true)
      if let kind = failures[resolved] { throw FileSystemError(kind, path: directory) }
      guard case .directory = nodes[resolved] else {
        throw FileSystemError(nodes[resolved] == nil ? .notFound : .notADirectory, path: directory)
      }
      var items: [DirectoryItem] = []
      for name in (children[resolved] ?? []).sorted() {
        let path = PathComponents.join(resolved, name)
        guard let node = nodes[path] else { continue }
        if case .symlink(_, let linkTime) = node {
          guard let target = try? resolve(path, followLast: true), let targetNode = nodes[target] else {
            items.append(DirectoryItem(name: name, isDirectory: false, isSymlink: true, modificationTime: linkTime))
            continue
          }
          items.append(item(name: name, node: targetNode, at: target, isSymlink: true))
          continue
        }
        items.append(item(name: name, node: node, at: path, isSymlink: false))
      }
      return items
    }

    /// What `path` names, following links; the inode is a stable number per path.
    mutating func status(of path: String) throws(FileSystemError) -> FileStatus {
      let resolved = try resolve(path, followLast: true)
      guard let node = nodes[resolved] else { throw FileSystemError(.notFound, path: path) }
      let identity = FileIdentity(device: 1, inode: inode(resolved))
      switch node {
      case .file(let bytes, let time):
        return FileStatus(isDirectory: false, size: bytes.count, modificationTime: time, identity: identity)
      case .directory(let time):
        return FileStatus(isDirectory: true, size: 0, modificationTime: time, identity: identity)
      case .symlink:
        throw FileSystemError(.symlinkLoop, path: path)
      }
    }

    /// The path with every link resolved; the path must exist.
    func realPath(of path: String) throws(FileSystemError) -> String {
      let resolved = try resolve(path, followLast: true)
      guard nodes[resolved] != nil else { throw FileSystemError(.notFound, path: path) }
      return resolved
    }

    /// What `path` itself is, a final link not followed.
    func entryKind(of path: String) throws(FileSystemError) -> EntryKind? {
      switch nodes[try resolve(path, followLast: false)] {
      case .file: .regularFile
      case .directory: .directory
      case .symlink: .symbolicLink
      case nil: nil
      }
    }

    /// Creates a folder and its missing parents.
    mutating func createDirectory(_ path: String) {
      let path = PathComponents.normalize(path)
      let time = tick()
      addParents(of: path, time: time)
      if nodes[path] == nil { insert(path, .directory(time)) }
    }

    /// Stores a file whose folder exists, refusing to replace one unless `overwrite` is set (and then only a file).
    mutating func write(_ bytes: [UInt8], to path: String, overwrite: Bool) throws(FileSystemError) {
      let path = try realFolderPath(path)
      switch nodes[path] {
      case .directory: throw FileSystemError(.isADirectory, path: path)
      case .file where !overwrite: throw FileSystemError(.alreadyExists, path: path)
      case .symlink: throw FileSystemError(overwrite ? .other : .alreadyExists, path: path)
      default: insert(path, .file(bytes, tick()))
      }
    }

    /// Replaces a file only while it holds `expected`.
    mutating func replace(_ path: String, expecting expected: [UInt8], with bytes: [UInt8]) throws(FileSystemError) {
      let path = try realFolderPath(path)
      guard case .file(let current, _) = nodes[path] else { throw FileSystemError(.notFound, path: path) }
      guard current == expected else { throw FileSystemError(.changed, path: path) }
      insert(path, .file(bytes, tick()))
    }

    /// Removes a file, a link or an empty folder.
    mutating func remove(_ path: String) throws(FileSystemError) {
      let path = try realFolderPath(path)
      guard nodes[path] != nil else { throw FileSystemError(.notFound, path: path) }
      if case .directory = nodes[path], !(children[path] ?? []).isEmpty {
        throw FileSystemError(.other, path: path, reason: "directory not empty")
      }
      removeNode(path)
    }

    /// Removes a file only while it holds `expected`.
    mutating func remove(_ path: String, expecting expected: [UInt8]) throws(FileSystemError) {
      let path = try realFolderPath(path)
      guard case .file(let current, _) = nodes[path] else { throw FileSystemError(.notFound, path: path) }
      guard current == expected else { throw FileSystemError(.changed, path: path) }
      removeNode(path)
    }

    /// `path` normalised, refused unless its folder exists and no folder on the way is a link (as `LocalFileSystem`).
    func realFolderPath(_ path: String) throws(FileSystemError) -> String {
      let path = PathComponents.normalize(path)
      let folder = PathComponents.split(path).folder
      guard case .directory = nodes[folder] else {
        throw FileSystemError(nodes[folder] == nil ? .notFound : .notADirectory, path: path)
      }
      guard try resolve(folder, followLast: true) == folder else {
        throw FileSystemError(.notADirectory, path: path, reason: "a folder on the way is a symbolic link")
      }
      return path
    }

    /// The item for `node`, found at `path` (a link's target), with the identity `status` gives it.
    private mutating func item(name: String, node: Node, at path: String, isSymlink: Bool) -> DirectoryItem {
      let identity = FileIdentity(device: 1, inode: inode(path))
      return switch node {
      case .file(let bytes, let time):
        DirectoryItem(
          name: name, isDirectory: false, isSymlink: isSymlink, size: bytes.count, modificationTime: time,
          identity: identity)
      case .directory(let time):
        DirectoryItem(name: name, isDirectory: true, isSymlink: isSymlink, modificationTime: time, identity: identity)
      case .symlink(_, let time):
        DirectoryItem(name: name, isDirectory: false, isSymlink: true, modificationTime: time)
      }
    }

    /// The path with every symbolic link replaced by its target; 40 hops is a loop, as on Linux.
    func resolve(_ path: String, followLast: Bool) throws(FileSystemError) -> String {
      var remaining = Array(PathComponents.normalize(path).split(separator: "/").map(String.init).reversed())
      var current = "/"
      var hops = 0
      while let component = remaining.popLast() {
        if component == "." { continue }
        if component == ".." {
          current = PathComponents.split(current).folder.isEmpty ? "/" : PathComponents.split(current).folder
          continue
        }
        let candidate = PathComponents.join(current, component)
        switch nodes[candidate] {
        case .symlink(let target, _) where followLast || !remaining.isEmpty:
          hops += 1
          guard hops <= 40 else { throw FileSystemError(.symlinkLoop, path: path) }
          if target.hasPrefix("/") { current = "/" }
          remaining.append(contentsOf: target.split(separator: "/").map(String.init).reversed())
        case .file where !remaining.isEmpty:
          throw FileSystemError(.notADirectory, path: path)
        default:
          current = candidate
        }
      }
      return current
    }

    private mutating func insert(_ path: String, _ node: Node) {
      nodes[path] = node
      if case .directory = node, children[path] == nil { children[path] = [] }
      let (folder, name) = PathComponents.split(path)
      if children[folder, default: []].insert(name).inserted { touchFolder(folder) }
    }

    private mutating func removeNode(_ path: String) {
      nodes[path] = nil
      children[path] = nil
      let (folder, name) = PathComponents.split(path)
      if children[folder]?.remove(name) != nil { touchFolder(folder) }
    }

    /// A name added to or removed from `folder` moves its time, as on a real file system (a file written in place
    /// does not); from a clock of its own, so that files' times stay what tests give them.
    private mutating func touchFolder(_ folder: String) {
      guard case .directory = nodes[folder] else { return }
      folderClock.nanoseconds += 1
      nodes[folder] = .directory(folderClock)
    }

    private mutating func addParents(of path: String, time: FileTime) {
      var folder = PathComponents.split(path).folder
      var missing: [String] = []
      while !folder.isEmpty, folder != "/", nodes[folder] == nil {
        missing.append(folder)
        folder = PathComponents.split(folder).folder
      }
      for folder in missing.reversed() { insert(folder, .directory(time)) }
    }

    private mutating func inode(_ path: String) -> UInt64 {
      if let number = inodes[path] { return number }
      let number = UInt64(inodes.count + 2)
      inodes[path] = number
      return number
    }

    private mutating func tick() -> FileTime {
      clock.nanoseconds += 1_000_000_000
      return clock
    }
  }
}

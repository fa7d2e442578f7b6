/// The only way Gloss reads files: every path is absolute and `/`-separated. What every holder that only reads is
/// given (discovery, loading, scans, reports, the server's handlers through `ServerOptions.reader`, the caches'
/// lookups): nothing given a `FileReading` can change a file (docs/contributing/write-path.md).
package protocol FileReading: Sendable {
  /// The bytes of the file at `path` (following symbolic links).
  func contents(of path: String) throws(FileSystemError) -> [UInt8]
  /// The bytes of the file at `path` read in place (`FileBytes`: mapped where the file system can map): only for the
  /// files of Gloss's cache folder, which are replaced by renaming, never rewritten in place.
  func mappedContents(of path: String) throws(FileSystemError) -> FileBytes
  /// The entries of a directory, in no particular order, without `.` and `..`.
  func listing(of directory: String) throws(FileSystemError) -> [DirectoryItem]
  /// What `path` names, following symbolic links.
  func status(of path: String) throws(FileSystemError) -> FileStatus
  /// The path with every symbolic link, `.` and `..` resolved; the path must exist.
  func realPath(of path: String) throws(FileSystemError) -> String
  /// What `path` itself is, a final symbolic link not followed; nil when nothing has that name.
  func entryKind(of path: String) throws(FileSystemError) -> EntryKind?
  /// Whether the file at `path` (following symbolic links) may be written: the process may write it and it is not
  /// marked read-only (no write permission for anyone, which counts even for the superuser).
  func isWritable(_ path: String) -> Bool
}

/// A file system that reads and writes: only the writers of `Writing/` (`WorkspaceWriter`, `PrivateFileWriter`) hold
/// one. The one other holder is `ServerOptions.fileSystem`, from which `ServerOptions` makes the server's writers
/// (`workspaceWriter(root:)`, `cacheWriter`, `restartCacheWriter`); the server reads through `ServerOptions.reader`.
/// The caches that write (`ExtractionCache`, `RestartCache`, `NoteImageCache`, `KeyMemory`, `KeptRecordFile` and its
/// holders) are given a `PrivateFileWriter`, never a file system. Everything else is handed it as a `FileReading`.
///
/// The calls that change files. Only the writers of `Writing/` call them: they decide whether a change is allowed.
/// Each takes a real path: a folder on the way that is a symbolic link (swapped in after the writer's checks) makes
/// the call fail, and nothing is written through it.
package protocol FileSystem: FileReading {
  /// Creates the directory at `path` and any missing parents; an existing directory is fine.
  func createDirectory(_ path: String) throws(FileSystemError)
  /// Writes `bytes` atomically: readers see the old file or the new one, never a part; without `overwrite` an
  /// existing file is left alone and `alreadyExists` is thrown; with it, only a regular file is replaced.
  func write(_ bytes: [UInt8], to path: String, overwrite: Bool) throws(FileSystemError)
  /// Replaces the regular file at `path` with `bytes` atomically, only while it holds exactly `expected`; else
  /// throws `changed` and leaves it as it is (compare-and-swap).
  func replace(_ path: String, expecting expected: [UInt8], with bytes: [UInt8]) throws(FileSystemError)
  /// Removes the file (or empty directory) at `path`.
  func remove(_ path: String) throws(FileSystemError)
  /// Removes the regular file at `path` only while it holds exactly `expected`; else throws `changed` and leaves it.
  func remove(_ path: String, expecting expected: [UInt8]) throws(FileSystemError)
  /// Runs `body` holding an exclusive lock on the file `lockFile` (made when missing), so that processes that change
  /// one file by reading then writing it do so one at a time; `body` runs unlocked when no lock can be had.
  func exclusively<T>(lockFile: String, _ body: () -> T) -> T
}

/// What a name in a folder is, without following a final symbolic link.
package enum EntryKind: Hashable, Sendable {
  /// A regular file.
  case regularFile
  /// A directory.
  case directory
  /// A symbolic link (to anything, or to nothing).
  case symbolicLink
  /// A device, a named pipe, a socket.
  case other
}

extension FileReading {
  /// A copy of the file's bytes, for a file system that cannot map them.
  package func mappedContents(of path: String) throws(FileSystemError) -> FileBytes {
    FileBytes(try contents(of: path))
  }

  /// Whether anything exists at `path` (following symbolic links).
  package func fileExists(_ path: String) -> Bool {
    (try? status(of: path)) != nil
  }

  /// Whether `path` is a directory (following symbolic links).
  package func isDirectory(_ path: String) -> Bool {
    (try? status(of: path))?.isDirectory ?? false
  }
}

/// One entry of a directory listing; for a symbolic link, kind, size and time are those of its target.
package struct DirectoryItem: Hashable, Sendable {
  /// The entry's name, without any directory part.
  package var name: String
  /// Whether the entry (or the target of the link) is a directory.
  package var isDirectory: Bool
  /// Whether the entry itself is a symbolic link.
  package var isSymlink: Bool
  /// The size in bytes (0 for directories and broken links).
  package var size: Int
  /// The modification time.
  package var modificationTime: FileTime
  /// The inode change time (it moves on every write, rename or `touch`, and cannot be set back).
  package var changeTime: FileTime
  /// Device and inode (zero where a file system has none).
  package var identity: FileIdentity

  /// Makes an item; the change time defaults to the modification time.
  package init(
    name: String, isDirectory: Bool, isSymlink: Bool = false, size: Int = 0, modificationTime: FileTime,
    changeTime: FileTime? = nil, identity: FileIdentity = FileIdentity(device: 0, inode: 0)
  ) {
    self.name = name
    self.isDirectory = isDirectory
    self.isSymlink = isSymlink
    self.size = size
    self.modificationTime = modificationTime
    self.changeTime = changeTime ?? modificationTime
    self.identity = identity
  }
}

/// What `FileReading.status(of:)` tells about a path.
package struct FileStatus: Hashable, Sendable {
  /// Whether it is a directory.
  package var isDirectory: Bool
  /// The size in bytes.
  package var size: Int
  /// The modification time.
  package var modificationTime: FileTime
  /// Device and inode, which tell whether two paths name the same directory (symbolic link loops).
  package var identity: FileIdentity
  /// The inode change time (it moves on every write, rename or `touch`, and cannot be set back).
  package var changeTime: FileTime

  /// Makes a status; the change time defaults to the modification time.
  package init(
    isDirectory: Bool, size: Int, modificationTime: FileTime, identity: FileIdentity, changeTime: FileTime? = nil
  ) {
    self.isDirectory = isDirectory
    self.size = size
    self.modificationTime = modificationTime
    self.identity = identity
    self.changeTime = changeTime ?? modificationTime
  }
}

/// A file's identity on its file system: (device, inode).
package struct FileIdentity: Hashable, Sendable {
  /// The device number.
  package var device: UInt64
  /// The inode number.
  package var inode: UInt64

  /// Makes an identity.
  package init(device: UInt64, inode: UInt64) {
    self.device = device
    self.inode = inode
  }
}

/// A modification time in nanoseconds since 1970, precise enough to tell two saves in one second apart.
package struct FileTime: Hashable, Comparable, Sendable {
  /// Nanoseconds since 1970-01-01 UTC.
  package var nanoseconds: Int64

  /// Makes a time from nanoseconds since 1970.
  package init(nanoseconds: Int64) {
    self.nanoseconds = nanoseconds
  }

  /// Makes a time from seconds and nanoseconds since 1970.
  package init(seconds: Int64, nanoseconds: Int64) {
    self.nanoseconds = seconds &* 1_000_000_000 &+ nanoseconds
  }

  /// Orders times.
  package static func < (lhs: FileTime, rhs: FileTime) -> Bool {
    lhs.nanoseconds < rhs.nanoseconds
  }
}

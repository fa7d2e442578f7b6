#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The POSIX calls that change files. Only `WorkspaceWriter` and `PrivateFileWriter` call them: they decide
/// whether a write is allowed; these only carry it out atomically.
extension LocalFileSystem {
  /// Creates `path` and its missing parents with `mkdir`.
  package func createDirectory(_ path: String) throws(FileSystemError) {
    var current = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      current += "/" + component
      if mkdir(current, 0o777) != 0 {
        let code = errno
        guard code == EEXIST, isDirectory(current) else { throw Self.error(code, path: current) }
      }
    }
  }

  /// Writes a temporary file (`TemporaryFile`) in the same folder, flushes it to disk, then `link`s it into place
  /// (which fails when the name is taken) or, when overwriting is allowed, `rename`s it over the old file. The
  /// temporary file is removed on every failure.
  package func write(_ bytes: [UInt8], to path: String, overwrite: Bool) throws(FileSystemError) {
    let (folder, name) = PathComponents.split(path)
    let temporary = PathComponents.join(folder, TemporaryFile.name(for: name))
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
    guard fd >= 0 else { throw Self.error(errno, path: path) }
    var written = 0
    var failure: Int32 = 0
    bytes.withUnsafeBytes { buffer in
      while written < buffer.count {
        let result = systemWrite(fd, buffer.baseAddress.map { $0 + written }, buffer.count - written)
        if result < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        written += result
      }
    }
    var old = stat()
    if overwrite, failure == 0, lstat(path, &old) == 0 { _ = fchmod(fd, old.st_mode & 0o7777) }
    if failure == 0, fsync(fd) != 0, errno != EINVAL { failure = errno }
    if close(fd) != 0, failure == 0 { failure = errno }
    guard failure == 0 else {
      unlink(temporary)
      throw Self.error(failure, path: path)
    }
    if overwrite {
      guard rename(temporary, path) == 0 else {
        let code = errno
        unlink(temporary)
        throw Self.error(code, path: path)
      }
      Self.syncFolder(folder)
      return
    }
    defer {
      unlink(temporary)
      Self.syncFolder(folder)
    }
    if link(temporary, path) == 0 { return }
    let code = errno
    if code == EEXIST { throw FileSystemError(.alreadyExists, path: path) }
    // Some file systems (FAT, some network mounts) have no hard links; there a check then a rename is the best left.
    guard code == EPERM || code == EOPNOTSUPP || code == EMLINK else { throw Self.error(code, path: path) }
    guard (try? entryKind(of: path)) == .some(nil) else { throw FileSystemError(.alreadyExists, path: path) }
    guard rename(temporary, path) == 0 else { throw Self.error(errno, path: path) }
  }

  /// Removes a file or an empty directory.
  package func remove(_ path: String) throws(FileSystemError) {
    if unlink(path) == 0 { return }
    let code = errno
    if code == EISDIR || code == EPERM, rmdir(path) == 0 { return }
    throw Self.error(code, path: path)
  }

  /// The path with every symbolic link, `.` and `..` resolved (`realpath`); the path must exist.
  package func realPath(of path: String) throws(FileSystemError) -> String {
    guard let resolved = realpath(path, nil) else { throw Self.error(errno, path: path) }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// What `path` itself is (`lstat`: a final symbolic link is not followed); nil when nothing has that name.
  package func entryKind(of path: String) throws(FileSystemError) -> EntryKind? {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      let code = errno
      if code == ENOENT { return nil }
      throw Self.error(code, path: path)
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regularFile
    case S_IFDIR: return .directory
    case S_IFLNK: return .symbolicLink
    default: return .other
    }
  }

  /// Flushes a folder's entries, so a new name survives a crash as surely as the bytes behind it.
  private static func syncFolder(_ folder: String) {
    let fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
  }
}

/// The C `write`, named apart from `LocalFileSystem.write(_:to:overwrite:)`.
private func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, pointer, count)
}

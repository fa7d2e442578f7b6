import GlossIndex

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The POSIX calls that change files. Only `WorkspaceWriter` and `PrivateFileWriter` call them: they decide
/// whether a write is allowed; these only carry it out atomically.
///
/// The writers check a target's real path before writing, and a folder could be swapped for a symbolic link between
/// that check and the write. So every call here takes a real path and never follows a link on the way: it opens the
/// folder one component at a time from `/` (`openat` with `O_NOFOLLOW | O_DIRECTORY`) and works relative to that
/// held folder (`openat`, `linkat`, `renameat`, `unlinkat`). A link swapped in makes the call fail; nothing is
/// written through it.
extension LocalFileSystem {
  /// Creates `path` and its missing parents with `mkdirat`, no component a symbolic link.
  package func createDirectory(_ path: String) throws(FileSystemError) {
    let fd = try Self.openFolder(path, creating: true, reporting: path)
    close(fd)
  }

  /// Writes a temporary file (`TemporaryFile`) in the same folder, flushes it to disk, then `link`s it into place
  /// (which fails when the name is taken) or, when overwriting is allowed, `rename`s it over the old regular file.
  /// The temporary file is removed on every failure.
  package func write(_ bytes: [UInt8], to path: String, overwrite: Bool) throws(FileSystemError) {
    let (folder, name) = PathComponents.split(path)
    let folderFD = try Self.openFolder(folder, reporting: path)
    defer { close(folderFD) }
    let temporary = try Self.writeTemporary(bytes, beside: name, in: folderFD, path: path, keepingModeOf: overwrite)
    if overwrite {
      // Checked once more against the held folder: only a regular file (or nothing) is ever replaced.
      let kind = try? Self.kind(of: name, in: folderFD, path: path)
      guard kind == .some(nil) || kind == .some(.some(.regularFile)) else {
        unlinkat(folderFD, temporary, 0)
        throw FileSystemError(.other, path: path, reason: "not a regular file")
      }
      guard renameat(folderFD, temporary, folderFD, name) == 0 else {
        let code = errno
        unlinkat(folderFD, temporary, 0)
        throw Self.error(code, path: path)
      }
      Self.sync(folderFD)
      return
    }
    try Self.placeNew(temporary, at: name, in: folderFD, path: path)
  }

  /// Replaces the regular file `path` with `bytes` only while it holds `expected`: the new file is swapped in
  /// atomically (`renameat2` with `RENAME_EXCHANGE` where the kernel has it), the file it displaced is compared, and
  /// when it was not `expected` (changed after the writer's check) it is swapped back and `changed` thrown. Without
  /// an exchange, the file is compared just before an atomic `renameat`.
  package func replace(_ path: String, expecting expected: [UInt8], with bytes: [UInt8]) throws(FileSystemError) {
    let (folder, name) = PathComponents.split(path)
    let folderFD = try Self.openFolder(folder, reporting: path)
    defer { close(folderFD) }
    let temporary = try Self.writeTemporary(bytes, beside: name, in: folderFD, path: path, keepingModeOf: true)
    switch Self.exchange(temporary, name, in: folderFD) {
    case 0:
      // `temporary` now names the file that was at `path` when the swap happened.
      let displaced = try? Self.contents(of: temporary, in: folderFD, path: path)
      guard displaced == expected else {
        _ = Self.exchange(temporary, name, in: folderFD)
        unlinkat(folderFD, temporary, 0)
        Self.sync(folderFD)
        throw FileSystemError(.changed, path: path)
      }
      unlinkat(folderFD, temporary, 0)
      Self.sync(folderFD)
    default:
      let current: [UInt8]
      do {
        current = try Self.contents(of: name, in: folderFD, path: path)
      } catch {
        unlinkat(folderFD, temporary, 0)
        throw error
      }
      guard current == expected else {
        unlinkat(folderFD, temporary, 0)
        throw FileSystemError(.changed, path: path)
      }
      guard renameat(folderFD, temporary, folderFD, name) == 0 else {
        let code = errno
        unlinkat(folderFD, temporary, 0)
        throw Self.error(code, path: path)
      }
      Self.sync(folderFD)
    }
  }

  /// Removes a file or an empty directory (`unlinkat` in its held folder).
  package func remove(_ path: String) throws(FileSystemError) {
    let (folder, name) = PathComponents.split(path)
    let folderFD = try Self.openFolder(folder, reporting: path)
    defer { close(folderFD) }
    if unlinkat(folderFD, name, 0) == 0 { return }
    let code = errno
    if code == EISDIR || code == EPERM, unlinkat(folderFD, name, AT_REMOVEDIR) == 0 { return }
    throw Self.error(code, path: path)
  }

  /// Removes the regular file `path` only while it holds `expected`: it is first renamed to a temporary name (so no
  /// save can land in between), compared there, and put back (never over a new file) when it changed.
  package func remove(_ path: String, expecting expected: [UInt8]) throws(FileSystemError) {
    let (folder, name) = PathComponents.split(path)
    let folderFD = try Self.openFolder(folder, reporting: path)
    defer { close(folderFD) }
    let aside = TemporaryFile.name(for: name)
    guard try Self.kind(of: name, in: folderFD, path: path) == .regularFile else {
      throw FileSystemError(.other, path: path, reason: "not a regular file")
    }
    guard renameat(folderFD, name, folderFD, aside) == 0 else { throw Self.error(errno, path: path) }
    let current = try? Self.contents(of: aside, in: folderFD, path: path)
    guard current == expected else {
      // Put back, never over a file made meanwhile: then it is kept beside it under a visible name (a temporary
      // name would be removed as a leftover).
      if linkat(folderFD, aside, folderFD, name, 0) == 0
        || linkat(folderFD, aside, folderFD, "\(name).kept-\(UInt32.random(in: 0...UInt32.max))", 0) == 0
      {
        unlinkat(folderFD, aside, 0)
      }
      Self.sync(folderFD)
      throw FileSystemError(.changed, path: path)
    }
    unlinkat(folderFD, aside, 0)
    Self.sync(folderFD)
  }

  /// `flock(LOCK_EX)` on `lockFile`, which is created in its held folder when missing and never removed (removing a
  /// lock file lets two processes lock two different files).
  package func exclusively<T>(lockFile: String, _ body: () -> T) -> T {
    let (folder, name) = PathComponents.split(lockFile)
    guard let folderFD = try? Self.openFolder(folder, reporting: lockFile) else { return body() }
    let fd = openat(folderFD, name, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    close(folderFD)
    guard fd >= 0 else { return body() }
    // Closing the descriptor releases the lock.
    defer { close(fd) }
    while flock(fd, LOCK_EX) != 0, errno == EINTR {}
    return body()
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
    return Self.kind(info)
  }

  // MARK: Held folders

  /// Opens the folder `path` from `/` (or the current folder for a relative path) one component at a time, never
  /// following a symbolic link; with `creating`, missing components are made. A failure names `reported` (the file
  /// the caller is about). The caller closes the descriptor.
  static func openFolder(_ path: String, creating: Bool = false, reporting reported: String) throws(FileSystemError)
    -> Int32
  {
    var fd = open(path.hasPrefix("/") ? "/" : ".", folderFlags)
    guard fd >= 0 else { throw error(errno, path: reported) }
    for component in path.split(separator: "/") where component != "." {
      let name = String(component)
      var next = openat(fd, name, folderFlags | O_NOFOLLOW)
      if next < 0, errno == ENOENT, creating {
        if mkdirat(fd, name, 0o777) != 0, errno != EEXIST {
          let code = errno
          close(fd)
          throw error(code, path: reported)
        }
        next = openat(fd, name, folderFlags | O_NOFOLLOW)
      }
      let code = errno
      close(fd)
      guard next >= 0 else {
        // `O_NOFOLLOW | O_DIRECTORY` on a link gives ELOOP or ENOTDIR, depending on the system.
        if code == ELOOP || code == ENOTDIR || code == EMLINK {
          throw FileSystemError(
            .notADirectory, path: reported,
            reason: "'\(name)' is not a folder (a symbolic link, or changed while writing): nothing was written")
        }
        throw error(code, path: reported)
      }
      fd = next
    }
    return fd
  }

  /// What `name` in the held folder is, a link not followed; nil when nothing has that name.
  private static func kind(of name: String, in folderFD: Int32, path: String) throws(FileSystemError) -> EntryKind? {
    var info = stat()
    guard fstatat(folderFD, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
      let code = errno
      if code == ENOENT { return nil }
      throw error(code, path: path)
    }
    return kind(info)
  }

  private static func kind(_ info: stat) -> EntryKind {
    switch info.st_mode & S_IFMT {
    case S_IFREG: .regularFile
    case S_IFDIR: .directory
    case S_IFLNK: .symbolicLink
    default: .other
    }
  }

  /// The bytes of the regular file `name` in the held folder, a link not followed.
  private static func contents(of name: String, in folderFD: Int32, path: String) throws(FileSystemError)
    -> [UInt8]
  {
    let fd = openat(folderFD, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { throw error(errno, path: path) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw error(errno, path: path) }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw FileSystemError(.other, path: path, reason: "not a regular file")
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw error(errno, path: path)
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }

  /// Writes `bytes` to a new temporary file beside `name` in the held folder, flushed to disk, and returns its name;
  /// `keepingModeOf` gives it the permissions of the file it is to replace.
  private static func writeTemporary(
    _ bytes: [UInt8], beside name: String, in folderFD: Int32, path: String, keepingModeOf keepMode: Bool
  ) throws(FileSystemError) -> String {
    let temporary = TemporaryFile.name(for: name)
    let fd = openat(folderFD, temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
    guard fd >= 0 else { throw error(errno, path: path) }
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
    if keepMode, failure == 0, fstatat(folderFD, name, &old, AT_SYMLINK_NOFOLLOW) == 0 {
      _ = fchmod(fd, old.st_mode & 0o7777)
    }
    if failure == 0, fsync(fd) != 0, errno != EINVAL { failure = errno }
    if close(fd) != 0, failure == 0 { failure = errno }
    guard failure == 0 else {
      unlinkat(folderFD, temporary, 0)
      throw error(failure, path: path)
    }
    return temporary
  }

  /// Puts the temporary file at the free name `name` with `linkat`, which fails when the name is taken; the
  /// temporary name is gone afterwards.
  private static func placeNew(_ temporary: String, at name: String, in folderFD: Int32, path: String)
    throws(FileSystemError)
  {
    defer {
      unlinkat(folderFD, temporary, 0)
      Self.sync(folderFD)
    }
    if linkat(folderFD, temporary, folderFD, name, 0) == 0 { return }
    let code = errno
    if code == EEXIST { throw FileSystemError(.alreadyExists, path: path) }
    // Some file systems (FAT, some network mounts) have no hard links; there a check then a rename is the best left.
    guard code == EPERM || code == EOPNOTSUPP || code == EMLINK else { throw error(code, path: path) }
    guard (try? kind(of: name, in: folderFD, path: path)) == .some(nil) else {
      throw FileSystemError(.alreadyExists, path: path)
    }
    guard renameat(folderFD, temporary, folderFD, name) == 0 else { throw error(errno, path: path) }
  }

  /// Swaps the names `first` and `second` in the held folder atomically; 0 on success, else the errno (ENOSYS when
  /// the system has no such call).
  private static func exchange(_ first: String, _ second: String, in folderFD: Int32) -> Int32 {
    #if os(Linux)
      guard let renameat2 = Renameat2.function else { return ENOSYS }
      return renameat2(folderFD, first, folderFD, second, 2) == 0 ? 0 : errno  // RENAME_EXCHANGE
    #else
      return ENOSYS
    #endif
  }

  /// How a folder on the way is held: for its names only (`O_PATH` on Linux, which needs no read permission, as a
  /// path lookup needs none: a folder with `--x` permission is walked as `open` by path would walk it).
  private static var folderFlags: Int32 {
    #if os(Linux)
      // O_PATH (octal 010000000 on Linux); the Swift module of Glibc does not declare it.
      0o10_000_000 | O_DIRECTORY | O_CLOEXEC
    #else
      O_RDONLY | O_DIRECTORY | O_CLOEXEC
    #endif
  }

  /// Flushes a folder's entries, so a new name survives a crash as surely as the bytes behind it (best effort: a
  /// folder that cannot be read is not flushed).
  private static func sync(_ folderFD: Int32) {
    let fd = openat(folderFD, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
  }
}

#if os(Linux)
  /// glibc's `renameat2` (2.28 and later), looked up at run time: the Swift module of Glibc does not declare it.
  private enum Renameat2 {
    typealias Function = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    static let function: Function? = {
      guard let symbol = dlsym(nil, "renameat2") else { return nil }
      return unsafeBitCast(symbol, to: Function.self)
    }()
  }
#endif

/// The C `write`, named apart from `LocalFileSystem.write(_:to:overwrite:)`.
private func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, pointer, count)
}

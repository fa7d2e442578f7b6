import GlossIndex

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real file system, through POSIX calls (`open`/`read`/`fstat`, `opendir`), which are several times faster
/// than `FileManager` when reading thousands of files.
package struct LocalFileSystem: FileSystem {
  /// Makes the file system.
  package init() {}

  /// Reads the whole file with `read` into a buffer sized by `fstat`, coping with files that grow or shrink meanwhile.
  package func contents(of path: String) throws(FileSystemError) -> [UInt8] {
    let (fd, size) = try Self.openRegularFile(path)
    defer { close(fd) }
    // One byte more than the size, so a file that grew since `fstat` is noticed and read to its end.
    let capacity = size + 1
    var failure: Int32 = 0
    var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      count = Self.readFully(fd, into: buffer, failure: &failure)
    }
    guard failure == 0 else { throw Self.error(failure, path: path) }
    if bytes.count == capacity {
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = chunk.withUnsafeMutableBufferPointer { Self.readFully(fd, into: $0, failure: &failure) }
        guard failure == 0 else { throw Self.error(failure, path: path) }
        bytes.append(contentsOf: chunk[0..<count])
        if count < chunk.count { break }
      }
    }
    return bytes
  }

  /// Maps the whole file (a regular file), or reads it when it cannot be mapped (empty, or on a file system that
  /// cannot map).
  package func mappedContents(of path: String) throws(FileSystemError) -> FileBytes {
    let (fd, size) = try Self.openRegularFile(path)
    defer { close(fd) }
    if let mapped = FileBytes(mapping: fd, count: size) { return mapped }
    return FileBytes(try contents(of: path))
  }

  /// Opens the regular file at `path` for reading, with its size (`fstat`); a folder, a device, a pipe or a socket is
  /// an error. The caller closes the descriptor.
  private static func openRegularFile(_ path: String) throws(FileSystemError) -> (descriptor: Int32, size: Int) {
    // Non-blocking, so a FIFO or a device named like a note cannot hang the server in `open`.
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { throw error(errno, path: path) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let failure = errno
      close(fd)
      throw error(failure, path: path)
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      close(fd)
      if (info.st_mode & S_IFMT) == S_IFDIR { throw FileSystemError(.isADirectory, path: path) }
      throw FileSystemError(.other, path: path, reason: "not a regular file")
    }
    return (fd, max(Int(info.st_size), 0))
  }

  /// Lists a directory with `opendir`/`readdir` and one `fstatat` per entry (two for a symbolic link); the entries of
  /// a large folder are stamped on all cores (the `fstatat` calls are most of a walk, and a walk is on the way of
  /// every start and of every `gloss check` and `gloss find` answered from what an earlier run kept).
  package func listing(of directory: String) throws(FileSystemError) -> [DirectoryItem] {
    guard let handle = opendir(directory) else { throw Self.error(errno, path: directory) }
    defer { closedir(handle) }
    let descriptor = dirfd(handle)
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
      }
      if name == "." || name == ".." { continue }
      names.append(name)
    }
    let listed = names
    let item: @Sendable (Int) -> DirectoryItem? = { Self.item(named: listed[$0], in: descriptor) }
    let items =
      names.count >= Self.entriesStampedOnAllCores
      ? ParallelWork.map(count: names.count, item) : names.indices.map(item)
    return items.compactMap { $0 }
  }

  /// From how many entries a folder's entries are stamped on all cores.
  static let entriesStampedOnAllCores = 256

  /// The entry `name` of the open folder `descriptor`, stamped; nil when it vanished since it was listed.
  private static func item(named name: String, in descriptor: Int32) -> DirectoryItem? {
    var info = stat()
    guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
    let isSymlink = (info.st_mode & S_IFMT) == S_IFLNK
    if isSymlink {
      var target = stat()
      if fstatat(descriptor, name, &target, 0) == 0 {
        info = target
      } else {
        // A broken link or a link loop: listed as a file, so reading it reports why it cannot be read.
        return DirectoryItem(
          name: name, isDirectory: false, isSymlink: true, size: 0, modificationTime: time(info),
          changeTime: changeTime(info), identity: identity(info))
      }
    }
    let isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
    return DirectoryItem(
      name: name, isDirectory: isDirectory, isSymlink: isSymlink, size: isDirectory ? 0 : Int(info.st_size),
      modificationTime: time(info), changeTime: changeTime(info), identity: identity(info))
  }

  /// Stats `path`, following symbolic links.
  package func status(of path: String) throws(FileSystemError) -> FileStatus {
    var info = stat()
    // The string's own bytes, not a copy made for the call (references check a thousand notes this way).
    guard path.withCString({ stat($0, &info) }) == 0 else { throw Self.error(errno, path: path) }
    let isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
    return FileStatus(
      isDirectory: isDirectory,
      size: isDirectory ? 0 : Int(info.st_size),
      modificationTime: Self.time(info),
      identity: Self.identity(info),
      changeTime: Self.changeTime(info)
    )
  }

  /// `access(W_OK)`, and at least one write permission bit (the superuser passes `access` for every file).
  package func isWritable(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, access(path, W_OK) == 0 else { return false }
    return info.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH) != 0
  }

  /// Reads until the buffer is full or the file ends; returns the count read.
  private static func readFully(_ fd: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>, failure: inout Int32)
    -> Int
  {
    guard let base = buffer.baseAddress else { return 0 }
    var total = 0
    while total < buffer.count {
      let count = read(fd, base + total, buffer.count - total)
      if count < 0 {
        if errno == EINTR { continue }
        failure = errno
        break
      }
      if count == 0 { break }
      total += count
    }
    return total
  }

  static func time(_ info: stat) -> FileTime {
    #if canImport(Darwin)
      FileTime(seconds: Int64(info.st_mtimespec.tv_sec), nanoseconds: Int64(info.st_mtimespec.tv_nsec))
    #else
      FileTime(seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int64(info.st_mtim.tv_nsec))
    #endif
  }

  static func changeTime(_ info: stat) -> FileTime {
    #if canImport(Darwin)
      FileTime(seconds: Int64(info.st_ctimespec.tv_sec), nanoseconds: Int64(info.st_ctimespec.tv_nsec))
    #else
      FileTime(seconds: Int64(info.st_ctim.tv_sec), nanoseconds: Int64(info.st_ctim.tv_nsec))
    #endif
  }

  static func identity(_ info: stat) -> FileIdentity {
    FileIdentity(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(info.st_ino))
  }

  static func error(_ code: Int32, path: String) -> FileSystemError {
    switch code {
    case ENOENT: FileSystemError(.notFound, path: path)
    case EACCES, EPERM: FileSystemError(.permissionDenied, path: path)
    case ENOTDIR: FileSystemError(.notADirectory, path: path)
    case EISDIR: FileSystemError(.isADirectory, path: path)
    case EEXIST: FileSystemError(.alreadyExists, path: path)
    case ELOOP: FileSystemError(.symlinkLoop, path: path)
    default: FileSystemError(.other, path: path, reason: Self.describe(code))
    }
  }

  private static func describe(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    let message = String(cString: text)
    return message.prefix(1).lowercased() + message.dropFirst()
  }
}

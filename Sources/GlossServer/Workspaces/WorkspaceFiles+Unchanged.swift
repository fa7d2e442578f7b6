import GlossSyntax

extension WorkspaceFiles {
  /// Whether a walk now would most likely find what this walk found, told with one `status` call per folder and per
  /// file read, without listing any folder or classifying any name (the periodic scan's cheap step; `ScanBoard`).
  ///
  /// - A file added to, removed from or renamed in a folder moves that folder's modification and change times.
  /// - A file written moves its own times, or its size.
  /// - A file replaced by another has another identity.
  /// - A file looked for and missing (a configured bibliography, a file a `file` field names) must still be missing.
  /// - A symbolic link that led nowhere must still lead nowhere.
  ///
  /// `false` means "walk again", not "something changed": a folder's times also move for names Gloss ignores (an
  /// editor's swap file), and the walk then finds no change. The times of a file system that does not keep them
  /// (or keeps them to the second) may hide a change from this check: the periodic scan walks in full now and then
  /// whatever it says (`ScanPacing`).
  package func looksUnchanged(fileSystem: any FileReading) -> Bool {
    for folder in folders {
      let now = try? fileSystem.status(of: absolutePath(folder.path))
      guard let now, let then = folder.status else {
        if now == nil, folder.status == nil { continue }
        return false
      }
      if now.modificationTime != then.modificationTime || now.changeTime != then.changeTime
        || now.identity != then.identity || now.isDirectory != then.isDirectory
      {
        return false
      }
    }
    for file in files {
      let path = absolutePath(file.path)
      guard let now = try? fileSystem.status(of: path) else {
        // A link that led nowhere when walked (listed with size 0) and still does: nothing to read either time.
        // Replacing a file by a link, or a link by another, moves its folder's times.
        if file.size == 0, (try? fileSystem.entryKind(of: path)) == .symbolicLink { continue }
        return false
      }
      guard !now.isDirectory, now.size == file.size, now.modificationTime == file.modificationTime,
        now.changeTime == file.changeTime, now.identity == file.identity
      else { return false }
    }
    for path in missing where (try? fileSystem.status(of: absolutePath(path))) != nil {
      return false
    }
    return true
  }
}

extension WorkspaceFiles {
  /// Whether the file at root-relative `path` is one this walk found and still has the status it had then (size,
  /// times, identity): one `status` call, no read. A file not found by this walk is never unchanged.
  package func fileLooksUnchanged(_ path: String, fileSystem: any FileReading) -> Bool {
    guard let index = fileIndex(of: path), let now = try? fileSystem.status(of: absolutePath(path)) else {
      return false
    }
    // The record is read in place, as `fileIndex` reads them: a request naming a thousand files asks this for each.
    return files.withUnsafeBufferPointer { files in
      !now.isDirectory && now.size == files[index].size && now.modificationTime == files[index].modificationTime
        && now.changeTime == files[index].changeTime && now.identity == files[index].identity
    }
  }
}

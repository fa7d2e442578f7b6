import GlossIndex
import GlossSyntax

/// The Zotero library of a root kept current (docs/zotero.md): read again when Zotero's files change.
extension Server {
  /// Reads the Zotero library of the root at `index` again (`zotero`, which becomes the root's: its base folder may
  /// have changed) and puts it in the index: only the keys whose entries
  /// changed are diagnosed again (the index compares entries by value), and the files the new entries name are
  /// loaded by the caller. Returns the paths whose diagnostics changed.
  func reloadZotero(_ zotero: ZoteroFolder, in index: Int) -> Set<String> {
    let loaded = zotero.load(fileSystem: options.reader, place: roots[index].files.place)
    var files = roots[index].files
    // Preferences of a profile no longer the default are no longer watched (nor ever read as a bibliography).
    let place = files.place
    let watching = Set(loaded.watched.map(\.path))
    for path in roots[index].zotero?.preferenceFiles ?? [] {
      let indexPath = place.indexPath(ofAbsolute: path) ?? path
      guard !watching.contains(indexPath) else { continue }
      files.referenced[indexPath] = nil
      files.files.removeAll { $0.path == indexPath }
      files.missing.removeAll { $0 == indexPath }
    }
    roots[index].zotero = zotero
    for (path, status) in loaded.watched {
      files.referenced[path] = .bibliography
      files.files.removeAll { $0.path == path }
      files.missing.removeAll { $0 == path }
      if let status {
        files.files.append(DiscoveredFile(path: path, role: .bibliography, status: status))
      } else {
        files.missing.append(path)
      }
    }
    files.files.sort { $0.path.utf8Precedes($1.path) }
    roots[index].files = files
    let path = loaded.watched.first?.path ?? zotero.databasePath
    guard let record = loaded.record else {
      if let problem = loaded.skipped { reportSkipped([problem], in: roots[index].id) }
      return roots[index].workspace.bibliographies[path] == nil ? [] : roots[index].workspace.remove(path: path)
    }
    if let old = roots[index].workspace.bibliographies[path], old.bibliography == record.bibliography,
      old.zoteroAttachments == record.zoteroAttachments, old.zoteroNotices == record.zoteroNotices
    {
      return []
    }
    log(
      "read the Zotero library '\(roots[index].workspace.place.shown(path))' again: "
        + Self.entryCount(record.bibliography.entries.count))
    let changed = roots[index].workspace.setBibliography(record)
    logZoteroLibrary(in: index, again: true)
    return changed
  }

  /// Logs what the Zotero library of the root at `index` gave and what the user should know about it (items without
  /// a citation key, a newer schema), once per reading: the same sentences as its `zotero-library` hints.
  func logZoteroLibrary(in index: Int, again: Bool = false) {
    guard let zotero = roots[index].zotero else { return }
    let place = roots[index].files.place
    let path = place.indexPath(ofAbsolute: zotero.databasePath) ?? zotero.databasePath
    guard let record = roots[index].workspace.bibliographies[path], record.isZoteroLibrary else { return }
    if !again {
      log("read the Zotero library '\(place.shown(path))': " + Self.entryCount(record.bibliography.entries.count))
    }
    for problem in record.bibliography.problems { log("'\(place.shown(path))': \(problem.message)") }
    for notice in record.zoteroNotices { log("'\(place.shown(path))': \(notice)") }
  }

  /// `1 entry`, `3 entries`.
  static func entryCount(_ count: Int) -> String { count == 1 ? "1 entry" : "\(count) entries" }
}

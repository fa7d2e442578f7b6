import GlossIndex
import GlossSyntax

/// The Zotero library of a root kept current (docs/zotero.md): read again when Zotero's files change.
extension Server {
  /// Reads the Zotero library of the root at `index` again and puts it in the index: only the keys whose entries
  /// changed are diagnosed again (the index compares entries by value), and the files the new entries name are
  /// loaded by the caller. Returns the paths whose diagnostics changed.
  func reloadZotero(_ zotero: ZoteroFolder, in index: Int) -> Set<String> {
    let loaded = zotero.load(fileSystem: options.fileSystem, place: roots[index].files.place)
    var files = roots[index].files
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
        + "\(record.bibliography.entries.count) entries")
    return roots[index].workspace.setBibliography(record)
  }
}

/// Where a workspace lies on disk, as plain strings: what the index needs to place paths that leave the root.
///
/// The index keys files by root-relative path; a file named from inside the workspace but lying outside it (an
/// absolute `file` field, `~/refs.bib`, `../library/refs.bib`) is keyed by its absolute path instead, which never
/// clashes with a relative one. The server fills this in; an index without it keeps only paths inside the root.
package struct WorkspacePlace: Hashable, Sendable {
  /// The absolute path of the root, or nil when unknown (then paths climbing out of the root are dropped).
  package var root: String?
  /// The user's home folder, for `~/` paths, or nil when unknown (then `~/` paths are dropped).
  package var home: String?

  /// Makes a place.
  package init(root: String? = nil, home: String? = nil) {
    self.root = root
    self.home = home
  }

  /// The index path of `target` written in a file of the root-relative `folder`: root-relative when it lies inside
  /// the root, else absolute; nil when it cannot be placed. `~/` is the home folder and `/…` an absolute path.
  package func path(of target: String, from folder: String) -> String? {
    if target.hasPrefix("~/") {
      guard let home else { return nil }
      return indexPath(ofAbsolute: home + "/" + target.dropFirst(2))
    }
    if target.hasPrefix("/") { return indexPath(ofAbsolute: target) }
    let joined = PathComponents.join(folder, target)
    if let inside = PathUtilities.normalizeWithinRoot(joined) { return inside }
    guard let root else { return nil }
    return indexPath(ofAbsolute: root + "/" + joined)
  }

  /// The index path of an absolute path: root-relative inside the root, else the normalised absolute path.
  package func indexPath(ofAbsolute path: String) -> String? {
    guard let normalized = PathUtilities.normalizeWithinRoot(String(path.drop { $0 == "/" })) else { return nil }
    let absolute = "/" + normalized
    if let root {
      let prefix = root.hasSuffix("/") ? root : root + "/"
      if absolute.hasPrefix(prefix) { return String(absolute.dropFirst(prefix.count)) }
      if absolute == root { return nil }
    }
    return absolute
  }

  /// An index path as a message shows it: root-relative paths as they are, a file outside the root in the home folder
  /// from `~/` (a Zotero library's paths run to 150 characters), any other as is.
  package func shown(_ path: String) -> String {
    guard Self.isOutside(path), let home, home != "/", path.hasPrefix(home + "/") else { return path }
    return "~" + path.dropFirst(home.hasSuffix("/") ? home.count - 1 : home.count)
  }

  /// Whether an index path names a file outside the root (it is absolute).
  package static func isOutside(_ path: String) -> Bool { path.hasPrefix("/") }
}

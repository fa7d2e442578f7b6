import GlossSyntax

/// Whole paths on disk: normalised without climbing above `/`, made relative to a root and back, joined with exactly
/// one `/`, split into folder and name with the root kept as `/`. What a path's last component says (file name,
/// folder, extension, stem, link key) and root-relative normalising are `PathUtilities`'; `split` is built on them, so
/// each operation is written once between the two.
package enum PathComponents {
  /// The folder and the last component, trailing slashes ignored: `/a/b.md` → (`/a`, `b.md`); `b.md` → (``, `b.md`);
  /// `/b.md` → (`/`, `b.md`), since on disk the root folder is `/` (`PathUtilities.folder("/b.md")` is empty).
  package static func split(_ path: String) -> (folder: String, name: String) {
    var bytes = path.utf8[...]
    while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
    let trimmed = String(Substring(bytes))
    let folder = PathUtilities.folder(trimmed)
    return (folder.isEmpty && bytes.first == UInt8(ascii: "/") ? "/" : folder, PathUtilities.fileName(trimmed))
  }

  /// `folder` and `name` joined with exactly one `/`; an empty folder gives `name`.
  package static func join(_ folder: String, _ name: String) -> String {
    if folder.isEmpty { return name }
    if name.isEmpty { return folder }
    let head = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    let tail = name.hasPrefix("/") ? String(name.dropFirst()) : name
    return head + "/" + tail
  }

  /// The path with `.` components, repeated and trailing slashes removed and `..` applied (never above the start).
  package static func normalize(_ path: String) -> String {
    if path.isNormalPath(rooted: true) { return path }
    let isAbsolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == ".." {
        if let last = parts.last, last != ".." {
          parts.removeLast()
        } else if !isAbsolute {
          parts.append(part)
        }
        continue
      }
      parts.append(part)
    }
    let joined = parts.joined(separator: "/")
    return isAbsolute ? "/" + joined : joined
  }

  /// `path` relative to `root` (`/w`, `/w/notes/a.md` → `notes/a.md`), or `nil` when it is not inside the root.
  package static func relative(_ path: String, to root: String) -> String? {
    let path = normalize(path)
    let root = normalize(root)
    if path == root { return "" }
    let prefix = root == "/" ? "/" : root + "/"
    guard path.hasPrefix(prefix) else { return nil }
    return String(path.dropFirst(prefix.count))
  }

  /// The absolute path of a root-relative path (`/w`, `notes/a.md` → `/w/notes/a.md`); an index path that is already
  /// absolute (a file outside the root, see `WorkspacePlace`) stays as it is.
  package static func absolute(_ relativePath: String, in root: String) -> String {
    if relativePath.hasPrefix("/") { return normalize(relativePath) }
    // Both already normal (a walk's paths, a root as kept): one string made, no second scan. Every request naming a
    // thousand files and every periodic scan asks this once per file.
    if !relativePath.isEmpty, root.hasPrefix("/"), relativePath.isNormalPath(rooted: false),
      root.isNormalPath(rooted: true)
    {
      var out = ""
      out.reserveCapacity(root.utf8.count + 1 + relativePath.utf8.count)
      out += root
      if root != "/" { out += "/" }
      out += relativePath
      return out
    }
    return normalize(join(root, relativePath))
  }
}

import GlossSyntax

/// Paths on disk: absolute `/`-separated paths, normalised without climbing above `/`, made relative to a root and
/// back, joined with exactly one `/`. The index's root-relative paths (names, extensions, link keys, a `..` that
/// climbs out of the root) are `PathUtilities`'; one function per job between the two.
package enum PathComponents {
  /// The folder and the last component: `/a/b.md` → (`/a`, `b.md`); `b.md` → (``, `b.md`); `/b.md` → (`/`, `b.md`).
  package static func split(_ path: String) -> (folder: String, name: String) {
    var trimmed = path.utf8[...]
    while trimmed.count > 1, trimmed.last == UInt8(ascii: "/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: UInt8(ascii: "/")) else { return ("", String(Substring(trimmed))) }
    let folder = trimmed[..<slash]
    let name = trimmed[trimmed.index(after: slash)...]
    return (folder.isEmpty ? "/" : String(Substring(folder)), String(Substring(name)))
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
    return normalize(join(root, relativePath))
  }

  /// The file name without its extension; `.csl.json` counts as one extension (`refs.csl.json` → `refs`).
  package static func stem(_ name: String) -> String {
    let lower = name.lowercased()
    if lower.hasSuffix(".csl.json") { return String(name.dropLast(".csl.json".count)) }
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }

}

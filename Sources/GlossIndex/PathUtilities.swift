/// Root-relative path arithmetic on `/`-separated strings (no file system).
package enum PathUtilities {
  /// The last component of `path`.
  package static func fileName(_ path: String) -> String {
    // Searched in the UTF-8 view: `lastIndex(of:)` on the String itself walks grapheme clusters, a hot spot at load.
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
    return String(path[path.utf8.index(after: slash)...])
  }

  /// The folder of `path` (empty at the root).
  package static func folder(_ path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
    return String(path[..<slash])
  }

  /// `folder/relative`, or `relative` when the folder is the root.
  package static func join(_ folder: String, _ relative: String) -> String {
    folder.isEmpty ? relative : folder + "/" + relative
  }

  /// The extension of the file name, lowercased, without the dot (empty when there is none).
  package static func pathExtension(_ path: String) -> String {
    let name = fileName(path)
    guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return "" }
    return name[name.utf8.index(after: dot)...].lowercased()
  }

  /// `path` without a `.md` or `.markdown` extension.
  package static func removingNoteExtension(_ path: String) -> String {
    let ext = pathExtension(path)
    guard ext == "md" || ext == "markdown" else { return path }
    return String(path.dropLast(ext.count + 1))
  }

  /// The key Markdown links and paths are matched on: lowercased, without a note extension.
  package static func pathKey(_ path: String) -> String {
    removingNoteExtension(path).lowercased()
  }

  /// Resolves `.` and `..` components and doubled slashes; nil when the path climbs above the root.
  package static func normalize(_ path: String) -> String? {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == ".." {
        guard !parts.isEmpty else { return nil }
        parts.removeLast()
      } else {
        parts.append(part)
      }
    }
    return parts.joined(separator: "/")
  }
}

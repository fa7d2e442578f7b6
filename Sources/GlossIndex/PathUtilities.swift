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
    if isNormal(path) { return path }
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

  /// True when `normalize` would return `path` unchanged: ASCII (so that bytes are characters), with no empty, `.`
  /// or `..` component. Most link targets and note paths are, and skip the split and join.
  private static func isNormal(_ path: String) -> Bool {
    let utf8 = path.utf8
    return utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      var start = 0
      for index in 0...bytes.count {
        if index < bytes.count {
          if bytes[index] >= 0x80 { return false }
          if bytes[index] != UInt8(ascii: "/") { continue }
        }
        let length = index - start
        if length == 0 && !bytes.isEmpty { return false }
        if length == 1 && bytes[start] == UInt8(ascii: ".") { return false }
        if length == 2 && bytes[start] == UInt8(ascii: ".") && bytes[start + 1] == UInt8(ascii: ".") { return false }
        start = index + 1
      }
      return true
    } ?? false
  }
}

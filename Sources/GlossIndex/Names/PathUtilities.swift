import GlossSyntax

/// Path arithmetic on `/`-separated strings (no file system): what the last component says (file name, folder,
/// extension, stem, note extension, link key), for root-relative and absolute paths alike, and normalising a
/// root-relative path that must not climb out of its root. Whole paths on disk (joining, splitting with `/` as the root
/// folder, relative to a root and back, normalising up to `/`) are `PathComponents`', built on these.
package enum PathUtilities {
  /// The last component of `path`.
  package static func fileName(_ path: String) -> String {
    guard let slash = path.lastUTF8Offset(of: UInt8(ascii: "/")) else { return path }
    return path.utf8Slice(slash + 1, path.utf8.count)
  }

  /// The folder of `path` (empty at the root).
  package static func folder(_ path: String) -> String {
    guard let slash = path.lastUTF8Offset(of: UInt8(ascii: "/")) else { return "" }
    return path.utf8Slice(0, slash)
  }

  /// The extension of the file name, lowercased, without the dot (empty when there is none).
  package static func pathExtension(_ path: String) -> String {
    let name = fileName(path)
    guard let dot = name.lastUTF8Offset(of: UInt8(ascii: ".")), dot > 0 else { return "" }
    return name.utf8Slice(dot + 1, name.utf8.count).lowercased()
  }

  /// The file name of `path` without its extension (`notes/a.b.md` → `a.b`; `.hidden` has none and stays whole).
  package static func stem(_ path: String) -> String {
    let name = fileName(path)
    let ext = pathExtension(name)
    return ext.isEmpty ? name : String(name.dropLast(ext.count + 1))
  }

  /// `path` without a note extension (`.md`, `.markdown`, `.qmd`, `.Rmd`).
  package static func removingNoteExtension(_ path: String) -> String {
    let ext = pathExtension(path)
    guard isNoteExtension(ext) else { return path }
    return String(path.dropLast(ext.count + 1))
  }

  /// Whether a lowercased extension is one of a note's: Markdown, Quarto or R Markdown.
  package static func isNoteExtension(_ ext: String) -> Bool {
    ext == "md" || ext == "markdown" || ext == "qmd" || ext == "rmd"
  }

  /// The key Markdown links and paths are matched on: lowercased, without a note extension.
  package static func pathKey(_ path: String) -> String {
    removingNoteExtension(path).lowercased()
  }

  /// A root-relative path with `.` and `..` components and doubled slashes resolved; nil when it climbs above the root
  /// (`PathComponents.normalize` is the one for paths on disk, which stops at `/`). Works on the UTF-8 bytes: `/` is a
  /// separator wherever it is.
  package static func normalizeWithinRoot(_ path: String) -> String? {
    if path.isNormalPath(rooted: false) { return path }
    let bytes = Array(path.utf8)
    var parts: [Range<Int>] = []
    var start = 0
    for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
      let part = start..<index
      start = index + 1
      if part.isEmpty || (part.count == 1 && bytes[part.lowerBound] == UInt8(ascii: ".")) { continue }
      if part.count == 2 && bytes[part.lowerBound] == UInt8(ascii: ".")
        && bytes[part.lowerBound + 1] == UInt8(ascii: ".")
      {
        guard !parts.isEmpty else { return nil }
        parts.removeLast()
      } else {
        parts.append(part)
      }
    }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    for (k, part) in parts.enumerated() {
      if k > 0 { out.append(UInt8(ascii: "/")) }
      out.append(contentsOf: bytes[part])
    }
    return String(decoding: out, as: UTF8.self)
  }
}

import GlossIndex

/// A `Glob` from the config, with a shortcut for the commonest shape, `**/*.md`: a suffix test on the file name,
/// which keeps classifying 12,000 paths in a few milliseconds.
struct PathPattern: Sendable {
  private let glob: Glob
  // When every brace alternative is `**/*<literal>`, the literal suffixes.
  private let suffixes: [[UInt8]]?
  // When the pattern has no glob character at all (an ignored path such as the export folder), the path it names,
  // compared byte for byte as the glob compares scalars: a walk asks it of every file and folder.
  private let literal: [UInt8]?

  /// Compiles `pattern`.
  init(_ pattern: String) {
    glob = Glob(pattern)
    suffixes = Self.suffixes(of: pattern)
    literal = Self.literal(of: pattern)
  }

  /// Whether the root-relative `path` matches.
  func matches(_ path: String) -> Bool {
    if let literal { return path.utf8.elementsEqual(literal) }
    guard let suffixes else { return glob.matches(path) }
    var path = path
    return path.withUTF8 { bytes in
      let nameStart = (bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
      return suffixes.contains { suffix in
        bytes.count - nameStart >= suffix.count && bytes[(bytes.count - suffix.count)...].elementsEqual(suffix)
      }
    }
  }

  /// The path a pattern without glob characters names (a leading `./` or `/` dropped, as `Glob` drops it); nil for
  /// any other.
  private static func literal(of pattern: String) -> [UInt8]? {
    var bytes = pattern.utf8[...]
    while bytes.starts(with: "./".utf8) { bytes = bytes.dropFirst(2) }
    while bytes.first == UInt8(ascii: "/") { bytes = bytes.dropFirst() }
    let special = Set("*?[]{}\\".utf8)
    return bytes.contains(where: special.contains) ? nil : Array(bytes)
  }

  /// `**/*.md` → [`.md`]; `**/*.{md,markdown}` → [`.md`, `.markdown`]; anything else → nil.
  private static func suffixes(of pattern: String) -> [[UInt8]]? {
    let special = Set("*?[]{}/\\".utf8)
    let prefix = Array("**/*".utf8)
    var bytes = Array(pattern.utf8)
    while bytes.starts(with: Array("./".utf8)) { bytes.removeFirst(2) }
    guard bytes.starts(with: prefix) else { return nil }
    let rest = Array(bytes.dropFirst(prefix.count))
    if !rest.contains(where: special.contains) { return [rest] }
    // One brace group of plain alternatives after a plain head: `.{md,markdown}`.
    guard let open = rest.firstIndex(of: UInt8(ascii: "{")), rest.last == UInt8(ascii: "}") else { return nil }
    let head = Array(rest[..<open])
    let options = rest[(open + 1)..<(rest.count - 1)].split(
      separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
    guard !head.contains(where: special.contains),
      options.allSatisfy({ !$0.contains(where: special.contains) })
    else { return nil }
    return options.map { head + $0 }
  }
}

/// A minimal glob over `/`-separated paths (`*`, `**`, `?`, `[…]`, `{a,b}`), used until GlossIndex's `Glob` lands.
struct PathGlob: Hashable, Sendable {
  /// The pattern as written.
  let pattern: String
  // Each alternative after brace expansion, split into segments of bytes.
  private let alternatives: [[[UInt8]]]
  // When every alternative is `**/*<literal>` (the default `**/*.md`), the suffixes to compare: no splitting needed.
  private let suffixes: [[UInt8]]?

  /// Compiles `pattern`.
  init(_ pattern: String) {
    self.pattern = pattern
    let expanded = Self.expandBraces(Array(pattern.utf8))
    self.alternatives = expanded.map { alternative in
      alternative.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map(Array.init)
    }
    let prefix = Array("**/*".utf8)
    let special = Set("*?[]{}/".utf8)
    let suffixes = expanded.compactMap { alternative -> [UInt8]? in
      guard alternative.starts(with: prefix) else { return nil }
      let suffix = alternative.dropFirst(prefix.count)
      return suffix.contains(where: special.contains) ? nil : Array(suffix)
    }
    self.suffixes = suffixes.count == expanded.count ? suffixes : nil
  }

  /// Whether the root-relative `path` matches the pattern.
  func matches(_ path: String) -> Bool {
    if let suffixes {
      var path = path
      return path.withUTF8 { bytes in
        guard let last = bytes.last, last != UInt8(ascii: "/") else { return false }
        let nameStart = (bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
        return suffixes.contains { suffix in
          bytes.count - nameStart >= suffix.count && bytes[(bytes.count - suffix.count)...].elementsEqual(suffix)
        }
      }
    }
    let segments = Array(path.utf8).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
      .map(Array.init)
    return alternatives.contains { Self.match(pattern: $0[...], path: segments[...]) }
  }

  private static func match(pattern: ArraySlice<[UInt8]>, path: ArraySlice<[UInt8]>) -> Bool {
    guard let first = pattern.first else { return path.isEmpty }
    if first == Array("**".utf8) {
      let rest = pattern.dropFirst()
      var remaining = path
      while true {
        if match(pattern: rest, path: remaining) { return true }
        guard !remaining.isEmpty else { return false }
        remaining = remaining.dropFirst()
      }
    }
    guard let segment = path.first, matchSegment(first[...], segment[...]) else { return false }
    return match(pattern: pattern.dropFirst(), path: path.dropFirst())
  }

  private static func matchSegment(_ pattern: ArraySlice<UInt8>, _ name: ArraySlice<UInt8>) -> Bool {
    guard let first = pattern.first else { return name.isEmpty }
    switch first {
    case UInt8(ascii: "*"):
      var remaining = name
      while true {
        if matchSegment(pattern.dropFirst(), remaining) { return true }
        guard !remaining.isEmpty else { return false }
        remaining = remaining.dropFirst()
      }
    case UInt8(ascii: "?"):
      return !name.isEmpty && matchSegment(pattern.dropFirst(), name.dropFirst())
    case UInt8(ascii: "["):
      guard let byte = name.first, let close = pattern.dropFirst(2).firstIndex(of: UInt8(ascii: "]")) else {
        return name.first == first && matchSegment(pattern.dropFirst(), name.dropFirst())
      }
      var set = pattern[(pattern.startIndex + 1)..<close]
      let negated = set.first == UInt8(ascii: "!") || set.first == UInt8(ascii: "^")
      if negated { set = set.dropFirst() }
      var found = false
      var index = set.startIndex
      while index < set.endIndex {
        if index + 2 < set.endIndex, set[index + 1] == UInt8(ascii: "-") {
          if set[index] <= byte && byte <= set[index + 2] { found = true }
          index += 3
        } else {
          if set[index] == byte { found = true }
          index += 1
        }
      }
      return found != negated && matchSegment(pattern[(close + 1)...], name.dropFirst())
    default:
      return name.first == first && matchSegment(pattern.dropFirst(), name.dropFirst())
    }
  }

  /// `a{b,c}d` → `abd`, `acd`; nested braces are expanded too, and an unclosed brace is literal.
  private static func expandBraces(_ pattern: [UInt8]) -> [[UInt8]] {
    guard let open = pattern.firstIndex(of: UInt8(ascii: "{")) else { return [pattern] }
    var depth = 0
    var commas: [Int] = []
    var close: Int?
    for index in open..<pattern.count {
      switch pattern[index] {
      case UInt8(ascii: "{"): depth += 1
      case UInt8(ascii: "}"):
        depth -= 1
        if depth == 0 { close = index }
      case UInt8(ascii: ",") where depth == 1: commas.append(index)
      default: break
      }
      if close != nil { break }
    }
    guard let close else { return [pattern] }
    let prefix = Array(pattern[..<open])
    let suffix = Array(pattern[(close + 1)...])
    let bounds = [open] + commas + [close]
    var results: [[UInt8]] = []
    for index in 0..<(bounds.count - 1) {
      let option = Array(pattern[(bounds[index] + 1)..<bounds[index + 1]])
      results += expandBraces(prefix + option + suffix)
    }
    return results
  }
}

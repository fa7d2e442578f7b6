import GlossSyntax

/// The keys under which a link is filed, so that a change to a note's names finds the links it affects.
///
/// A wiki link is filed under `w:` + its lowercased target (and the target without a note extension); a Markdown
/// link under `p:` + the path key of each root-relative path it may mean.
enum LinkKeys {
  /// The keys of `link`, written in a note in `folder`; none for external links and links to the note itself.
  static func keys(of link: Link, from folder: String) -> Set<String> {
    var keys: Set<String> = []
    insertKeys(of: link, from: folder, into: &keys)
    return keys
  }

  /// Inserts the keys of `link` (`keys(of:from:)`) into `keys`: a note's keys are gathered in one set rather than a
  /// set made for each link and merged.
  static func insertKeys(of link: Link, from folder: String, into keys: inout Set<String>) {
    guard !link.isExternal, !link.target.isEmpty else { return }
    switch link.kind {
    case .wiki:
      for name in wikiNames(link.target) { keys.insert("w:" + name) }
    case .markdown:
      for path in markdownCandidates(link.target, from: folder) { keys.insert("p:" + PathUtilities.pathKey(path)) }
    }
  }

  /// The lowercased names a wiki target may match: as written, and without a note extension.
  static func wikiNames(_ target: String) -> [String] {
    let lower = target.trimmingSpaces().lowercased()
    let stripped = PathUtilities.removingNoteExtension(lower)
    return stripped == lower ? [lower] : [lower, stripped]
  }

  /// The root-relative paths a Markdown link target may mean: relative to the note's folder, then to the root.
  static func markdownCandidates(_ target: String, from folder: String) -> [String] {
    if target.hasPrefix("/") {
      return PathUtilities.normalizeWithinRoot(String(target.dropFirst())).map { [$0] } ?? []
    }
    var out: [String] = []
    if let relative = PathUtilities.normalizeWithinRoot(PathComponents.join(folder, target)) { out.append(relative) }
    if let rooted = PathUtilities.normalizeWithinRoot(target), !out.contains(rooted) { out.append(rooted) }
    return out
  }

  /// The keys of links that a file at `path` (a note or any other file) may satisfy.
  static func keys(satisfiedBy path: String) -> [String] {
    let fileName = PathUtilities.fileName(path).lowercased()
    var keys = ["p:" + PathUtilities.pathKey(path), "w:" + path.lowercased(), "w:" + fileName]
    let stripped = PathUtilities.removingNoteExtension(path).lowercased()
    if stripped != path.lowercased() { keys.append("w:" + stripped) }
    return keys
  }
}

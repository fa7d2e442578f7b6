package import GlossSyntax

/// Where a link from a note leads.
package enum LinkResolution: Hashable, Sendable {
  /// A note, and the heading the anchor names (nil without an anchor).
  case note(path: String, heading: Heading?)
  /// An existing file that is not a note (image, PDF, bibliography, source document).
  case file(path: String)
  /// A URL with a scheme; never checked.
  case external
  /// No note or file matches.
  case missing
  /// A wiki link matching several notes (sorted paths).
  case ambiguous([String])
  /// The note exists but has no such heading; the nearest headings (up to 3) are offered.
  case missingAnchor(path: String, nearest: [Heading])
}

extension Workspace {
  /// Resolves `link`, written in the note at `path`.
  package func resolve(link: Link, from path: String) -> LinkResolution {
    if link.isExternal { return .external }
    guard let target = resolveTarget(of: link, from: path) else { return .missing }
    switch target {
    case .note(let notePath, _):
      return resolveAnchor(link.anchor, in: notePath)
    default:
      return target
    }
  }

  /// The notes whose links resolve to the note at `path` (sorted, without the note itself).
  package func backlinks(to path: String) -> [String] {
    guard let record = notes[path] else { return [] }
    var keys = record.nameKeys.map { "w:" + $0 }
    keys.append("p:" + record.pathKey)
    var candidates: Set<String> = []
    for key in keys { candidates.formUnion(linkers[key] ?? []) }
    candidates.remove(path)
    return candidates.sorted().filter { linker in
      guard let linkerRecord = notes[linker] else { return false }
      return linkerRecord.note.links.contains { link in
        if case .note(let target, _)? = resolveTarget(of: link, from: linker) { return target == path }
        return false
      }
    }
  }

  /// The link's target ignoring its anchor (nil when missing); links without a target mean the linking note.
  func resolveTarget(of link: Link, from path: String) -> LinkResolution? {
    if link.isExternal { return .external }
    if link.target.isEmpty { return .note(path: path, heading: nil) }
    switch link.kind {
    case .wiki: return resolveWikiTarget(link.target)
    case .markdown: return resolveMarkdownTarget(link.target, from: PathUtilities.folder(path))
    }
  }

  private func resolveWikiTarget(_ target: String) -> LinkResolution? {
    var matches: Set<String> = []
    let names = LinkKeys.wikiNames(target)
    for name in names { matches.formUnion(notesByName[name] ?? []) }
    if matches.count == 1, let only = matches.first { return .note(path: only, heading: nil) }
    if matches.count > 1 { return .ambiguous(matches.sorted()) }
    // Obsidian-style embeds of other files (`![[figure.png]]`) resolve by path, then by file name.
    let lower = names[0]
    if let exact = PathUtilities.normalizeWithinRoot(target.trimmingSpaces()), isNonNoteFile(exact) {
      return .file(path: exact)
    }
    if let byName = otherFilesByName[PathUtilities.fileName(lower)], let first = byName.sorted().first {
      return .file(path: first)
    }
    return nil
  }

  private func resolveMarkdownTarget(_ target: String, from folder: String) -> LinkResolution? {
    let candidates = LinkKeys.markdownCandidates(target, from: folder)
    for candidate in candidates {
      if notes[candidate] != nil { return .note(path: candidate, heading: nil) }
      if isNonNoteFile(candidate) { return .file(path: candidate) }
      // The extension is optional and case does not matter, as in marksman.
      let ext = PathUtilities.pathExtension(candidate)
      if ext.isEmpty || PathUtilities.isNoteExtension(ext),
        let matches = notesByPathKey[PathUtilities.pathKey(candidate)], let first = matches.sorted().first
      {
        return .note(path: first, heading: nil)
      }
    }
    return nil
  }

  private func isNonNoteFile(_ path: String) -> Bool {
    otherFiles.contains(path) || bibliographies[path] != nil || sourceDocuments[path] != nil
  }

  /// Checks `anchor` against the headings of the note at `path`.
  func resolveAnchor(_ anchor: String?, in path: String) -> LinkResolution {
    guard let anchor, !anchor.isEmpty, let record = notes[path] else { return .note(path: path, heading: nil) }
    // Obsidian block references (`#^id`) name blocks, not headings.
    if anchor.hasPrefix("^") { return .note(path: path, heading: nil) }
    if let heading = Self.heading(matching: anchor, in: record.note.headings) {
      return .note(path: path, heading: heading)
    }
    // Obsidian writes a heading's parents before it (`[[note#Part#Section]]`): the last one names the heading.
    if let last = anchor.split(separator: "#").last, last.count < anchor.count,
      let heading = Self.heading(matching: String(last), in: record.note.headings)
    {
      return .note(path: path, heading: heading)
    }
    return .missingAnchor(path: path, nearest: Self.nearestHeadings(to: anchor, in: record.note.headings))
  }

  /// The heading an anchor names: by slug, then by text (case-insensitive), then by the anchor's own slug.
  static func heading(matching anchor: String, in headings: [Heading]) -> Heading? {
    if let exact = headings.first(where: { $0.slug == anchor }) { return exact }
    let lower = anchor.lowercased()
    if let match = headings.first(where: { $0.slug.lowercased() == lower || $0.text.lowercased() == lower }) {
      return match
    }
    let slug = Slug.github(anchor)
    return headings.first { $0.slug == slug }
  }

  /// Up to three headings nearest to `anchor` by edit distance on text or slug.
  static func nearestHeadings(to anchor: String, in headings: [Heading]) -> [Heading] {
    let target = Array(anchor.lowercased().unicodeScalars)
    let scored = headings.enumerated().map { index, heading in
      let byText = EditDistance.between(target, Array(heading.text.lowercased().unicodeScalars))
      let bySlug = EditDistance.between(target, Array(heading.slug.unicodeScalars))
      return (min(byText, bySlug), index)
    }
    return scored.sorted { $0 < $1 }.prefix(3).map { headings[$0.1] }
  }
}

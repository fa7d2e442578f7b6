import GlossSyntax

extension Workspace {
  /// The code lenses of the file at `path`: "cited N times" on each bibliography entry's key and at the top of a
  /// source document, "N backlinks" at the top of a note; empty for other files.
  package func codeLenses(in path: String) -> [CodeLensItem] {
    if let record = bibliographies[path] {
      let counts = citationCounts(ofKeys: Set(record.bibliography.entries.map(\.key)))
      return record.bibliography.entries.map { entry in
        let count = counts[entry.key] ?? 0
        return CodeLensItem(
          range: entry.keyRange, title: Self.citedTitle(count), kind: .citations(key: entry.key), count: count)
      }
    }
    if let record = sourceDocuments[path] {
      let count = citationCount(ofKey: record.key)
      return [
        CodeLensItem(range: 0..<0, title: Self.citedTitle(count), kind: .citations(key: record.key), count: count)
      ]
    }
    if notes[path] != nil {
      let count = backlinkCount(to: path)
      let title = HoverMarkdown.count(count, "backlink", "backlinks")
      return [CodeLensItem(range: 0..<0, title: title, kind: .backlinks, count: count)]
    }
    return []
  }

  /// The number of links to the note at `path` from other notes, as a reader follows them: a reference link counts at
  /// each of its uses (`[text][label]`), its definition (`[label]: path`) only in a note that never uses it; the
  /// references the lens shows also list the definitions, where the path is written.
  func backlinkCount(to path: String) -> Int {
    var count = 0
    for linker in backlinks(to: path) where linker != path {
      guard let note = notes[linker]?.note else { continue }
      var definitions = 0
      var uses = 0
      var others = 0
      for link in note.links where !link.isExternal {
        guard case .note(let target, _) = resolve(link: link, from: linker), target == path else { continue }
        switch link.reference {
        case .definition?: definitions += 1
        case .use?: uses += 1
        case nil: others += 1
        }
      }
      count += others + (uses > 0 ? uses : definitions)
    }
    return count
  }

  /// `cited 1 time`, `cited 3 times`.
  static func citedTitle(_ count: Int) -> String { "cited " + HoverMarkdown.count(count, "time", "times") }

  /// The number of citation items of each of `keys`, counting each citing note's items once.
  func citationCounts(ofKeys keys: Set<String>) -> [String: Int] {
    var citing: Set<String> = []
    for key in keys { citing.formUnion(citers[key] ?? []) }
    // Citations after a CiTO property (`@cites:key`) count for the key, as in hover.
    var viaCiTO: [String: String] = [:]
    for (written, paths) in citers where written.utf8.contains(UInt8(ascii: ":")) {
      guard let key = Self.keyAfterCiTOProperty(written), keys.contains(key), !hasSource(written) else { continue }
      viaCiTO[written] = key
      citing.formUnion(paths)
    }
    var counts: [String: Int] = [:]
    for path in citing {
      guard let note = notes[path]?.note else { continue }
      for citation in note.citations {
        for item in citation.items {
          if keys.contains(item.key) {
            counts[item.key, default: 0] += 1
          } else if let key = viaCiTO[item.key] {
            counts[key, default: 0] += 1
          }
        }
      }
    }
    return counts
  }
}

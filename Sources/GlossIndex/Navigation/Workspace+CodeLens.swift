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
      let count = noteReferences(path, heading: nil, includeDeclaration: false).count
      let title = HoverMarkdown.count(count, "backlink", "backlinks")
      return [CodeLensItem(range: 0..<0, title: title, kind: .backlinks, count: count)]
    }
    return []
  }

  /// `cited 1 time`, `cited 3 times`.
  static func citedTitle(_ count: Int) -> String { "cited " + HoverMarkdown.count(count, "time", "times") }

  /// The number of citation items of each of `keys`, counting each citing note's items once.
  func citationCounts(ofKeys keys: Set<String>) -> [String: Int] {
    var citing: Set<String> = []
    for key in keys { citing.formUnion(citers[key] ?? []) }
    var counts: [String: Int] = [:]
    for path in citing {
      guard let note = notes[path]?.note else { continue }
      for citation in note.citations {
        for item in citation.items where keys.contains(item.key) { counts[item.key, default: 0] += 1 }
      }
    }
    return counts
  }
}

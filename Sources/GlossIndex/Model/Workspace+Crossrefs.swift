package import GlossSyntax

/// One label in a note, as the index finds it.
package struct LabelOccurrence: Hashable, Sendable {
  /// The defining note.
  package var path: String
  /// Index into the note's `labels`.
  package var labelIndex: Int
  package var label: CrossrefLabel
}

/// Cross-references (`@fig-x`, `@Fig-x`, `[-@tbl-y]`, pandoc-crossref's `@fig:x`) and the labels they point at.
///
/// As Quarto reads them (its `refs.lua`): a citation key whose prefix before `-` is a cross-reference kind is a
/// cross-reference, never a citation, whether or not a bibliography has the key; its first letter may be a capital.
/// pandoc-crossref's kinds take `:`. A label is looked for in the citing note, and in a Quarto book (`_quarto.yml`
/// with `book: chapters:`) in every note of the project.
extension Workspace {
  /// The kind of cross-reference `key` is in the note `record`, nil when it is a citation.
  package func crossrefKind(ofKey key: String, in record: NoteRecord?) -> CrossrefKind? {
    guard let (prefix, separator) = CrossrefLabel.prefix(of: key) else { return nil }
    let lower = prefix.lowercased()
    let builtIn = separator == "-" ? CrossrefKind.quarto : CrossrefKind.pandocCrossref
    if let kind = builtIn.first(where: { $0.key == lower }) { return kind }
    if let kind = config.project.customCrossrefKinds.first(where: { $0.key == lower }) { return kind }
    return record?.note.customCrossrefKinds.first { $0.key == lower }
  }

  /// The label a cross-reference key names: the key with its first letter lowercased (`@Fig-x` names `fig-x`).
  package static func labelID(ofKey key: String) -> String {
    guard let first = key.first, first.isUppercase else { return key }
    return first.lowercased() + key.dropFirst()
  }

  /// Whether labels are looked for across the whole project (a Quarto book) rather than in the citing note.
  package var crossrefsSpanProject: Bool { config.isQuartoProject && !config.project.chapters.isEmpty }

  /// The labels `id` names as seen from the note at `path`: in that note, or in a book anywhere in the project.
  package func labels(withID id: String, from path: String) -> [LabelOccurrence] {
    let paths = crossrefsSpanProject ? (labelOwners[id] ?? []).sorted() : [path]
    var out: [LabelOccurrence] = []
    for owner in paths {
      guard let labels = notes[owner]?.note.labels else { continue }
      for (index, label) in labels.enumerated() where label.id == id {
        out.append(LabelOccurrence(path: owner, labelIndex: index, label: label))
      }
    }
    return out
  }

  /// Every cross-reference label seen from the note at `path` whose prefix is a kind there, in path then document
  /// order.
  package func visibleLabels(from path: String) -> [LabelOccurrence] {
    let record = notes[path]
    let paths = crossrefsSpanProject ? Array(Set(labelOwners.values.flatMap { $0 })).sorted() : [path]
    var out: [LabelOccurrence] = []
    for owner in paths {
      guard let labels = notes[owner]?.note.labels else { continue }
      for (index, label) in labels.enumerated() where crossrefKind(ofKey: label.id, in: record) != nil {
        out.append(LabelOccurrence(path: owner, labelIndex: index, label: label))
      }
    }
    return out
  }

  /// Up to `limit` labels of the same kind and separator nearest to `id` by edit distance.
  package func nearestLabels(to id: String, from path: String, limit: Int = 3) -> [String] {
    let prefix = CrossrefLabel.prefix(of: id)
    let target = Array(id.lowercased().unicodeScalars)
    let bound = max(2, target.count / 2)
    var scored: [(Int, String)] = []
    for candidate in Set(visibleLabels(from: path).map(\.label.id)) {
      guard let other = CrossrefLabel.prefix(of: candidate), other.kind.lowercased() == prefix?.kind.lowercased(),
        other.separator == prefix?.separator
      else { continue }
      let distance = EditDistance.between(target, Array(candidate.lowercased().unicodeScalars), bound: bound)
      if distance <= bound { scored.append((distance, candidate)) }
    }
    scored.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
    return scored.prefix(limit).map(\.1)
  }

  /// Every reference to the label `id` seen from notes that see it (in a book, the whole project; else the note
  /// `path`), as citation occurrences.
  package func references(toLabel id: String, definedIn path: String) -> [CitationOccurrence] {
    let capitalised = id.prefix(1).uppercased() + id.dropFirst()
    var paths = Set((citers[id] ?? []).map { $0 }).union(citers[capitalised] ?? [])
    if !crossrefsSpanProject { paths = paths.intersection([path]) }
    var out: [CitationOccurrence] = []
    for citer in paths.sorted() {
      guard let record = notes[citer] else { continue }
      for (ci, citation) in record.note.citations.enumerated() {
        for (ii, item) in citation.items.enumerated()
        where Self.labelID(ofKey: item.key) == id && crossrefKind(ofKey: item.key, in: record) != nil {
          out.append(CitationOccurrence(path: citer, citationIndex: ci, itemIndex: ii, item: item))
        }
      }
    }
    return out
  }

  /// The notes whose cross-references to any of `ids` may read differently when a label among them appears or goes.
  func crossrefCiters(of ids: Set<String>) -> Set<String> {
    var out: Set<String> = []
    for id in ids {
      out.formUnion(citers[id] ?? [])
      out.formUnion(citers[id.prefix(1).uppercased() + id.dropFirst()] ?? [])
    }
    return out
  }
}

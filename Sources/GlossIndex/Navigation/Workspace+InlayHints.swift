package import GlossSyntax

/// A short label shown after a cited key: "Bartlett 1932", "Smith & Jones 2020", "Nguyễn et al. 2021".
package struct CitationHint: Hashable, Sendable {
  /// Where the label goes: right after the key (UTF-8 offset).
  package var offset: Int
  package var label: String
  /// The cited key.
  package var key: String
  /// The source's title, for a tooltip.
  package var title: String?

  /// A hint from its parts.
  package init(offset: Int, label: String, key: String, title: String? = nil) {
    self.offset = offset
    self.label = label
    self.key = key
    self.title = title
  }
}

extension Workspace {
  /// "Author Year" labels after the cited keys of the note at `path` whose end lies in `range`; empty unless the
  /// `inlayHints` setting is on, and for keys of unknown sources or sources without authors and year.
  package func inlayHints(in path: String, range: Range<Int>) -> [CitationHint] {
    guard config.inlayHints, let record = notes[path] else { return [] }
    var out: [CitationHint] = []
    for citation in record.note.citations
    where citation.range.upperBound >= range.lowerBound && citation.range.lowerBound <= range.upperBound {
      for item in citation.items
      where range.contains(item.keyRange.upperBound) || range.upperBound == item.keyRange.upperBound {
        guard let source = source(forKey: item.key),
          let label = Self.authorYearLabel(
            authors: source.authors, editors: source.entry?.editors ?? [], year: source.year)
        else { continue }
        out.append(CitationHint(offset: item.keyRange.upperBound, label: label, key: item.key, title: source.title))
      }
    }
    return out
  }

  /// "Family Year" for one author, "A & B Year" for two, "A et al. Year" for more (BibTeX's `and others` too);
  /// editors when there are no authors; nil when there is neither a name nor a year.
  package static func authorYearLabel(authors: [PersonName], editors: [PersonName] = [], year: String?) -> String? {
    let people = authors.isEmpty ? editors : authors
    let names = people.filter { !$0.isOthers }.map(\.shortName).filter { !$0.isEmpty }
    let hasOthers = people.contains(where: \.isOthers)
    var label: String
    switch (names.count, hasOthers) {
    case (0, _): label = ""
    case (1, false): label = names[0]
    case (2, false): label = names[0] + " & " + names[1]
    default: label = names[0] + " et al."
    }
    if let year, !year.isEmpty { label += label.isEmpty ? year : " " + year }
    return label.isEmpty ? nil : label
  }
}

/// The kind of a citation locator, as CSL names it (`page`, `line`, `section`, `paragraph`, or another CSL term).
package enum LocatorTerm: Hashable, Sendable {
  case page
  case line
  case section
  case paragraph
  /// Another CSL locator term, by its CSL name: `chapter`, `figure`, `issue` (`no.`), `volume`, `sub verbo`, …
  case other(String)

  /// The term's CSL name (`page`, `sub verbo`, …).
  package var name: String {
    switch self {
    case .page: return "page"
    case .line: return "line"
    case .section: return "section"
    case .paragraph: return "paragraph"
    case .other(let name): return name
    }
  }
}

/// The first locator of a Pandoc citation suffix, such as `pp. 33-35` in `[@key, pp. 33-35, "words"]`.
package struct Locator: Hashable, Sendable {
  /// What the locator counts: pages, lines, sections, paragraphs or another CSL term.
  package var term: LocatorTerm
  /// The label as written (`pp.`, `§`, `sec.`); empty when Pandoc implies `page` from a bare number (`[@key, 33]`).
  package var label: String
  /// The value as written (`33-35`, `4, 7-9`, `Methods`, `2.1`), without braces.
  package var value: String
  /// UTF-8 offsets of the whole locator (label and value, braces included) within the suffix string.
  package var range: Range<Int>

  /// A locator from its parts.
  package init(term: LocatorTerm, label: String, value: String, range: Range<Int>) {
    self.term = term
    self.label = label
    self.value = value
    self.range = range
  }
}

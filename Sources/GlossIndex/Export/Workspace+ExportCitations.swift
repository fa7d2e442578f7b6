import GlossSyntax

/// One entry of an export's References list, in parts each format renders its own way.
struct ExportReference {
  var key: String
  /// `Bartlett, Frederic C.`, `Bartlett, F. C., and A. Smith`.
  var authors: String
  var year: String
  var title: String?
  /// Journal or book the work appeared in.
  var container: String?
  /// Volume, issue, pages and publisher, already joined.
  var details: String?
  /// The DOI as a URL, else the URL.
  var link: String?
  /// Whether the title is a book's (italic) rather than an article's (quoted).
  var isBook: Bool
}

extension Workspace {
  /// The author part of an author–date label: `Bartlett`, `Bartlett and Smith`, `A, B, and C`, `A et al.`; the
  /// title (or the key) when the source names no author.
  func authorLabel(_ source: Source) -> String {
    let names = source.authors.filter { !$0.isOthers }.map(\.shortName).filter { !$0.isEmpty }
    let hasOthers = source.authors.contains(where: \.isOthers)
    switch names.count {
    case 0: return source.title ?? source.key
    case 1: return hasOthers ? "\(names[0]) et al." : names[0]
    case 2: return hasOthers ? "\(names[0]) et al." : "\(names[0]) and \(names[1])"
    case 3: return hasOthers ? "\(names[0]) et al." : "\(names[0]), \(names[1]), and \(names[2])"
    default: return "\(names[0]) et al."
    }
  }

  /// The year of an author–date label (`n.d.` when the source has none).
  func yearLabel(_ source: Source) -> String {
    source.year ?? "n.d."
  }

  /// A locator as a reader expects it: a bare number is a page (`213` → `p. 213`), anything else as written.
  static func renderedLocator(_ suffix: String) -> String {
    let trimmed = suffix.trimmingPrefix(while: { $0 == "," || $0 == " " })
    guard let first = trimmed.first else { return "" }
    if first.isNumber {
      return (trimmed.contains("-") || trimmed.contains("–") ? "pp. " : "p. ") + trimmed
    }
    return String(trimmed)
  }

  /// One citation rendered author–date: `(see Bartlett 1932, p. 213; Smith 2020)`, in-text `Bartlett (1932, p. 213)`.
  func authorDate(_ citation: Citation) -> String {
    var parts: [String] = []
    for item in citation.items {
      let locator = Self.renderedLocator(item.suffix)
      guard let source = source(forKey: citedSourceKey(item.key)) else {
        parts.append([item.prefix, "\(item.key)?", locator].filter { !$0.isEmpty }.joined(separator: " "))
        continue
      }
      if !citation.isBracketed || item.mode == .authorInText {
        let inner = [yearLabel(source), locator].filter { !$0.isEmpty }.joined(separator: ", ")
        let text = "\(authorLabel(source)) (\(inner))"
        if !citation.isBracketed { return [item.prefix, text].filter { !$0.isEmpty }.joined(separator: " ") }
        parts.append(text)
        continue
      }
      var text = item.mode == .suppressAuthor ? yearLabel(source) : "\(authorLabel(source)) \(yearLabel(source))"
      if !locator.isEmpty { text += ", " + locator }
      if !item.prefix.isEmpty { text = item.prefix + " " + text }
      parts.append(text)
    }
    return "(" + parts.joined(separator: "; ") + ")"
  }

  /// The passage a citation item points at, as a bounded excerpt with its description, when it resolves.
  func citedPassage(_ item: CitationItem, limit: Int = 400) -> String? {
    guard let source = source(forKey: item.key), let textPath = source.textPath,
      let document = source.textDocument.flatMap({ Self.withText($0, at: textPath, provider: sourceTextProvider) }),
      let locator = Locator.first(in: item.suffix),
      case .resolved(let passage) = document.passage(for: textLocator(locator, forKey: item.key, document: document))
    else { return nil }
    var text = document.string(passage.textRange).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    if text.count > limit { text = String(text.prefix(limit)) + "…" }
    return "\(passage.description): \(text)"
  }

  /// The References entry of `key`, or nil when no source has it.
  func reference(_ key: String) -> ExportReference? {
    guard let source = source(forKey: key) else { return nil }
    let people = source.authors.filter { !$0.isOthers }
    var names: [String] = []
    for (index, person) in people.enumerated() {
      if person.family != nil {
        names.append(index == 0 ? person.invertedName : person.fullName)
      } else if let literal = person.literal {
        names.append(literal)
      }
    }
    var authors =
      names.count > 2
      ? names.dropLast().joined(separator: ", ") + ", and " + (names.last ?? "")
      : names.joined(separator: ", and ")
    if source.authors.contains(where: \.isOthers) { authors += ", et al." }
    let entry = source.entry
    var details: [String] = []
    if let volume = entry?.volume { details.append(entry?.issue.map { "\(volume) (\($0))" } ?? volume) }
    if let pages = entry?.pages { details.append(pages) }
    if let publisher = entry.flatMap(Self.placedPublisher) { details.append(publisher) }
    let link = entry?.doi.map { $0.hasPrefix("http") ? $0 : "https://doi.org/" + $0 } ?? source.url
    let type = entry?.type ?? "book"
    return ExportReference(
      key: key, authors: authors.isEmpty ? (source.title ?? key) : authors, year: yearLabel(source),
      title: authors.isEmpty ? nil : source.title, container: entry?.containerTitle,
      details: details.isEmpty ? nil : details.joined(separator: ", "), link: link,
      isBook: ["book", "thesis", "phdthesis", "mastersthesis", "report", "techreport", "manual"].contains(type)
        || entry?.containerTitle == nil)
  }

  /// The References entries of the cited keys, sorted as an author–date list (author, year, title).
  func references(_ keys: [String]) -> [ExportReference] {
    keys.compactMap(reference).sorted {
      ($0.authors.lowercased(), $0.year, $0.title ?? "") < ($1.authors.lowercased(), $1.year, $1.title ?? "")
    }
  }
}

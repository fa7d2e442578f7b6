/// What a source document says about itself: front matter (Markdown) or `<title>` and `<meta>` (HTML).
package struct SourceMetadata: Hashable, Sendable {
  /// The front-matter `id`, when there is one (else the source's key is its file name).
  package var id: String?
  /// The front-matter `title` or HTML `<title>`.
  package var title: String?
  /// Front-matter `author` (a string or a list; `Family, Given` or `Given Family`) or HTML author metadata.
  package var authors: [PersonName]
  /// The year, taken from `year` or from `date` (`2020-05-01` gives `2020`).
  package var year: String?
  /// Front-matter `url`, or an HTML page's `og:url`.
  package var url: String?
  /// Front-matter `tags` (a list or a comma-separated string, `#` removed) or HTML `keywords`.
  package var tags: [String]

  /// Metadata from its parts.
  package init(
    id: String? = nil, title: String? = nil, authors: [PersonName] = [], year: String? = nil, url: String? = nil,
    tags: [String] = []
  ) {
    self.id = id
    self.title = title
    self.authors = authors
    self.year = year
    self.url = url
    self.tags = tags
  }

  /// Metadata from front matter keys `id`, `title`, `author`/`authors`, `date`/`year`, `url`, `tags`.
  init(frontMatter: FrontMatter) {
    func scalar(_ key: String) -> String? {
      guard let value = frontMatter[key]?.value.strings.first.map(SourceMetadata.trim), !value.isEmpty else {
        return nil
      }
      return value
    }
    id = scalar("id")
    title = scalar("title")
    let authorValue = frontMatter["author"]?.value ?? frontMatter["authors"]?.value
    switch authorValue {
    case .scalar(let text, _): authors = SourceMetadata.people(in: text)
    case .list(let items): authors = items.compactMap { SourceMetadata.person($0.text) }
    case nil: authors = []
    }
    year = SourceMetadata.year(in: scalar("year") ?? "") ?? SourceMetadata.year(in: scalar("date") ?? "")
    url = scalar("url")
    switch frontMatter["tags"]?.value {
    case .scalar(let text, _): tags = SourceMetadata.tags(in: text)
    case .list(let items): tags = items.flatMap { SourceMetadata.tags(in: $0.text) }
    case nil: tags = []
    }
  }

  /// Tags from a comma-separated string, `#` and white space removed.
  static func tags(in text: String) -> [String] {
    text.split(separator: ",").compactMap { part in
      let tag = String(trim(part).drop(while: { $0 == "#" }))
      return tag.isEmpty ? nil : tag
    }
  }

  /// The first run of exactly four digits (`1932`, the year of `May 5, 1932` or `1932-05-05`), nil when none.
  static func year(in text: String) -> String? {
    let bytes = Array(text.utf8)
    var index = 0
    while index < bytes.count {
      guard (0x30...0x39).contains(bytes[index]) else {
        index += 1
        continue
      }
      var end = index
      while end < bytes.count, (0x30...0x39).contains(bytes[end]) { end += 1 }
      if end - index == 4 { return String(decoding: bytes[index..<end], as: UTF8.self) }
      index = end
    }
    return nil
  }

  /// Several names in one string, separated by ` and ` or `;` (`Bartlett, F. C. and Piaget, Jean`).
  static func people(in text: String) -> [PersonName] {
    var parts: [String] = []
    for piece in text.split(separator: ";") {
      parts += piece.split(separator: " and ").map(String.init)
    }
    return parts.compactMap(person)
  }

  /// One name: `{Literal Name}`, `Family, Given`, or `Given Family` with particles (`van`, `de`, …) kept with the
  /// family name.
  static func person(_ text: String) -> PersonName? {
    let name = trim(text)
    guard !name.isEmpty else { return nil }
    if name.hasPrefix("{"), name.hasSuffix("}") {
      return PersonName(literal: trim(name.dropFirst().dropLast()))
    }
    if let comma = name.firstIndex(of: ",") {
      let family = trim(name[..<comma])
      let given = trim(name[name.index(after: comma)...])
      return PersonName(family: family.isEmpty ? nil : family, given: given.isEmpty ? nil : given)
    }
    let words = name.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard words.count > 1 else { return PersonName(family: name) }
    let particles: Set<String> = [
      "van", "von", "de", "der", "den", "da", "di", "du", "del", "della", "des", "la", "le",
      "ten", "ter", "dos", "das", "bin", "al", "zu", "y",
    ]
    var familyStart = words.count - 1
    while familyStart > 1, particles.contains(words[familyStart - 1]) { familyStart -= 1 }
    return PersonName(
      family: words[familyStart...].joined(separator: " "), given: words[..<familyStart].joined(separator: " "))
  }
}

extension SourceMetadata {
  /// The string without leading and trailing white space.
  static func trim(_ text: some StringProtocol) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    var result = String.UnicodeScalarView()
    result.append(contentsOf: scalars[first...last])
    return String(result)
  }
}

extension SourceMetadata {
  /// Metadata of an HTML page: `<title>` (else `citation_title`, `dc.title`, `og:title`), `<meta name="author">` and
  /// `citation_author` (one name each), the year of `citation_publication_date`, `citation_date`, `dc.date` or
  /// `article:published_time`, `og:url` or `citation_public_url`, and `keywords` as tags.
  init(htmlTitle: String?, meta: [(name: String, content: String)]) {
    func first(_ names: String...) -> String? {
      for name in names {
        if let value = meta.first(where: { $0.name == name }).map({ SourceMetadata.trim($0.content) }), !value.isEmpty {
          return value
        }
      }
      return nil
    }
    let pageTitle = htmlTitle.map { SourceMetadata.trim($0) }
    self.init()
    title = (pageTitle?.isEmpty ?? true) ? first("citation_title", "dc.title", "og:title") : pageTitle
    let authorNames = meta.filter { ["author", "citation_author", "dc.creator"].contains($0.name) }.map(\.content)
    authors = authorNames.flatMap { SourceMetadata.people(in: $0) }
    year = first("citation_publication_date", "citation_date", "dc.date", "article:published_time", "date")
      .flatMap { SourceMetadata.year(in: $0) }
    url = first("og:url", "citation_public_url", "citation_abstract_html_url")
    tags = first("keywords").map { SourceMetadata.tags(in: $0) } ?? []
  }
}

import GlossSyntax

extension Workspace {
  /// The most bytes of a source's abstract or text shown when a completion is resolved.
  package static let completionExcerptLimit = 600

  /// The Markdown documentation of the source `key` for `completionItem/resolve`: its full metadata, then the start
  /// of its abstract or text (at most `completionExcerptLimit` bytes); nil when no source has the key.
  package func completionDocumentation(forKey key: String) -> String? {
    guard let source = source(forKey: key) else { return nil }
    var lines: [String] = []
    lines.append("**\(HoverMarkdown.escape(source.title ?? key))**")
    lines.append("")
    var facts: [String] = []
    let people = source.authors.filter { !$0.isOthers }.map(Self.fullName)
    if !people.isEmpty {
      facts.append(people.joined(separator: ", ") + (source.authors.contains(where: \.isOthers) ? " et al." : ""))
    }
    if let entry = source.entry {
      var publication: [String] = []
      // The full date where the entry has one (`March 1991`), else the year as written.
      if let date = entry.date?.description ?? entry.year { publication.append(date) }
      if let container = entry.containerTitle { publication.append("*\(HoverMarkdown.escape(container))*") }
      var volume = entry.volume ?? ""
      if let issue = entry.issue { volume += "(\(issue))" }
      if !volume.isEmpty { publication.append(volume) }
      if let pages = entry.pages { publication.append("pp. " + pages) }
      if let publisher = Self.placedPublisher(entry) { publication.append(publisher) }
      if !publication.isEmpty { facts.append(publication.joined(separator: " · ")) }
      if !entry.editors.isEmpty {
        facts.append("edited by " + entry.editors.filter { !$0.isOthers }.map(Self.fullName).joined(separator: ", "))
      }
      if let doi = entry.doi { facts.append("DOI: [\(doi)](https://doi.org/\(doi))") }
      if let isbn = entry.isbn { facts.append("ISBN: " + HoverMarkdown.escape(isbn)) }
      if !entry.keywords.isEmpty {
        facts.append("Keywords: " + entry.keywords.map(HoverMarkdown.escape).joined(separator: ", "))
      }
    } else if let year = source.year {
      facts.append(year)
    }
    if let url = source.url { facts.append("<\(url)>") }
    var origin = "`\(key)`"
    if let location = source.entryLocation { origin += " · \(source.entry?.type ?? "entry") in `\(location.path)`" }
    if let textPath = source.textPath { origin += " · text: `\(textPath)`" }
    facts.append(origin)
    if let line = literatureNoteLine(forKey: key) { facts.append(line) }
    lines.append(facts.joined(separator: "  \n"))

    let abstract = source.entry?.abstract.map { Array($0.utf8) }
    let document = source.textDocument.flatMap { document in
      source.textPath.flatMap { Self.withText(document, at: $0, provider: sourceTextProvider) }
    }
    let text = document.map { Array($0.text[min($0.bodyStart, $0.text.count)...]) }
    if let excerpt = (abstract ?? text).map(Self.excerpt), !excerpt.isEmpty {
      lines.append("")
      lines.append("---")
      lines.append("")
      lines.append(excerpt)
    }
    return lines.joined(separator: "\n")
  }

  /// `Given Family`, else the literal name, with any suffix.
  private static func fullName(_ person: PersonName) -> String {
    person.fullName
  }

  /// The start of `bytes` with white space collapsed, cut at a word boundary near the limit (and marked `…`).
  package static func excerpt(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(completionExcerptLimit + 4)
    var pendingSpace = false
    var truncated = false
    for byte in bytes {
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
        pendingSpace = !out.isEmpty
        continue
      }
      if out.count >= completionExcerptLimit {
        truncated = true
        break
      }
      if pendingSpace {
        out.append(0x20)
        pendingSpace = false
      }
      out.append(byte)
    }
    if truncated {
      // Cut back to the last space so no word (or UTF-8 sequence) is split.
      if let space = out.lastIndex(of: 0x20), space > completionExcerptLimit / 2 { out.removeSubrange(space...) }
      while let last = out.last, last & 0xC0 == 0x80 || last >= 0xC0 { out.removeLast() }
      out.append(contentsOf: Array(" …".utf8))
    }
    return HoverMarkdown.escape(String(decoding: out, as: UTF8.self))
  }

  /// The publisher with its place, as a reference list writes it (`Berlin: Springer`), or either alone.
  static func placedPublisher(_ entry: BibliographyEntry) -> String? {
    switch (entry.address, entry.publisher) {
    case (let place?, let publisher?): place + ": " + publisher
    case (let place?, nil): place
    case (nil, let publisher): publisher
    }
  }
}

import GlossSyntax

extension Workspace {
  /// What to show when the cursor rests at `offset` in the file at `path`: a citation item, link or tag in a note,
  /// an entry's key in a bibliography, or a source document's front-matter `id` or first line; nil elsewhere.
  ///
  /// `fileBytes` gives the current bytes of a note (the open buffer or the file on disk); link hovers show the
  /// target note's opening lines from it, and leave them out when it answers nil.
  package func hover(at offset: Int, in path: String, fileBytes: (String) -> [UInt8]? = { _ in nil }) -> HoverText? {
    if bibliographies[path] != nil { return entryHover(at: offset, in: path) }
    if let record = sourceDocuments[path] { return documentHover(at: offset, in: record) }
    if let hover = crossrefHover(at: offset, in: path) { return hover }
    switch element(at: offset, in: path) {
    case .citationItem(let ci, let ii, let item)?:
      return HoverText(
        markdown: citationHover(path: path, citationIndex: ci, itemIndex: ii, item: item), range: item.range)
    case .link(_, let link)?:
      guard let markdown = linkHover(link, from: path, fileBytes: fileBytes) else { return nil }
      return HoverText(markdown: markdown, range: link.range)
    case .tag(_, let use)?:
      return HoverText(markdown: tagHover(use.name), range: use.range)
    case .heading?, nil:
      return nil
    }
  }

  // MARK: Citations and entries

  private func citationHover(path: String, citationIndex: Int, itemIndex: Int, item: CitationItem) -> String {
    guard let source = source(forKey: citedSourceKey(item.key)) else {
      var text = "unknown source '\(HoverMarkdown.escape(item.key))'"
      if let renamed = renamedKey(for: item.key) {
        return text + ": was '\(HoverMarkdown.escape(item.key))', now `\(renamed)`?"
      }
      let nearest = nearestSourceKeys(to: item.key)
      if !nearest.isEmpty { text += "\n\ndid you mean " + nearest.map { "`\($0)`" }.joined(separator: ", ") + "?" }
      return text
    }
    let locator = notes[path]?.locators.first { $0.citationIndex == citationIndex && $0.itemIndex == itemIndex }
    // The verdicts first: editors that show a hover's first lines alone (Emacs's ElDoc) show them.
    let verdicts = quotationCheckLines(path: path, citationIndex: citationIndex, itemIndex: itemIndex)
    // Notes about how the source's text was read go here, one paragraph each: under the verdicts they qualify, above
    // the metadata.
    let textNotes: [String] = []
    var sections = verdicts + textNotes + [metadataMarkdown(source)]
    // Where to read on: the PDF and Zotero at the cited page, and the source's literature note.
    let places = [
      openingMarkdown(sourceOpening(for: source, locator: locator?.locator)),
      literatureNoteLine(
        forKey: source.key, excluding: path),
    ].compactMap { $0 }
    if !places.isEmpty { sections.append(places.joined(separator: "\n\n")) }
    // With a quotation, its sentence stands for the passage; a locator that does not resolve is still explained.
    if let passage = passageMarkdown(source, locator: locator?.locator, excerpt: verdicts.isEmpty) {
      sections.append(passage)
    }
    if let highlights = highlightsMarkdown(ofKey: source.key, locator: locator?.locator) { sections.append(highlights) }
    return sections.joined(separator: "\n\n")
  }

  private func entryHover(at offset: Int, in path: String) -> HoverText? {
    guard let entries = bibliographies[path]?.bibliography.entries,
      let entry = entries.first(where: { $0.keyRange.lowerBound <= offset && offset <= $0.keyRange.upperBound }),
      var source = source(forKey: entry.key)
    else { return nil }
    // A duplicate entry shows its own metadata, not the winner's.
    source.entry = entry
    let cited = citationCount(ofKey: entry.key)
    let markdown = metadataMarkdown(source) + "\n\ncited " + HoverMarkdown.count(cited, "time", "times")
    return HoverText(markdown: markdown, range: entry.keyRange)
  }

  /// On a source document's front-matter `id` entry or its first line: its source's metadata and citation count.
  private func documentHover(at offset: Int, in record: SourceDocumentRecord) -> HoverText? {
    var regions: [Range<Int>] = []
    if let id = record.document.frontMatter?["id"], case .scalar = id.value {
      // `keyRange` is then the id's value; the opening `---` is the first line.
      regions = [id.keyRange.lowerBound..<max(id.keyRange.upperBound, record.keyRange.upperBound), 0..<3]
    } else {
      regions = [record.keyRange]
    }
    guard let range = regions.first(where: { $0.lowerBound <= offset && offset <= $0.upperBound }) else { return nil }
    var source = source(forKey: record.key) ?? Source(key: record.key)
    if source.documentPath != record.path {
      // A document whose key another file also defines shows its own metadata, not the winner's.
      source.entry = nil
      source.document = record.document
      source.documentPath = record.path
    }
    let cited = citationCount(ofKey: record.key)
    let markdown = metadataMarkdown(source) + "\n\ncited " + HoverMarkdown.count(cited, "time", "times")
    return HoverText(markdown: markdown, range: range)
  }

  /// Title, key, authors, year, container and links of a source, as Markdown paragraphs.
  private func metadataMarkdown(_ source: Source) -> String {
    var lines: [String] = []
    let title = source.title.map { "**\(HoverMarkdown.escape($0))**" } ?? "*untitled*"
    lines.append(title + " · `\(source.key)`")
    var facts: [String] = []
    if let authors = HoverMarkdown.authors(source.authors) { facts.append(HoverMarkdown.escape(authors)) }
    // The full date where the entry has one (`March 1991`), else the year as written.
    if let date = source.entry?.date?.description ?? source.year { facts.append(HoverMarkdown.escape(date)) }
    if let container = source.entry?.containerTitle { facts.append("*" + HoverMarkdown.escape(container) + "*") }
    if !facts.isEmpty { lines.append(facts.joined(separator: " · ")) }
    var links: [String] = []
    if let doi = source.entry?.doi { links.append(HoverMarkdown.link("doi:" + doi, HoverMarkdown.doiURL(doi))) }
    if let url = source.url, source.entry?.doi.map(HoverMarkdown.doiURL) != url {
      links.append(HoverMarkdown.link(url, url))
    }
    if !links.isEmpty { lines.append(links.joined(separator: " · ")) }
    return lines.joined(separator: "\n\n")
  }

  /// The passage a locator names (excerpt and place), why it does not resolve, or where the text is; nil for a
  /// resolved passage or a text when `excerpt` is false. Files are named by their base name: a Zotero library's
  /// paths would fill the hover.
  private func passageMarkdown(_ source: Source, locator: Locator?, excerpt: Bool) -> String? {
    let written = locator.map { $0.label.isEmpty ? $0.value : $0.label + " " + $0.value }
    guard let document = source.textDocument, let textPath = source.textPath else {
      let why = textProblem(forKey: source.key).map { " (\(HoverMarkdown.escape($0)))" } ?? ""
      if let written { return "'\(source.key)' has no text to find '\(HoverMarkdown.escape(written))' in" + why }
      return "'\(source.key)' has no text" + why
    }
    let file = "`\(PathUtilities.fileName(textPath))`"
    guard let locator, let written else { return excerpt ? "text: \(file)" : nil }
    let shifted = textLocator(locator, forKey: source.key, document: document)
    switch document.passage(for: shifted) {
    case .resolved(let passage):
      guard excerpt else { return nil }
      let place = printedPageNote(locator, forKey: source.key, document: document) ?? passage.description
      guard let text = Self.withText(document, at: textPath, provider: sourceTextProvider)?.text else {
        return "\(HoverMarkdown.escape(place)) of \(file): the file changed since it was read"
      }
      let (excerpt, truncated) = HoverMarkdown.excerpt(text, passage.textRange, maxLines: 20)
      var out = "\(HoverMarkdown.escape(place)) of \(file):\n\n" + HoverMarkdown.fenced(excerpt)
      if truncated { out += "\n\n*…*" }
      return out
    case .unresolved(let reason):
      // A printed page outside the source's printed pages: say which pages it has, not which PDF page is missing.
      let why = shifted == locator ? reason : printedPagesReason(forKey: source.key, document: document)
      return "cannot find '\(HoverMarkdown.escape(written))' in '\(source.key)': \(HoverMarkdown.escape(why))"
    case .notResolvable:
      return "'\(HoverMarkdown.escape(written))' is not resolved: Gloss resolves pages, lines, sections and paragraphs"
        + " (text: \(file))"
    }
  }

  /// The number of citation items of `key` in every note (after a CiTO property too).
  package func citationCount(ofKey key: String) -> Int {
    citationKeyLocations(ofKey: key).count + citoCitations(ofKey: key).count
  }

  // MARK: Links and tags

  private func linkHover(_ link: Link, from path: String, fileBytes: (String) -> [UInt8]?) -> String? {
    let target = HoverMarkdown.escape(link.target)
    switch resolve(link: link, from: path) {
    case .note(let notePath, let heading):
      guard let record = notes[notePath] else { return nil }
      var header = "**\(HoverMarkdown.escape(record.title))**"
      if let heading { header += " › " + HoverMarkdown.escape(heading.text) }
      header += " · `\(notePath)`"
      guard let bytes = fileBytes(notePath) else { return header }
      let range =
        heading.map { sectionBody(of: $0, in: record.note, count: bytes.count) }
        ?? openingBody(of: record, count: bytes.count, bytes: bytes)
      let (excerpt, truncated) = HoverMarkdown.excerpt(bytes, range, maxLines: 10)
      guard !excerpt.isEmpty else { return header }
      return header + "\n\n---\n\n" + excerpt + (truncated ? "\n\n*…*" : "")
    case .file(let filePath):
      return "file `\(filePath)`"
    case .external:
      return nil
    case .missing:
      return link.kind == .wiki
        ? "broken link: no note matches '\(target)'" : "broken link: no note or file at '\(target)'"
    case .ambiguous(let candidates):
      return "ambiguous link: '\(target)' matches " + candidates.map { "`\($0)`" }.joined(separator: ", ")
    case .missingAnchor(let notePath, let nearest):
      var text = "broken link: no heading '\(HoverMarkdown.escape(link.anchor ?? ""))' in `\(notePath)`"
      if !nearest.isEmpty {
        text += "\n\nheadings: " + nearest.map { HoverMarkdown.escape($0.text) }.joined(separator: ", ")
      }
      return text
    }
  }

  /// The note's body after its front matter, skipping a leading level-1 heading (the title, shown already).
  private func openingBody(of record: NoteRecord, count: Int, bytes: [UInt8]) -> Range<Int> {
    var start = min(record.note.frontMatter?.range.upperBound ?? 0, count)
    while start < count, bytes[start] == 10 || bytes[start] == 13 || bytes[start] == 32 { start += 1 }
    if let first = record.note.headings.first, first.level == 1, first.range.lowerBound == start {
      start = min(first.range.upperBound, count)
      while start < count, bytes[start] == 10 || bytes[start] == 13 { start += 1 }
    }
    return start..<count
  }

  /// A heading's section after its own line, up to the next heading of the same or a higher level.
  private func sectionBody(of heading: Heading, in note: Note, count: Int) -> Range<Int> {
    let start = min(heading.range.upperBound, count)
    let next = note.headings.first { $0.range.lowerBound >= start && $0.level <= heading.level }
    return start..<min(max(next?.range.lowerBound ?? count, start), count)
  }

  private func tagHover(_ name: String) -> String {
    let users = notes(withTag: name)
    var text = "**#\(HoverMarkdown.escape(name))** · " + HoverMarkdown.count(users.count, "note", "notes")
    // The first ten paths in order, without sorting them all: a common tag is carried by thousands of notes.
    var first: [String] = []
    for path in users.keys where first.count < 10 || path < first[first.count - 1] {
      first.insert(path, at: first.firstIndex { $0 > path } ?? first.count)
      if first.count > 10 { first.removeLast() }
    }
    for path in first {
      guard let record = notes[path] else { continue }
      text += "\n- \(HoverMarkdown.escape(record.title)) · `\(path)`"
    }
    if users.count > 10 { text += "\n- …" }
    return text
  }
}

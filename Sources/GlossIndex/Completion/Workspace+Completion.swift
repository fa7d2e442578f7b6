import GlossSyntax

extension Workspace {
  /// The most candidates one completion answers with; past it the list is marked incomplete.
  package static let completionLimit = 100

  /// The completions at `offset` in the note at `path` whose current text is `bytes`: source keys after `@` in
  /// citation position, tags after `#` and in front-matter `tags:`, notes after `[[`, note paths after `](`, headings
  /// after `[[note#` and `](note.md#`, and a source's headings in a section locator; nothing inside code or comments.
  ///
  /// The note's parsed model is the index's when it has the note (the server keeps it in step with the buffer).
  package func completions(at offset: Int, in path: String, text bytes: [UInt8]) -> CompletionResult {
    let note: Note
    if let record = notes[path] {
      note = record.withBlocks(from: bytes).note
    } else {
      // Bibliographies, source documents and other files get no completion; a Markdown file the index does not
      // hold as a note (ignored, outside the note globs) is parsed for the occasion.
      let ext = PathUtilities.pathExtension(path).lowercased()
      guard PathUtilities.isNoteExtension(ext), bibliographies[path] == nil, sourceDocuments[path] == nil else {
        return .empty
      }
      note = Note(parsing: bytes)
    }
    guard let context = CompletionContext.at(offset, in: bytes, note: note) else { return .empty }
    return Self.filterable(candidates(in: context, at: offset, in: path, bytes: bytes), typedUpTo: offset, in: bytes)
  }

  /// `result` made filterable by clients that keep the items whose `filterText` starts with what was typed, case
  /// and accents included (Neovim, eglot): an item found by something else than its own spelling (an author's name,
  /// a title word, a key typed in another case) gets a filter text that starts with exactly what was typed, and the
  /// list is marked incomplete so that the client asks again as the user types on rather than filtering it itself.
  /// Clients that filter fuzzily (VS Code) find the typed word at the start as well.
  static func filterable(_ result: CompletionResult, typedUpTo offset: Int, in bytes: [UInt8]) -> CompletionResult {
    var result = result
    var lastRange: Range<Int>?
    var typed = ""
    for index in result.items.indices {
      let range = result.items[index].replaceRange
      guard range.lowerBound < offset, offset <= bytes.count else { continue }
      if range != lastRange {
        typed = String(decoding: bytes[range.lowerBound..<offset], as: UTF8.self)
        lastRange = range
      }
      let filter = result.items[index].filterText ?? result.items[index].label
      guard !filter.hasPrefix(typed) else { continue }
      result.items[index].filterText = typed + " " + filter
      result.isIncomplete = true
    }
    return result
  }

  /// The candidates of `context` at `offset`, best first.
  private func candidates(in context: CompletionContext, at offset: Int, in path: String, bytes: [UInt8])
    -> CompletionResult
  {
    switch context {
    case .sourceKey(let prefix, let replace):
      let current = String(decoding: bytes[replace], as: UTF8.self)
      let keys = withCurrent(
        current, sourceCompletions(prefix: prefix, replace: replace), prefix: prefix, kind: .source)
      return withLabels(
        withQuotationPlaces(keys, in: path, bytes: bytes, prefix: prefix, replace: replace), prefix: prefix,
        replace: replace, in: path)
    case .tag(let prefix, let replace):
      let current = String(decoding: bytes[replace], as: UTF8.self)
      return withCurrent(
        current, tagCompletions(prefix: prefix, replace: replace, in: path), prefix: prefix, kind: .tag)
    case .wikiTarget(let prefix, let replace, let closed):
      return noteCompletions(prefix: prefix, replace: replace, closing: closed ? "" : "]]")
    case .wikiHeading(let target, _, let replace, let closed):
      let link = Link(kind: .wiki, range: 0..<0, target: target, targetRange: 0..<0)
      return headingCompletions(of: link, from: path, replace: replace, closing: closed ? "" : "]]", bySlug: false)
    case .markdownTarget(let prefix, let replace):
      return notePathCompletions(prefix: prefix, replace: replace, from: path)
    case .markdownHeading(let target, _, let replace):
      let decoded = target.removingPercentEncodingIfValid
      let link = Link(kind: .markdown, range: 0..<0, target: decoded, targetRange: 0..<0)
      return headingCompletions(of: link, from: path, replace: replace, closing: "", bySlug: true)
    case .sourceHeading(let key, _, let replace):
      return sourceHeadingCompletions(key: key, replace: replace)
    case .highlight(let key, let prefix, let replace):
      return highlightCompletions(key: key, prefix: prefix, replace: replace)
    case .blockquoteHighlight(let prefix, let linePrefix, let citedKey, let replace):
      let keys =
        citedKey.map { [$0] } ?? (notes[path]?.citedKeys ?? NoteSummary.citedKeys(of: Note(parsing: bytes))).sorted()
      return blockquoteHighlightCompletions(
        keys: keys, prefix: prefix, linePrefix: citedKey == nil ? linePrefix : nil, replace: replace)
    }
  }

  /// `result` with the candidate for `current` first: the whole key or tag the edit replaces, when the cursor is inside
  /// one (text right of the cursor), so the list always holds the value already written even when it is capped.
  private func withCurrent(
    _ current: String, _ result: CompletionResult, prefix: String, kind: CompletionCandidate.Kind
  ) -> CompletionResult {
    guard current.utf8.count > prefix.utf8.count, let replace = result.items.first?.replaceRange else { return result }
    var result = result
    let lower = current.lowercased()
    if let index = result.items.firstIndex(where: {
      kind == .tag ? $0.label.lowercased() == lower : $0.label == current
    }) {
      var item = result.items.remove(at: index)
      if kind == .tag {
        // A tag keeps the spelling already written (tags compare case-insensitively).
        item.label = current
        item.newText = current
      }
      result.items.insert(item, at: 0)
    } else if let item = candidate(for: current, kind: kind, replace: replace) {
      result.items.insert(item, at: 0)
      if result.items.count > Self.completionLimit {
        result.items.removeLast()
        result.isIncomplete = true
      }
    }
    return result
  }

  /// `result` with, first, the sources holding the quotation that ends right before the `[@` being completed, each
  /// with the locator of the place filled in (`key, p. 4`).
  private func withQuotationPlaces(
    _ result: CompletionResult, in path: String, bytes: [UInt8], prefix: String, replace: Range<Int>
  ) -> CompletionResult {
    // The `[` before the `@` (or `-@`) being completed.
    var bracket = replace.lowerBound - 2
    if bracket >= 0, bracket < bytes.count, bytes[bracket] == UInt8(ascii: "-") { bracket -= 1 }
    guard bracket >= 0, bracket < bytes.count, bytes[bracket] == UInt8(ascii: "["),
      let words = (notes[path]?.note ?? Note(parsing: bytes)).quotation(beforeCitationAt: bracket, in: bytes)?.text
    else { return result }
    let lower = prefix.lowercased()
    let places = foundPlaces(words, limit: Self.citePlacesOffered).filter {
      ($0.key?.lowercased().hasPrefix(lower) ?? false) && $0.citationBody != nil
    }
    guard !places.isEmpty else { return result }
    var result = result
    let found = places.map { place in
      CompletionCandidate(
        kind: .source, label: place.citationBody ?? "", detail: "quotation found: \(place.path)",
        filterText: place.key, newText: place.citationBody ?? "", replaceRange: replace, sourceKey: place.key)
    }
    result.items.insert(contentsOf: found, at: 0)
    if result.items.count > Self.completionLimit {
      result.items.removeLast(result.items.count - Self.completionLimit)
      result.isIncomplete = true
    }
    return result
  }

  /// The source candidate for `current` alone, nil when no source has that key (a tag being typed is not added:
  /// the note's own use would make it look like an existing tag).
  private func candidate(for current: String, kind: CompletionCandidate.Kind, replace: Range<Int>)
    -> CompletionCandidate?
  {
    guard kind == .source, hasSource(current) else { return nil }
    return sourceCompletions(prefix: current, replace: replace).items.first { $0.label == current }
  }

  /// Builds what completion needs now (for a background queue after loading): copies of this workspace share it,
  /// also those made while it is being built, for the parts their changes leave as they are. Source keys first (what
  /// `@` and `[@` complete), then their ranking, then the note names (unless `notes` is false: a workspace holding
  /// the maps of its notes but not the notes themselves completes only keys).
  package func prepareCompletion(notes: Bool = true) {
    let index = sourceSearchIndex
    _ = completionCache.ranking { Self.citationRanking(of: index, citers: citers) }
    if notes { _ = completionCache.notes { NoteSearchIndex(self) } }
  }

  /// The keys' search index as kept between runs (the note image), built now when it is not yet.
  package func keyIndexToKeep() -> KeptKeyIndex {
    sourceSearchIndex.kept(fingerprint: SourceSearchIndex.inputsFingerprint(of: self))
  }

  /// Makes the keys' search index (copies of this workspace share it; a completion asked meanwhile waits for it):
  /// the one `kept` gives, when it was built from exactly what this state's sources give (its fingerprint is theirs),
  /// else built now. True when the kept one was taken; false also when the index was made already.
  @discardableResult
  package func prepareSourceSearch(kept: () -> KeptKeyIndex?) -> Bool {
    var taken = false
    _ = completionCache.sources {
      if let kept = kept(), let index = SourceSearchIndex(kept: kept, for: self) {
        taken = true
        return index
      }
      return SourceSearchIndex(self)
    }
    return taken
  }

  /// Builds the search index over the sources alone (for another core while the workspace is being loaded: copies of
  /// this workspace share it as long as their sources are these).
  package func prepareSourceSearch() {
    _ = sourceSearchIndex
  }

  /// Whether completion's source index is built for this state (tests and benchmarks).
  package var isSourceCompletionPrepared: Bool { completionCache.hasSources }

  /// Whether the ranking of the sources by citation count is built (tests).
  package var isSourceRankingPrepared: Bool { completionCache.hasRanking }

  /// The search index over the current sources, built on first use after they change.
  var sourceSearchIndex: SourceSearchIndex { completionCache.sources { SourceSearchIndex(self) } }

  /// Source keys whose key, author family name, year or title word starts with `prefix`, best match first, then
  /// most cited, then by key; capped at `completionLimit`.
  private func sourceCompletions(prefix: String, replace: Range<Int>) -> CompletionResult {
    let index = sourceSearchIndex
    if prefix.isEmpty {
      let ranking = completionCache.ranking { Self.citationRanking(of: index, citers: citers) }
      let items = ranking.prefix(Self.completionLimit).map { index.candidate(Int($0), replace: replace) }
      return CompletionResult(items: items, isIncomplete: ranking.count > items.count)
    }
    var ranked: [(quality: SourceSearchIndex.Quality, citations: Int, id: Int32)] = []
    for (id, quality) in index.matches(prefix) {
      ranked.append((quality, citers[index.keys[Int(id)]]?.count ?? 0, id))
    }
    let best = ranked.smallest(Self.completionLimit) { a, b in
      if a.quality != b.quality { return a.quality < b.quality }
      if a.citations != b.citations { return a.citations > b.citations }
      return a.id < b.id
    }
    let items = best.map { index.candidate(Int($0.id), replace: replace) }
    return CompletionResult(items: items, isIncomplete: ranked.count > items.count)
  }

  /// Every source id of `index`, most cited first (by number of citing notes), then by key.
  private static func citationRanking(of index: SourceSearchIndex, citers: [String: PathSet]) -> [Int32] {
    let counts = index.keys.map { citers[$0]?.count ?? 0 }
    return (0..<Int32(index.keys.count)).sorted { a, b in
      let (ca, cb) = (counts[Int(a)], counts[Int(b)])
      return ca != cb ? ca > cb : a < b
    }
  }

  /// Tags starting with `prefix` (case-insensitive; `topic/` lists its nested tags), most used first; the tag being
  /// typed counts only where it is used elsewhere.
  private func tagCompletions(prefix: String, replace: Range<Int>, in path: String) -> CompletionResult {
    let lower = prefix.lowercased()
    let typed = notes[path]?.note.tags.first { $0.range.lowerBound == replace.lowerBound }?.name.lowercased()
    var matches: [(tag: String, count: Int)] = []
    for (tag, uses) in tagUses where tag.hasPrefix(lower) {
      let count = tag == typed && uses[path] == 1 ? uses.count - 1 : uses.count
      if count > 0 { matches.append((tag, count)) }
    }
    let best = matches.smallest(Self.completionLimit) { a, b in a.count != b.count ? a.count > b.count : a.tag < b.tag }
    let items = best.map { match -> CompletionCandidate in
      let name = spelling(ofTag: match.tag, avoiding: match.tag == typed ? path : nil)
      return CompletionCandidate(
        kind: .tag, label: name, detail: match.count == 1 ? "1 note" : "\(match.count) notes", newText: name,
        replaceRange: replace)
    }
    return CompletionResult(items: items, isIncomplete: matches.count > items.count)
  }

  /// The tag as one of the notes using it writes it (tags compare case-insensitively; `lower` is lowercased).
  private func spelling(ofTag lower: String, avoiding path: String?) -> String {
    for notePath in tagUses[lower]?.paths ?? [] where notePath != path {
      if let use = notes[notePath]?.note.tags.first(where: { $0.name.lowercased() == lower }) { return use.name }
    }
    return lower
  }

  /// Notes whose title, alias, file name or path starts with `prefix` (or has a word starting with it), in title
  /// order, inserted by the shortest name that resolves to them alone.
  private func noteCompletions(prefix: String, replace: Range<Int>, closing: String) -> CompletionResult {
    let index = completionCache.notes { NoteSearchIndex(self) }
    var ids: [Int32]
    let total: Int
    if prefix.isEmpty {
      ids = Array((0..<Int32(min(index.paths.count, Self.completionLimit))))
      total = index.paths.count
    } else {
      let matches = index.matches(Array(prefix.lowercased().utf8))
      total = matches.count
      ids = matches.map { ($0.value, $0.key) }.smallest(Self.completionLimit) { $0 < $1 }.map(\.1)
    }
    ids = Array(ids.prefix(Self.completionLimit))
    let items = ids.compactMap { id -> CompletionCandidate? in
      let path = index.paths[Int(id)]
      guard let record = notes[path] else { return nil }
      let fileName = PathUtilities.removingNoteExtension(PathUtilities.fileName(path))
      let name =
        (notesByName[fileName.lowercased()]?.count ?? 0) == 1 ? fileName : PathUtilities.removingNoteExtension(path)
      let filter = ([record.title] + record.aliases + [fileName, path]).joined(separator: " ")
      return CompletionCandidate(
        kind: .note, label: record.title, detail: path, filterText: filter, newText: name + closing,
        replaceRange: replace)
    }
    return CompletionResult(items: items, isIncomplete: total > items.count)
  }

  /// The headings of the note `link` leads to from `path`: their text for wiki links, their slug for Markdown links.
  private func headingCompletions(
    of link: Link, from path: String, replace: Range<Int>, closing: String, bySlug: Bool
  ) -> CompletionResult {
    let target: String
    switch resolveTarget(of: link, from: path) {
    case .note(let notePath, _)?: target = notePath
    case .ambiguous(let paths)?: target = paths.first ?? path
    default: return .empty
    }
    guard let record = notes[target] else { return .empty }
    let items = record.note.headings.prefix(Self.completionLimit * 5).map { heading in
      CompletionCandidate(
        kind: .heading, label: heading.text, detail: String(repeating: "#", count: heading.level) + " " + record.title,
        filterText: bySlug ? heading.slug + " " + heading.text : heading.text,
        newText: (bySlug ? heading.slug : heading.text) + closing, replaceRange: replace)
    }
    return CompletionResult(items: Array(items), isIncomplete: false)
  }

  /// The headings of the text of the source `key`, inserted as their section number when they have one.
  private func sourceHeadingCompletions(key: String, replace: Range<Int>) -> CompletionResult {
    guard let source = source(forKey: key), let document = source.textDocument else { return .empty }
    let items = document.headings.prefix(Self.completionLimit * 5).map { heading in
      CompletionCandidate(
        kind: .sourceHeading, label: heading.text, detail: source.title.map { "\(key) — \($0)" } ?? key,
        filterText: heading.text + " " + heading.slug, newText: heading.number ?? heading.title,
        replaceRange: replace)
    }
    return CompletionResult(items: Array(items), isIncomplete: false)
  }
}

extension Array {
  /// The `limit` smallest elements by `areInIncreasingOrder`, sorted, without sorting the whole array.
  func smallest(_ limit: Int, by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
    guard count > limit * 4 else { return Array(sorted(by: areInIncreasingOrder).prefix(limit)) }
    var best: [Element] = []
    best.reserveCapacity(limit + 1)
    for element in self {
      if best.count == limit, let last = best.last, !areInIncreasingOrder(element, last) { continue }
      best.insert(element, at: best.partitioningIndex { !areInIncreasingOrder($0, element) })
      if best.count > limit { best.removeLast() }
    }
    return best
  }
}

extension String {
  /// The string with `%XX` escapes decoded, or itself when they do not form valid UTF-8.
  var removingPercentEncodingIfValid: String {
    guard utf8.contains(0x25) else { return self }
    var out: [UInt8] = []
    let bytes = Array(utf8)
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x25, index + 2 < bytes.count,
        let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
      {
        out.append(value)
        index += 3
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return String(validating: out, as: UTF8.self) ?? self
  }
}

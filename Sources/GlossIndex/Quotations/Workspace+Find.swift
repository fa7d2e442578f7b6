import GlossSyntax

/// One place a search found (or the closest to what it looked for), with the citation a note would need for it.
package struct FoundPlace: Hashable, Sendable {
  /// The root-relative path of the file.
  package var path: String
  /// The range in the file's bytes.
  package var fileRange: Range<Int>
  /// The file's lines (1-based, inclusive) it spans.
  package var lines: ClosedRange<Int>
  /// The key that cites the source (nil for a note).
  package var key: String?
  /// The locator that resolves to the place: `p. 4` (`pp. 4-5`) where the source has pages, else `l. 40`
  /// (`ll. 40-41`); nil for a note.
  package var locator: String?
  /// The place's words on one line, with some words around them (`…` where cut).
  package var context: String
  /// How alike the place is to the phrase (1 when it is the phrase).
  package var likeness: Double

  /// `[@key, p. 4]`, nil for a note.
  package var citation: String? {
    guard let key else { return nil }
    return locator.map { "[@\(key), \($0)]" } ?? "[@\(key)]"
  }

  /// What goes inside the brackets: `key, p. 4`.
  package var citationBody: String? {
    guard let key else { return nil }
    return locator.map { "\(key), \($0)" } ?? key
  }

  /// How alike, as a whole percentage (never 100 for a place that is not the phrase).
  package var percentAlike: Int {
    let percent = Int((likeness * 100).rounded())
    return likeness >= 1 ? 100 : min(99, max(0, percent))
  }
}

/// What a search answers: every place the phrase occurs, or when it occurs nowhere the closest passages.
package struct FindResult: Hashable, Sendable {
  /// Where the phrase occurs, in path order.
  package var places: [FoundPlace] = []
  /// When it occurs nowhere: the passages most like it, most alike first.
  package var closest: [FoundPlace] = []

  /// True when the phrase was found.
  package var isFound: Bool { !places.isEmpty }
}

/// Search over the text of every source (SPEC §5 `gloss.find`): the phrase normalised as quotations are (white
/// space and line breaks, quote and dash styles, soft hyphens, ligatures, NFC) and compared without case.
extension Workspace {
  /// The places where `phrase` occurs in the sources' text, at most `limit`, in path order; when it occurs nowhere,
  /// the closest passages with how alike they are.
  package func find(_ phrase: String, limit: Int = 50) -> FindResult {
    let folded = CaseFolding.folded(phrase)
    let cache = textSearchCache
    let entries = cache.entries(for: sourceDocuments, provider: sourceTextProvider)
    let probe = PhraseProbe(folded, lexicon: cache.lexicon)
    var result = FindResult()
    guard limit > 0, !probe.hashes.isEmpty || probe.hasUnknownToken else { return result }
    if !probe.hasUnknownToken {
      let candidates = entries.filter { $0.value.filter.mayContain(probe) }.keys.sorted { $0.utf8Precedes($1) }
      for path in candidates where result.places.count < limit {
        guard let entry = entries[path], let record = sourceDocuments[path],
          let document = Self.withText(record.document, at: path, provider: sourceTextProvider)
        else { continue }
        let index = entry.index(of: document.text, lexicon: cache.lexicon)
        for range in index.occurrences(of: folded, limit: limit - result.places.count) {
          result.places.append(place(range, in: record.path, document: document, likeness: 1))
        }
      }
    }
    if result.places.isEmpty { result.closest = closestPlaces(folded, probe: probe, entries: entries, limit: limit) }
    return result
  }

  /// The passages most like `folded` in the sources whose filters hold most of its pairs.
  private func closestPlaces(
    _ folded: String, probe: PhraseProbe, entries: [String: SourceTextSearchEntry], limit: Int
  ) -> [FoundPlace] {
    guard !probe.hashes.isEmpty else { return [] }
    let least = max(1, probe.hashes.count / 3)
    var ranked: [(path: String, hits: Int)] = []
    for (path, entry) in entries {
      let hits = entry.filter.hits(probe)
      if hits >= least { ranked.append((path, hits)) }
    }
    ranked.sort { $0.hits != $1.hits ? $0.hits > $1.hits : $0.path.utf8Precedes($1.path) }
    let lexicon = textSearchCache.lexicon
    // A source holding the phrase but for a changed word holds nearly all its pairs; one holding three quarters as
    // many as the best or fewer is not worth indexing.
    let best = ranked.first?.hits ?? 0
    let tried = ranked.prefix { 4 * $0.hits >= 3 * best }.prefix(Self.closestSourcesTried)
    // On this thread: a few small texts take less than handing them to other threads would.
    let places = tried.compactMap { candidate -> FoundPlace? in
      guard let entry = entries[candidate.path], let record = sourceDocuments[candidate.path],
        let document = Self.withText(record.document, at: candidate.path, provider: sourceTextProvider)
      else { return nil }
      let index = entry.index(of: document.text, lexicon: lexicon)
      guard case .notFound(let range?, let similarity) = index.match(folded), similarity >= Self.leastSimilarity
      else { return nil }
      return place(range, in: record.path, document: document, likeness: similarity)
    }.sorted {
      $0.likeness != $1.likeness ? $0.likeness > $1.likeness : $0.path.utf8Precedes($1.path)
    }
    return Array(places.prefix(min(limit, Self.closestPlacesShown)))
  }

  /// Bytes the search over the sources' text holds (0 before the first search), for memory reports.
  package var textSearchByteCount: Int { textSearchCache.byteCount }

  /// How many sources (those holding most of the phrase's pairs) are searched for the closest passage.
  static let closestSourcesTried = 4
  /// How many closest passages a search answers at most.
  static let closestPlacesShown = 5

  /// Every occurrence of `phrase` in the notes whose texts are given (by path), at most `limit`, in path order.
  /// Notes are indexed for this search only: they change as they are typed.
  package static func find(_ phrase: String, inNotes texts: [String: [UInt8]], limit: Int = 50) -> [FoundPlace] {
    let folded = CaseFolding.folded(phrase)
    let paths = texts.keys.sorted { $0.utf8Precedes($1) }
    let lexicon = QuoteLexicon()
    let found = ParallelWork.map(count: paths.count) { k -> [FoundPlace] in
      guard let bytes = texts[paths[k]] else { return [] }
      let index = QuoteIndex(text: CaseFolding.folded(bytes), lexicon: lexicon)
      let ranges = index.occurrences(of: folded, limit: limit)
      guard !ranges.isEmpty else { return [] }
      let text = SourceText(bytes: bytes)
      return ranges.map { range in
        FoundPlace(
          path: paths[k], fileRange: range, lines: lines(of: range, in: text), key: nil, locator: nil,
          context: context(of: range, in: bytes), likeness: 1)
      }
    }
    return Array(found.joined().prefix(limit))
  }

  /// The place `textRange` of the text of the source document at `path` (`document`, with its text), with its
  /// citation.
  func place(_ textRange: Range<Int>, in path: String, document: SourceDocument, likeness: Double) -> FoundPlace {
    let lines = Self.fileLines(of: textRange, in: document) ?? 1...1
    let key = sourceDocuments[path].map { citingKey(of: $0) }
    return FoundPlace(
      path: path, fileRange: document.fileRange(ofText: textRange), lines: lines,
      key: key, locator: Self.locator(of: textRange, lines: lines, in: document),
      context: Self.context(of: textRange, in: document.text), likeness: likeness)
  }

  /// The key that gives `record` its text when cited: that of a bibliography entry naming it in `file` (the entry
  /// has the metadata), else its own.
  func citingKey(of record: SourceDocumentRecord) -> String {
    for key in (entriesByFile[record.path] ?? []).sorted() where textPath(forKey: key) == record.path { return key }
    return record.key
  }

  /// `p. 4` / `pp. 4-5` when the text has pages, else `l. 40` / `ll. 40-41`.
  static func locator(of textRange: Range<Int>, lines: ClosedRange<Int>, in document: SourceDocument) -> String {
    if document.pageCount > 1 {
      let first = page(containing: textRange.lowerBound, in: document)
      let last = page(containing: max(textRange.lowerBound, textRange.upperBound - 1), in: document)
      return first == last ? "p. \(first)" : "pp. \(first)-\(last)"
    }
    return lines.count == 1 ? "l. \(lines.lowerBound)" : "ll. \(lines.lowerBound)-\(lines.upperBound)"
  }

  /// The 1-based page holding text offset `offset`.
  private static func page(containing offset: Int, in document: SourceDocument) -> Int {
    var low = 0
    var high = document.pageStarts.count
    while low < high {
      let mid = (low + high) / 2
      if document.pageStarts[mid] <= offset { low = mid + 1 } else { high = mid }
    }
    return max(1, low)
  }

  /// The 1-based lines of a range of a note's text.
  private static func lines(of range: Range<Int>, in text: SourceText) -> ClosedRange<Int> {
    let first = text.position(of: range.lowerBound, in: .utf8).line + 1
    let last = text.position(of: max(range.lowerBound, range.upperBound - 1), in: .utf8).line + 1
    return first...max(first, last)
  }

  /// The words of `range` with up to `contextBytes` of words on each side, on one line, `…` where cut.
  static func context(of range: Range<Int>, in text: [UInt8]) -> String {
    var lower = max(0, range.lowerBound - contextBytes)
    var upper = min(text.count, range.upperBound + contextBytes)
    // Whole words and whole characters: back up to white space (or the start), forward to white space (or the end).
    func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 || b == 0x0C }
    while lower > 0, lower < range.lowerBound, !isSpace(text[lower - 1]) { lower += 1 }
    while upper < text.count, upper > range.upperBound, !isSpace(text[upper]) { upper -= 1 }
    // Text without spaces (Chinese, Japanese): a few characters on each side, cut between characters.
    if lower == range.lowerBound, lower > 0 {
      lower = max(0, range.lowerBound - contextBytes / 2)
      while lower < range.lowerBound, text[lower] & 0xC0 == 0x80 { lower += 1 }
    }
    if upper == range.upperBound, upper < text.count {
      upper = min(text.count, range.upperBound + contextBytes / 2)
      while upper > range.upperBound, upper < text.count, text[upper] & 0xC0 == 0x80 { upper -= 1 }
    }
    let words = QuoteIndex.words(in: lower..<upper, of: text)
    return (lower > 0 ? "…" : "") + words + (upper < text.count ? "…" : "")
  }

  /// Bytes of context on each side of a place.
  static let contextBytes = 40
}

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

/// Search over the text of every source (docs/commands.md, `gloss.find`): the phrase normalised as quotations are
/// (white space and line breaks, quote and dash styles, soft hyphens, ligatures, NFC) and compared without case.
///
/// Every source's folded text is cut into chunks of about a thousand tokens, each with a filter of its token pairs,
/// all stacked in one bit-sliced matrix (`SourceTextSearch`): a phrase's pairs are tested against every chunk of the
/// workspace at once, and only the chunks that may hold it (or, when none does, that hold most of its pairs) are
/// indexed and searched.
extension Workspace {
  /// The places where `phrase` occurs in the sources' text, at most `limit`, in path order; when it occurs nowhere,
  /// the closest passages with how alike they are. Builds what the search is missing (on all cores): for the
  /// command line and tests; the server's loop uses `findIfPrepared`.
  package func find(_ phrase: String, limit: Int = 50) -> FindResult {
    let search = textSearchCache.search(
      for: sourceDocuments, provider: sourceTextProvider, need: .whole(onAllCores: true))
    return search.map { find(phrase, limit: limit, in: $0) } ?? FindResult()
  }

  /// As `find`, for a request on the server's loop: the search of an earlier state is brought up to date (work
  /// proportional to the sources changed since), but the whole search is never built here (only a small
  /// workspace's): nil while it is still to be built (`prepareFind` builds it in the background).
  package func findIfPrepared(_ phrase: String, limit: Int = 50) -> FindResult? {
    let search = textSearchCache.search(
      for: sourceDocuments, provider: sourceTextProvider,
      need: .interactive(changedBytesAllowed: Self.loopIndexingBytes))
    return search.map { find(phrase, limit: limit, in: $0) }
  }

  /// The places of `phrase` (or the closest passages) in `search`.
  private func find(_ phrase: String, limit: Int, in search: SourceTextSearch) -> FindResult {
    let folded = SpelledQuotation(CaseFolding.folded(phrase))
    let probe = SignatureProbe(folded)
    var result = FindResult()
    guard limit > 0, !probe.isEmpty else { return result }
    // The chunks indexed to look for the phrase, kept for the closest passages (often the same chunks).
    var indexes = ChunkIndexes()
    result.places =
      probe.pieces.count == 1
      ? placesInChunks(folded, probe: probe, search: search, limit: limit, indexes: &indexes)
      : placesInDocuments(folded, probe: probe, search: search, limit: limit)
    if result.places.isEmpty {
      result.closest = closestPlaces(folded, probe: probe, search: search, limit: limit, indexes: &indexes)
    }
    return result
  }

  /// The places where `phrase` occurs, for requests a keystroke or a cursor move sends (completion, code actions):
  /// never the closest passages, none while the search is still to be built for most sources (`prepareFind` builds
  /// it in the background after loading), so that such a request never waits seconds, and none when more than
  /// `interactiveCandidates` sources may hold it.
  package func foundPlaces(_ phrase: String, limit: Int) -> [FoundPlace] {
    let folded = SpelledQuotation(CaseFolding.folded(phrase))
    let probe = SignatureProbe(folded)
    guard limit > 0, !probe.isEmpty,
      let search = textSearchCache.search(
        for: sourceDocuments, provider: sourceTextProvider,
        need: .interactive(changedBytesAllowed: Self.interactiveIndexingBytes))
    else { return [] }
    var indexes = ChunkIndexes()
    return probe.pieces.count == 1
      ? placesInChunks(
        folded, probe: probe, search: search, limit: limit, indexes: &indexes,
        sourcesAllowed: Self.interactiveCandidates)
      : placesInDocuments(
        folded, probe: probe, search: search, limit: limit, sourcesAllowed: Self.interactiveCandidates)
  }

  /// How many bytes of changed source text a completion or code action may sign itself (the sources edited since
  /// the last build); beyond that it answers without the search until the background preparation is done.
  static let interactiveIndexingBytes = 4 << 20
  /// How many bytes of changed source text a search on the server's loop may sign itself.
  static let loopIndexingBytes = 32 << 20
  /// How many sources a completion or code action may search: a quotation that many sources may hold (a few common
  /// words, or a short CJK phrase) is not worth citing from where it is found, and searching them all takes tens of
  /// milliseconds a keystroke.
  static let interactiveCandidates = 16

  /// Whether the search over the sources' text of this state is built (or being built): when not, the server has
  /// `prepareFind` run in the background.
  package var isFindPrepared: Bool { textSearchCache.isBuiltOrBuilding }

  /// Where a phrase of one piece occurs: the runs of chunks that may hold it, each indexed with the chunks it may
  /// reach into; none when more than `sourcesAllowed` sources may hold it.
  private func placesInChunks(
    _ folded: SpelledQuotation, probe: SignatureProbe, search: SourceTextSearch, limit: Int,
    indexes: inout ChunkIndexes,
    sourcesAllowed: Int = .max
  ) -> [FoundPlace] {
    let piece = probe.pieces[0]
    let reach = SignatureMatrix.reach(ofTokens: piece.tokenCount)
    // The runs of candidate chunks of each document, in path order (a changed document's columns may have moved to
    // the end of the matrix).
    var runs: [(slot: Int, chunks: ClosedRange<Int>)] = []
    for column in search.matrix.columns(holdingAll: piece.hashes, reach: reach) {
      guard let (slot, chunk) = search.owner(ofColumn: column) else { continue }
      if let last = runs.last, last.slot == slot, last.chunks.upperBound + 1 == chunk {
        runs[runs.count - 1].chunks = last.chunks.lowerBound...chunk
      } else {
        runs.append((slot, chunk...chunk))
      }
    }
    if sourcesAllowed < .max, Set(runs.map(\.slot)).count > sourcesAllowed { return [] }
    runs.sort {
      $0.slot == $1.slot
        ? $0.chunks.lowerBound < $1.chunks.lowerBound
        : search.slots[$0.slot].path.utf8Precedes(search.slots[$1.slot].path)
    }
    var places: [FoundPlace] = []
    for (slot, chunks) in runs where places.count < limit {
      let signature = search.slots[slot].signature
      guard let record = recordWithText(at: search.slots[slot].path) else { continue }
      // Occurrences must start in the run; they may end in the chunks it reaches into.
      let startsBefore =
        chunks.upperBound + 1 < signature.chunkCount ? signature.chunkStarts[chunks.upperBound + 1] : Int.max
      let (index, offset) = indexes.index(
        of: record.document.text, slot: slot, signature, chunks: chunks.lowerBound..<(chunks.upperBound + 1 + reach))
      for range in index.occurrences(of: folded, limit: limit - places.count)
      where range.lowerBound + offset < startsBefore {
        places.append(place((range.lowerBound + offset)..<(range.upperBound + offset), in: record, likeness: 1))
      }
    }
    return places
  }

  /// Where a phrase of several pieces (between ellipses, which may skip any length of text) occurs: the documents
  /// in which every piece may occur, each indexed whole; none when more than `sourcesAllowed` may.
  private func placesInDocuments(
    _ folded: SpelledQuotation, probe: SignatureProbe, search: SourceTextSearch, limit: Int, sourcesAllowed: Int = .max
  ) -> [FoundPlace] {
    var documents: Set<Int>?
    for piece in probe.pieces where !piece.hashes.isEmpty {
      let columns = search.matrix.columns(
        holdingAll: piece.hashes, reach: SignatureMatrix.reach(ofTokens: piece.tokenCount))
      let holding = Set(columns.compactMap { search.owner(ofColumn: $0)?.slot })
      documents = documents.map { $0.intersection(holding) } ?? holding
    }
    guard (documents?.count ?? 0) <= sourcesAllowed else { return [] }
    var places: [FoundPlace] = []
    let paths = (documents ?? []).map { search.slots[$0].path }.sorted { $0.utf8Precedes($1) }
    for path in paths where places.count < limit {
      guard let record = recordWithText(at: path) else { continue }
      let index = QuoteIndex(text: CaseFolding.folded(record.document.text))
      for range in index.occurrences(of: folded, limit: limit - places.count) {
        places.append(place(range, in: record, likeness: 1))
      }
    }
    return places
  }

  /// The indexes of runs of chunks built during one search: a run indexed to look for the phrase is the one a
  /// closest passage is then looked for in, when the phrase is not found (an index is the same whoever asks).
  struct ChunkIndexes {
    private var built: [ChunkRun: QuoteIndex] = [:]

    /// A document's (by its slot) bytes.
    private struct ChunkRun: Hashable {
      var slot: Int
      var bytes: Range<Int>
    }

    /// The index of chunks `chunks` of a document's text (its slot `slot`, its signature `signature`),
    /// case-folded, and the offset in the text where the indexed bytes start; built once per search.
    mutating func index(
      of text: [UInt8], slot: Int, _ signature: TextSignature, chunks: Range<Int>
    ) -> (QuoteIndex, Int) {
      let start = chunks.lowerBound < signature.chunkCount ? signature.chunkStarts[chunks.lowerBound] : text.count
      let end = max(
        start, chunks.upperBound < signature.chunkCount ? signature.chunkStarts[chunks.upperBound] : text.count)
      let run = ChunkRun(slot: slot, bytes: start..<end)
      if let index = built[run] { return (index, start) }
      // The document's page furniture, found in its whole text when it was signed.
      let clipped = signature.furniture.compactMap { range -> Range<Int>? in
        let lower = max(range.lowerBound, start)
        let upper = min(range.upperBound, end)
        return lower < upper ? (lower - start)..<(upper - start) : nil
      }
      let index = QuoteIndex(text: CaseFolding.folded(Array(text[start..<end])), furniture: clipped)
      built[run] = index
      return (index, start)
    }
  }

  /// The passages most like `folded` (tokenised once): in the chunks holding most of its pairs, one place per document.
  private func closestPlaces(
    _ folded: SpelledQuotation, probe: SignatureProbe, search: SourceTextSearch, limit: Int, indexes: inout ChunkIndexes
  ) -> [FoundPlace] {
    // A long phrase (thirty words of Chinese are a thousand entries) is ranked by an even sample of its entries:
    // a chunk holding the passage holds nearly all of any sample, and counting each entry reads the whole matrix.
    let all = probe.allHashes
    let hashes =
      all.count <= Self.closestRankingEntries
      ? all : (0..<Self.closestRankingEntries).map { all[$0 * all.count / Self.closestRankingEntries] }
    guard !hashes.isEmpty else { return [] }
    let tokenCount = min(QuoteIndex.closestTokenLimit, probe.pieces.reduce(0) { $0 + $1.tokenCount })
    let reach = SignatureMatrix.reach(ofTokens: tokenCount)
    let counts = search.matrix.hitCounts(hashes, reach: reach)
    // A chunk holding the phrase but for a changed word holds nearly all its entries; one holding three quarters
    // as many as the best or fewer is not worth indexing.
    let least = max(1, hashes.count / 3)
    let best = counts.max() ?? 0
    guard best >= least else { return [] }
    // Only the few columns near the best are sorted (sorting them all was a quarter of a search's time); ties go
    // in path order, wherever a document's columns are.
    let threshold = max(least, (3 * best + 3) / 4)
    var ranked = counts.indices.filter { counts[$0] >= threshold }.compactMap { column in
      search.owner(ofColumn: column).map { (count: counts[column], slot: $0.slot, chunk: $0.chunk) }
    }
    ranked.sort {
      if $0.count != $1.count { return $0.count > $1.count }
      if $0.slot != $1.slot { return search.slots[$0.slot].path.utf8Precedes(search.slots[$1.slot].path) }
      return $0.chunk < $1.chunk
    }
    var tried: [(slot: Int, chunk: Int)] = []
    for candidate in ranked where tried.count < Self.closestSourcesTried {
      if !tried.contains(where: { $0.slot == candidate.slot }) { tried.append((candidate.slot, candidate.chunk)) }
    }
    var places: [FoundPlace] = []
    for (slot, chunk) in tried {
      guard let record = recordWithText(at: search.slots[slot].path) else { continue }
      let (index, offset) = indexes.index(
        of: record.document.text, slot: slot, search.slots[slot].signature, chunks: chunk..<(chunk + 1 + reach))
      guard case .notFound(let range?, let similarity) = index.match(folded, leastSimilarity: Self.leastSimilarity),
        similarity >= Self.leastSimilarity
      else { continue }
      places.append(place((range.lowerBound + offset)..<(range.upperBound + offset), in: record, likeness: similarity))
    }
    places.sort { $0.likeness != $1.likeness ? $0.likeness > $1.likeness : $0.path.utf8Precedes($1.path) }
    return Array(places.prefix(min(limit, Self.closestPlacesShown)))
  }

  /// Builds the search over the sources' text of this state on this thread (a background one, after loading or
  /// after sources change), so that no search on the loop pays for it: it waits for a build under way, brings an
  /// earlier state's search up to date or builds it whole, then compacts it when changed documents left a quarter
  /// of its columns cleared. Copies of this workspace share it.
  package func prepareFind() {
    findPreparation.run()
  }

  /// What building this state's search over the sources' text needs (`prepareFind`), without the rest of the state:
  /// a background thread holding the whole state would hold its notes too, and the loop's next change to a note would
  /// then copy every note (a tenth of a second on 50,000 notes) rather than change one.
  package var findPreparation: FindPreparationWork {
    FindPreparationWork(cache: textSearchCache, documents: sourceDocuments, provider: sourceTextProvider)
  }

  /// The record of the source document at `path` with its text (read again when it was released); nil when there is
  /// none or its file no longer holds the text indexed.
  private func recordWithText(at path: String) -> SourceDocumentRecord? {
    guard var record = sourceDocuments[path], let document = textDocument(at: path) else { return nil }
    record.document = document
    return record
  }

  /// Whether this state's search over the sources' text was built whole rather than brought up to date from an
  /// earlier state's (nil before it is built).
  package var textSearchWasBuiltWhole: Bool? { textSearchCache.builtWhole }

  /// Each source document's chunk filters as the search over the sources' text holds them (for tests).
  package var textSearchFilters: [String: [[UInt64]]] { textSearchCache.filters }

  /// Bytes the search over the sources' text holds (0 before the first search), for memory reports.
  package var textSearchByteCount: Int { textSearchCache.byteCount }

  /// How many of a phrase's entries rank the chunks for its closest passage at most.
  static let closestRankingEntries = 256
  /// How many sources (those whose chunks hold most of the phrase's pairs) are searched for the closest passage.
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

  /// The place `textRange` of a source document's text, with its citation.
  func place(_ textRange: Range<Int>, in record: SourceDocumentRecord, likeness: Double) -> FoundPlace {
    let document = record.document
    let lines = Self.fileLines(of: textRange, in: document) ?? 1...1
    let key = citingKey(of: record)
    // Pages as printed (a journal article's PDF starting at page 213, a thesis's `xii`), as a note cites them.
    let pages = document.pageCount > 1 ? printedPages(forKey: key, document: document) : .offset(0)
    let printed: (Int) -> String =
      switch pages {
      case .offset(let offset): { String($0 + offset) }
      case .labels(let labels): { labels.label(ofPage: $0) }
      }
    return FoundPlace(
      path: record.path, fileRange: document.fileRange(ofText: textRange), lines: lines,
      key: key, locator: Self.locator(of: textRange, lines: lines, in: document, printed: printed),
      context: Self.context(of: textRange, in: document.text), likeness: likeness)
  }

  /// The key that gives `record` its text when cited: that of a bibliography entry naming it in `file` (the entry
  /// has the metadata), else its own.
  func citingKey(of record: SourceDocumentRecord) -> String {
    for key in (entriesByFile[record.path] ?? []).sorted() where textPath(forKey: key) == record.path { return key }
    return record.key
  }

  /// `p. 4` / `pp. 4-5` when the text has pages (numbered as printed: `printed` gives the number of a text page),
  /// else `l. 40` / `ll. 40-41`.
  static func locator(
    of textRange: Range<Int>, lines: ClosedRange<Int>, in document: SourceDocument,
    printed: (Int) -> String = { String($0) }
  ) -> String {
    if document.pageCount > 1 {
      let first = page(containing: textRange.lowerBound, in: document)
      let last = page(containing: max(textRange.lowerBound, textRange.upperBound - 1), in: document)
      return first == last ? "p. \(printed(first))" : "pp. \(printed(first))-\(printed(last))"
    }
    return lines.count == 1 ? "l. \(lines.lowerBound)" : "ll. \(lines.lowerBound)-\(lines.upperBound)"
  }

  /// The 1-based page holding text offset `offset`.
  private static func page(containing offset: Int, in document: SourceDocument) -> Int {
    max(1, document.pageStarts.partitioningIndex { $0 > offset })
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
    // Across a page break, without the running heads, footers and page numbers.
    var words = QuoteIndex.words(in: lower..<upper, of: text)
    if text[lower..<upper].contains(0x0C) {
      let window = lower..<upper
      let masked = PageFurniture.ranges(in: text).compactMap { range -> Range<Int>? in
        let clipped = range.clamped(to: window)
        return clipped.isEmpty ? nil : (clipped.lowerBound - lower)..<(clipped.upperBound - lower)
      }
      let bytes = PageFurniture.masking(masked, in: Array(text[window]))
      words = QuoteIndex.words(in: 0..<bytes.count, of: bytes)
    }
    return (lower > 0 ? "…" : "") + words + (upper < text.count ? "…" : "")
  }

  /// Bytes of context on each side of a place.
  static let contextBytes = 40
}

/// The building of one state's search over the sources' text (`Workspace.findPreparation`), to run on any thread:
/// the state's copies share the search it builds.
package struct FindPreparationWork: Sendable {
  fileprivate let cache: SourceTextSearchCache
  fileprivate let documents: [String: SourceDocumentRecord]
  fileprivate let provider: SourceTextProvider?

  /// Waits for a build under way, brings an earlier state's search up to date or builds it whole, then compacts it
  /// when changed documents left a quarter of its columns cleared.
  package func run() {
    _ = cache.search(for: documents, provider: provider, need: .whole(onAllCores: false))
    cache.compactIfNeeded()
  }
}

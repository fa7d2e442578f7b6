import GlossMatching
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
    return search.map { finder($0).find(phrase, limit: limit) } ?? FindResult()
  }

  /// As `find`, for a request on the server's loop: the search of an earlier state is brought up to date (work
  /// proportional to the sources changed since), but the whole search is never built here (only a small
  /// workspace's): nil while it is still to be built (`prepareFind` builds it in the background).
  package func findIfPrepared(_ phrase: String, limit: Int = 50) -> FindResult? {
    let search = textSearchCache.search(
      for: sourceDocuments, provider: sourceTextProvider,
      need: .interactive(changedBytesAllowed: Self.loopIndexingBytes))
    return search.map { finder($0).find(phrase, limit: limit) }
  }

  /// The places where `phrase` occurs, for requests a keystroke or a cursor move sends (completion, code actions):
  /// never the closest passages, none while the search is still to be built for most sources (`prepareFind` builds
  /// it in the background after loading), so that such a request never waits seconds, and none when more than
  /// `interactiveCandidates` sources may hold it.
  package func foundPlaces(_ phrase: String, limit: Int) -> [FoundPlace] {
    guard limit > 0, !SignatureProbe(SpelledQuotation(CaseFolding.folded(phrase))).isEmpty,
      let search = textSearchCache.search(
        for: sourceDocuments, provider: sourceTextProvider,
        need: .interactive(changedBytesAllowed: Self.interactiveIndexingBytes))
    else { return [] }
    return finder(search).foundPlaces(phrase, limit: limit, sourcesAllowed: Self.interactiveCandidates)
  }

  /// The search over `search` reading this state's sources (a released text read again once per search).
  private func finder(_ search: SourceTextSearch) -> SourceFinder {
    var records: [String: SourceDocumentRecord?] = [:]
    let record = { (path: String) -> SourceDocumentRecord? in
      if let known = records[path] { return known }
      let found = recordWithText(at: path)
      records[path] = found
      return found
    }
    return SourceFinder(
      search: search, text: { record($0)?.document.text }, record: record,
      place: { place($0, in: $1, likeness: $2) })
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

  /// Whether the search over the sources' text of this state is built: `foundPlaces` answers from it.
  package var isFindBuilt: Bool { textSearchCache.isBuilt }

  /// Takes the search `kept` holds (`gloss find`'s image, kept between runs) as this state's search over the sources'
  /// text, when it was made from exactly these source documents: the same paths, each text of the same length (the
  /// caller has checked that every source's file, and the extraction cache's entries, are as they were when it was
  /// made), and no search is built or being built yet. A restart then signs no source again (seconds of a core on a
  /// large workspace) and answers `gloss.find` at once. True when taken.
  @discardableResult
  package func adoptTextSearch(_ kept: DetachedFind) -> Bool {
    guard let search = kept.search(for: sourceDocuments) else { return false }
    return textSearchCache.adopt(search)
  }

  /// Offers the search `kept` reads (`gloss find`'s image, kept between runs) to the first build of this state's
  /// search over the sources' text, whichever asks first (the background preparation, the writer of the find image,
  /// a search of a small workspace). `kept` gives the image's search with the sources changed since it was made
  /// (edited, added, removed: their files' stamps differ), or nothing when it cannot be used. It is taken when it was
  /// made from exactly these source documents but for those (the same paths, each text of the same length), and only
  /// those are signed again; else the search is built whole. `taken` is told how many sources were signed again, nil
  /// when the image's search was not taken. A restart then signs no source again (seconds of a core on a large
  /// workspace), or only those that changed.
  package func offerKeptTextSearch(
    _ kept: @escaping @Sendable () -> (find: DetachedFind, changed: Set<String>)?,
    taken: @escaping @Sendable (_ signedAgain: Int?) -> Void
  ) {
    textSearchCache.offer { documents in
      guard let (find, changed) = kept() else { return nil }
      let search = find.search(for: documents, except: changed)
      taken(search == nil ? nil : changed.count)
      return search.map { ($0, changed) }
    }
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
    let key = citingKey(of: record)
    // Pages as printed (a journal article's PDF starting at page 213, a thesis's `xii`), as a note cites them.
    let pages = record.document.pageCount > 1 ? printedPages(forKey: key, document: record.document) : .offset(0)
    return Self.place(textRange, in: record, key: key, printed: pages, likeness: likeness)
  }

  /// The place `textRange` of a source document's text, cited with `key`, its pages printed as `pages` says.
  static func place(
    _ textRange: Range<Int>, in record: SourceDocumentRecord, key: String, printed pages: PrintedPages,
    likeness: Double
  ) -> FoundPlace {
    let document = record.document
    let lines = fileLines(of: textRange, in: document) ?? 1...1
    let printed: (Int) -> String =
      switch pages {
      case .offset(let offset): { String($0 + offset) }
      case .labels(let labels): { labels.label(ofPage: $0) }
      }
    return FoundPlace(
      path: record.path, fileRange: document.fileRange(ofText: textRange), lines: lines,
      key: key, locator: locator(of: textRange, lines: lines, in: document, printed: printed),
      context: context(of: textRange, in: document.text), likeness: likeness)
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

import GlossSyntax

/// Quotation checks (SPEC §3.3): each attributed quotation against the text of its citation item's source, within
/// the locator's passage when it resolves; results cached per note by what they depend on.
extension Workspace {
  /// The check of the quotation at `offset` in the note at `path` (inside its words, or on its citation item), or
  /// nil when there is none to check (no quotation there, checks off, no source or no text). For hover.
  package func quotationCheck(at offset: Int, in path: String) -> QuoteCheck? {
    guard config.quoteCheck, let record = notes[path] else { return nil }
    let citations = record.note.citations
    let hit =
      record.quotations.first { $0.range.contains(offset) || $0.range.upperBound == offset }
      ?? record.quotations.first { quotation in
        guard quotation.citationIndex < citations.count,
          quotation.itemIndex < citations[quotation.citationIndex].items.count
        else { return false }
        return citations[quotation.citationIndex].items[quotation.itemIndex].range.contains(offset)
      }
    guard let quotation = hit, let checkKey = quoteCheckKey(quotation, in: record) else { return nil }
    return quotes.checks[path]?[checkKey] ?? computeQuoteCheck(checkKey)
  }

  /// The checks of the quotations attributed to item `itemIndex` of citation `citationIndex` in the note at `path`
  /// (usually one), in note order; empty when checks are off or there is nothing to check. For citation hover.
  package func quotationChecks(in path: String, citationIndex: Int, itemIndex: Int) -> [QuoteCheck] {
    guard config.quoteCheck, let record = notes[path] else { return [] }
    return record.quotations.compactMap { quotation in
      guard quotation.citationIndex == citationIndex, quotation.itemIndex == itemIndex,
        let checkKey = quoteCheckKey(quotation, in: record)
      else { return nil }
      return quotes.checks[path]?[checkKey] ?? computeQuoteCheck(checkKey)
    }
  }

  /// The "replace with the source's words" fix of a `quote-mismatch` diagnostic: the quotation's range and the
  /// source's words at the closest passage; nil for other diagnostics or when nothing in the source is alike.
  package func quoteFix(for diagnostic: Diagnostic) -> QuoteFix? {
    guard diagnostic.code == DiagnosticCode.quoteMismatch,
      case .quoteMismatch(_, _, let words?) = diagnostic.related, !words.isEmpty
    else { return nil }
    return QuoteFix(path: diagnostic.path, range: diagnostic.range, newText: words)
  }

  /// The `quote-mismatch` and `no-text` diagnostics of a note's quotations (none when `quoteCheck` is off).
  func quotationDiagnostics(_ record: NoteRecord) -> [Diagnostic] {
    guard config.quoteCheck else { return [] }
    var out: [Diagnostic] = []
    for quotation in record.quotations {
      guard let checkKey = quoteCheckKey(quotation, in: record), let source = source(forKey: checkKey.key) else {
        continue
      }
      guard source.hasText else {
        // One `no-text` hint per item: a locator the index would resolve already has one.
        if let locator = checkKey.locator, locator.term.isResolvedByGloss { continue }
        out.append(
          Diagnostic(
            path: record.path, range: quotation.range,
            severity: DiagnosticCode.defaultSeverity[DiagnosticCode.noText]
              ?? .hint, code: DiagnosticCode.noText,
            message: "'\(checkKey.key)' has no text to check this quotation against"))
        continue
      }
      guard let check = quotes.checks[record.path]?[checkKey] ?? computeQuoteCheck(checkKey), !check.isFound else {
        continue
      }
      out.append(
        Diagnostic(
          path: record.path, range: quotation.range,
          severity: DiagnosticCode.defaultSeverity[DiagnosticCode.quoteMismatch] ?? .warning,
          code: DiagnosticCode.quoteMismatch, message: check.summary,
          related: .quoteMismatch(key: check.key, sourcePath: check.sourcePath, sourceWords: check.sourceWords)))
    }
    return out
  }

  /// Makes sure every quotation of the notes among `paths` has a cached check: builds the missing source indexes
  /// and the missing checks, many at once on all cores (the bulk load), and forgets the checks of removed notes.
  mutating func ensureQuoteChecks(for paths: some Sequence<String>) {
    var pending: [(path: String, keys: [QuoteCheckKey])] = []
    var neededSources: Set<String> = []
    for path in paths {
      guard config.quoteCheck, let record = notes[path], !record.quotations.isEmpty else {
        quotes.checks[path] = nil
        continue
      }
      let cached = quotes.checks[path] ?? [:]
      var wanted: Set<QuoteCheckKey> = []
      for quotation in record.quotations {
        if let checkKey = quoteCheckKey(quotation, in: record) { wanted.insert(checkKey) }
      }
      let missing = wanted.filter { cached[$0] == nil }
      if cached.count != wanted.count || !missing.isEmpty {
        // Drop what the note no longer quotes; keep the rest.
        quotes.checks[path] = cached.filter { wanted.contains($0.key) }
      }
      guard !missing.isEmpty else { continue }
      pending.append((path, Array(missing)))
      for checkKey in missing {
        if let textPath = source(forKey: checkKey.key)?.textPath, quotes.indexes[textPath] == nil {
          neededSources.insert(textPath)
        }
      }
    }
    guard !pending.isEmpty else { return }
    buildQuoteIndexes(Array(neededSources))
    let snapshot = self
    let results = Self.parallelMap(pending) { work in work.keys.map { snapshot.computeQuoteCheck($0) } }
    for (work, checks) in zip(pending, results) {
      for (checkKey, check) in zip(work.keys, checks) {
        guard let check else { continue }
        quotes.checks[work.path, default: [:]][checkKey] = check
      }
    }
  }

  /// Builds the indexes of the source documents at `paths` on all cores, sharing the workspace's lexicon.
  private mutating func buildQuoteIndexes(_ paths: [String]) {
    let documents = paths.compactMap { path in sourceDocuments[path].map { (path, $0.document.text) } }
    guard !documents.isEmpty else { return }
    // The largest first, so that no core is left with a big one at the end.
    let ordered = documents.sorted { $0.1.count > $1.1.count }
    let lexicon = quotes.lexicon
    let built = Self.parallelMap(ordered.map(\.1)) { QuoteIndex(text: $0, lexicon: lexicon) }
    for ((path, _), index) in zip(ordered, built) { quotes.indexes[path] = index }
  }

  /// Forgets what a change of the source document at `path` (or of the texts of `keys`) makes stale: its index when
  /// its document changed, and the checks against those keys in the notes citing them.
  mutating func invalidateQuoteChecks(sourcePath path: String?, documentChanged: Bool, keys: Set<String>) {
    guard documentChanged else { return }
    if let path { quotes.indexes[path] = nil }
    for key in keys {
      for note in citers[key] ?? [] {
        guard let cached = quotes.checks[note] else { continue }
        let kept = cached.filter { $0.key.key != key }
        if kept.count != cached.count { quotes.checks[note] = kept }
      }
    }
  }

  /// What the check of `quotation` depends on, or nil when it does not belong to a citation item of the note.
  func quoteCheckKey(_ quotation: AttributedQuotation, in record: NoteRecord) -> QuoteCheckKey? {
    let citations = record.note.citations
    guard quotation.citationIndex < citations.count,
      quotation.itemIndex < citations[quotation.citationIndex].items.count
    else { return nil }
    let key = citations[quotation.citationIndex].items[quotation.itemIndex].key
    var locator = record.locators.first {
      $0.citationIndex == quotation.citationIndex && $0.itemIndex == quotation.itemIndex
    }?.locator
    // Where the locator sits in the suffix does not change its passage.
    locator?.range = 0..<0
    return QuoteCheckKey(text: quotation.text, key: key, locator: locator)
  }

  /// Checks one quotation against its source's text, using the cached index (or a temporary one); nil when the key
  /// has no source with text.
  func computeQuoteCheck(_ checkKey: QuoteCheckKey) -> QuoteCheck? {
    guard let source = source(forKey: checkKey.key), let document = source.textDocument,
      let textPath = source.textPath
    else { return nil }
    let index = quotes.indexes[textPath] ?? QuoteIndex(text: document.text, lexicon: quotes.lexicon)
    var within: Range<Int>? = nil
    var passage: String? = nil
    if let locator = checkKey.locator, case .resolved(let found) = document.passage(for: locator) {
      within = found.textRange
      passage = found.description
    }
    var check = QuoteCheck(
      key: checkKey.key, sourcePath: textPath, passage: passage, isFound: false, textRange: nil, similarity: 0,
      lines: nil, sourceWords: nil)
    switch index.match(checkKey.text, within: within) {
    case .found(let range):
      check.isFound = true
      check.textRange = range
      check.similarity = 1
    case .notFound(let closest, let similarity):
      check.similarity = similarity
      // A passage less than half alike is no help to the reader, nor a sensible replacement.
      if let closest, similarity >= Self.leastSimilarity {
        check.textRange = closest
        check.sourceWords = index.words(in: closest)
      }
    }
    if let range = check.textRange { check.lines = Self.fileLines(of: range, in: document) }
    return check
  }

  /// How alike a closest passage must be to be named (and offered as the quick fix).
  static let leastSimilarity = 0.5

  /// The file's lines (1-based, inclusive) that a range of the document's text comes from.
  static func fileLines(of textRange: Range<Int>, in document: SourceDocument) -> ClosedRange<Int>? {
    let file = document.fileRange(ofText: textRange)
    let first = line(containing: file.lowerBound, in: document)
    let last = line(containing: max(file.lowerBound, file.upperBound - 1), in: document)
    return first...max(first, last)
  }

  /// The 1-based line of the file holding byte `offset` (the last line starting at or before it).
  private static func line(containing offset: Int, in document: SourceDocument) -> Int {
    var low = 1
    var high = max(1, document.lineCount)
    while low < high {
      let mid = (low + high + 1) / 2
      if let range = document.fileRange(ofLine: mid), range.lowerBound <= offset { low = mid } else { high = mid - 1 }
    }
    return low
  }
}

/// A quick fix that replaces a mismatched quotation with the source's words.
package struct QuoteFix: Hashable, Sendable {
  /// The title shown in the editor.
  package static let title = "replace with the source's words"
  /// The note to edit.
  package var path: String
  /// The quotation's range in the note (UTF-8 offsets).
  package var range: Range<Int>
  /// The source's words, on one line.
  package var newText: String
}

extension LocatorTerm {
  /// True for the terms Gloss resolves to a passage (page, line, section, paragraph).
  var isResolvedByGloss: Bool {
    if case .other = self { return false }
    return true
  }
}

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
    let cached = quotes.checks[record.path]
    for quotation in record.quotations {
      guard let checkKey = quoteCheckKey(quotation, in: record) else { continue }
      var check = cached?[checkKey]
      if check == nil {
        guard hasSource(checkKey.key) else { continue }
        guard textPath(forKey: checkKey.key) != nil else {
          // One `no-text` hint per item: a locator the index would resolve already has one.
          if let locator = checkKey.locator, locator.term.isResolvedByGloss { continue }
          out.append(
            Diagnostic(
              path: record.path, range: quotation.range,
              severity: DiagnosticCode.defaultSeverity[DiagnosticCode.noText] ?? .hint, code: DiagnosticCode.noText,
              message: "'\(checkKey.key)' has no text to check this quotation against"))
          continue
        }
        check = computeQuoteCheck(checkKey)
      }
      guard let check, !check.isFound else { continue }
      out.append(
        Diagnostic(
          path: record.path, range: quotation.range,
          severity: DiagnosticCode.defaultSeverity[DiagnosticCode.quoteMismatch] ?? .warning,
          code: DiagnosticCode.quoteMismatch, message: check.summary,
          related: .quoteMismatch(key: check.key, sourcePath: check.sourcePath, sourceWords: check.sourceWords)))
    }
    return out
  }

  /// Makes sure every quotation of the notes among `paths` has a cached check, and forgets the checks of removed
  /// notes. The missing checks are grouped by source and run on all cores, one source at a time per core: its index
  /// is built (unless resident), its quotations checked, and the index dropped unless the text is large, so that
  /// the bulk load never holds every index at once.
  mutating func ensureQuoteChecks(for paths: some Sequence<String>) {
    var bySource: [String: [(path: String, key: QuoteCheckKey)]] = [:]
    for path in paths {
      guard config.quoteCheck, let record = notes[path], !record.quotations.isEmpty else {
        quotes.checks[path] = nil
        continue
      }
      let cached = quotes.checks[path] ?? [:]
      var wanted: Set<QuoteCheckKey> = []
      var textPaths: [String: String?] = [:]
      for quotation in record.quotations {
        guard let checkKey = quoteCheckKey(quotation, in: record) else { continue }
        // Quotations of keys without text have nothing to cache (their hint needs no check).
        if textPaths[checkKey.key] == nil { textPaths[checkKey.key] = .some(textPath(forKey: checkKey.key)) }
        guard let textPath = textPaths[checkKey.key] ?? nil, wanted.insert(checkKey).inserted else { continue }
        if cached[checkKey] == nil { bySource[textPath, default: []].append((path, checkKey)) }
      }
      if cached.count > wanted.count || cached.keys.contains(where: { !wanted.contains($0) }) {
        // Drop what the note no longer quotes; keep the rest.
        quotes.checks[path] = cached.filter { wanted.contains($0.key) }
      }
    }
    guard !bySource.isEmpty else { return }
    // The largest texts first, so that no core is left with a big one at the end.
    let groups = bySource.map { (textPath: $0.key, work: $0.value) }.sorted {
      (sourceDocuments[$0.textPath]?.document.text.count ?? 0)
        > (sourceDocuments[$1.textPath]?.document.text.count ?? 0)
    }
    let snapshot = self
    let results = Self.parallelMap(groups) { group -> (kept: QuoteIndex?, checks: [QuoteCheck?]) in
      guard let document = snapshot.sourceDocuments[group.textPath]?.document else {
        return (nil, group.work.map { _ in nil })
      }
      let resident = snapshot.quotes.indexes[group.textPath]
      let index = resident ?? QuoteIndex(text: document.text, lexicon: snapshot.quotes.lexicon)
      let checks = group.work.map {
        Self.quoteCheck($0.key, against: document, at: group.textPath, index: index) as QuoteCheck?
      }
      let keeps = resident == nil && document.text.count >= Self.residentIndexBytes
      return (keeps ? index : nil, checks)
    }
    for (group, result) in zip(groups, results) {
      if let kept = result.kept { quotes.indexes[group.textPath] = kept }
      for (work, check) in zip(group.work, result.checks) {
        guard let check else { continue }
        quotes.checks[work.path, default: [:]][work.key] = check
      }
    }
  }

  /// Texts at least this long keep their quotation index between checks; smaller ones are indexed again (in a
  /// millisecond or two) when an edit needs them.
  static let residentIndexBytes = 256 * 1024

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

  /// The path of the document giving `key` its text, as `source(forKey:)` would find it, without building the source.
  func textPath(forKey key: String) -> String? {
    guard let defs = definitions[key] else { return nil }
    if let path = defs.documents.first { return sourceDocuments[path] != nil ? path : nil }
    guard let location = defs.entries.first, let record = bibliographies[location.path],
      location.index < record.entryFiles.count
    else { return nil }
    return record.entryFiles[location.index].first { sourceDocuments[$0] != nil }
  }

  /// Checks one quotation against its source's text, using the cached index (or a temporary one); nil when the key
  /// has no source with text.
  func computeQuoteCheck(_ checkKey: QuoteCheckKey) -> QuoteCheck? {
    guard let source = source(forKey: checkKey.key), let document = source.textDocument,
      let textPath = source.textPath
    else { return nil }
    let index = quotes.indexes[textPath] ?? QuoteIndex(text: document.text, lexicon: quotes.lexicon)
    return Self.quoteCheck(checkKey, against: document, at: textPath, index: index)
  }

  /// Checks one quotation against `document` (at `textPath`) with its index.
  static func quoteCheck(
    _ checkKey: QuoteCheckKey, against document: SourceDocument, at textPath: String, index: QuoteIndex
  ) -> QuoteCheck {
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
    if let range = check.textRange { check.lines = fileLines(of: range, in: document) }
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

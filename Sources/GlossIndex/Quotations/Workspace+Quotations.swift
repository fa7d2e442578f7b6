import GlossMatching
import GlossSyntax

/// Quotation checks (docs/citations-and-quotations.md): each attributed quotation against the text of its citation
/// item's source, within the locator's passage when it resolves; results cached per note by what they depend on.
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

  /// The `quote-mismatch` and `no-text` diagnostics of the note's quotations at `indices` (with `keys`, only those
  /// attributed to them; none when `quoteCheck` is off). `locators`: the note's, when the caller found them already
  /// (a note that does not keep them finds them on each use).
  func quotationDiagnostics(
    _ record: NoteRecord, quotations indices: Range<Int>, citing keys: Set<String>? = nil,
    locators found: [ItemLocator]? = nil
  ) -> [Diagnostic] {
    guard config.quoteCheck else { return [] }
    var out: [Diagnostic] = []
    let cached = quotes.checks[record.path]
    let locators = indices.isEmpty ? [] : found ?? record.locators
    for quotation in record.quotations[indices] {
      guard keys.map({ record.citesAny(of: $0, at: quotation) }) ?? true,
        let checkKey = quoteCheckKey(quotation, in: record, locators: locators)
      else { continue }
      var check = cached?[checkKey]
      if check == nil {
        guard hasSource(checkKey.key) else { continue }
        guard textPath(forKey: checkKey.key) != nil else {
          // One `no-text` hint per item: a locator the index would resolve already has one.
          if let locator = checkKey.locator, locator.term.isResolvedByGloss { continue }
          // Checked when the text arrives.
          if isTextPending(forKey: checkKey.key) { continue }
          out.append(
            Diagnostic(
              path: record.path, range: quotation.range,
              severity: DiagnosticCode.defaultSeverity[DiagnosticCode.noText] ?? .hint, code: DiagnosticCode.noText,
              message: "'\(checkKey.key)' has no text to check this quotation against"
                + (textProblem(forKey: checkKey.key).map { " (\($0))" } ?? "")))
          continue
        }
        check = computeQuoteCheck(checkKey)
      }
      guard let check, !check.isFound else { continue }
      out.append(
        Diagnostic(
          path: record.path, range: quotation.range,
          severity: DiagnosticCode.defaultSeverity[DiagnosticCode.quoteMismatch] ?? .warning,
          code: DiagnosticCode.quoteMismatch, message: check.message,
          related: .quoteMismatch(key: check.key, sourcePath: check.sourcePath, sourceWords: check.sourceWords)))
    }
    return out
  }

  /// Makes sure every quotation of the notes among `paths` has a cached check, and forgets the checks of removed
  /// notes and of quotations a note no longer has. Three steps, each on all cores: what each note wants checked;
  /// the index of every text wanted that has none resident (largest first); then each note's missing checks.
  /// Indexes built here for small texts are dropped again, so that checks never keep every index at once.
  mutating func ensureQuoteChecks(for paths: some Sequence<String>) {
    let paths = Array(paths)
    guard config.quoteCheck else {
      for path in paths { quotes.checks[path] = nil }
      return
    }
    // Worked out from a copy of this state (for the other cores), and put in place once that copy is gone: changed
    // while it lived, the checks of every note were copied first (on a workspace of 50,000 notes, most of the time of
    // a keystroke on a heading).
    let (checked, built) = quoteChecks(for: paths)
    for (path, index) in built where quotes.indexes[path] == nil { keepResidentIfLarge(index, at: path) }
    for (path, checks) in zip(paths, checked) { quotes.checks[path] = checks.isEmpty ? nil : checks }
  }

  /// The checks `ensureQuoteChecks(for:)` puts in place for `paths` (in order), and the indexes it built or restored
  /// for them, by text path.
  private func quoteChecks(for paths: [String]) -> (checked: [QuoteCheckTable], built: [String: QuoteIndex]) {
    let snapshot = self
    let wants = ParallelWork.map(count: paths.count) { snapshot.quoteCheckWants(of: paths[$0]) }
    var wanted: Set<String> = []
    for want in wants {
      for (_, textPath) in want.missing { wanted.insert(textPath) }
    }
    // The largest texts first, so that no core is left with a big one at the end.
    let built = wanted.sorted {
      (sourceDocuments[$0]?.document.textCount ?? 0) > (sourceDocuments[$1]?.document.textCount ?? 0)
    }
    let indexes = ParallelWork.map(count: built.count) { k -> QuoteIndex? in
      // A resident index gets its text back; a released text is read again; one that changed on disk since gives no
      // check until it is indexed again.
      if snapshot.quotes.indexes[built[k]] != nil { return snapshot.residentQuoteIndex(at: built[k]) }
      guard let document = snapshot.textDocument(at: built[k]) else { return nil }
      return QuoteIndex(text: document.text, lexicon: snapshot.quotes.lexicon)
    }
    var usable: [String: QuoteIndex] = [:]
    for (path, index) in zip(built, indexes) {
      if let index { usable[path] = index }
    }
    let available = usable
    let checked = ParallelWork.map(count: wants.count) { k -> QuoteCheckTable in
      var checks = wants[k].kept
      for (key, textPath) in wants[k].missing {
        guard let index = available[textPath], let document = snapshot.sourceDocuments[textPath]?.document else {
          continue
        }
        checks[key] = Self.quoteCheck(
          snapshot.textCheckKey(key, document: document), against: document, at: textPath, index: index,
          printed: snapshot.printedPages(forKey: key.key, document: document))
      }
      return checks.compacted()
    }
    return (checked, usable)
  }

  /// What checking the quotations of the note at `path` takes: the cached checks still wanted, and the check keys
  /// (with the path of their text) not checked yet. Quotations of keys without text need no check (their hint needs
  /// none).
  private func quoteCheckWants(of path: String) -> (
    kept: QuoteCheckTable, missing: [(key: QuoteCheckKey, textPath: String)]
  ) {
    guard let record = notes[path], !record.quotations.isEmpty else { return ([:], []) }
    let cached = quotes.checks[path] ?? [:]
    var kept = QuoteCheckTable()
    var missing: [(key: QuoteCheckKey, textPath: String)] = []
    var seen: Set<QuoteCheckKey> = []
    var textPaths: [String: String?] = [:]
    for quotation in record.quotations {
      guard let checkKey = quoteCheckKey(quotation, in: record) else { continue }
      if textPaths[checkKey.key] == nil { textPaths[checkKey.key] = .some(textPath(forKey: checkKey.key)) }
      guard let textPath = textPaths[checkKey.key] ?? nil, seen.insert(checkKey).inserted else { continue }
      if let check = cached[checkKey] {
        kept[checkKey] = check
      } else {
        missing.append((checkKey, textPath))
      }
    }
    return (kept, missing)
  }

  /// Makes sure the quotations of the note `record` that start in `region` (the blocks an edit re-parsed) have a
  /// cached check. Checks of quotations the edit removed stay until the note is checked whole again, which happens
  /// here when they pile up.
  mutating func ensureQuoteChecks(of record: NoteRecord, startingIn region: Range<Int>) {
    let path = record.path
    guard config.quoteCheck else {
      quotes.checks[path] = nil
      return
    }
    if (quotes.checks[path]?.count ?? 0) > 2 * record.quotations.count + 64 {
      ensureQuoteChecks(for: [path])
      return
    }
    let indices = NoteSplice.indices(of: record.quotations, startingIn: region) { $0.range.lowerBound }
    for quotation in record.quotations[indices] {
      guard let checkKey = quoteCheckKey(quotation, in: record),
        quotes.checks[path]?[checkKey] == nil,
        let check = computeQuoteCheck(checkKey)
      else { continue }
      quotes.checks[path, default: [:]][checkKey] = check
    }
  }

  /// Makes sure the quotations of the notes at `paths` attributed to `keys` have a cached check (the other checks
  /// stay as they are): the indexes wanted that are not resident are built once each, kept only for large texts.
  mutating func ensureQuoteChecks(ofNotes paths: [String], citing keys: Set<String>) {
    guard config.quoteCheck else { return }
    var missing: [(path: String, key: QuoteCheckKey, textPath: String)] = []
    var textPaths: [String: String?] = [:]
    for path in paths {
      guard let record = notes[path], !record.quotations.isEmpty else { continue }
      let cached = quotes.checks[path]
      for quotation in record.quotations where record.citesAny(of: keys, at: quotation) {
        guard let checkKey = quoteCheckKey(quotation, in: record), cached?[checkKey] == nil
        else { continue }
        if textPaths[checkKey.key] == nil { textPaths[checkKey.key] = .some(textPath(forKey: checkKey.key)) }
        guard let textPath = textPaths[checkKey.key] ?? nil else { continue }
        missing.append((path, checkKey, textPath))
      }
    }
    guard !missing.isEmpty else { return }
    var usable: [String: QuoteIndex] = [:]
    for textPath in Set(missing.map(\.textPath)) {
      if quotes.indexes[textPath] != nil {
        usable[textPath] = residentQuoteIndex(at: textPath)
      } else if let document = textDocument(at: textPath) {
        let index = QuoteIndex(text: document.text, lexicon: quotes.lexicon)
        usable[textPath] = index
        keepResidentIfLarge(index, at: textPath)
      }
    }
    for (path, checkKey, textPath) in missing where quotes.checks[path]?[checkKey] == nil {
      guard let index = usable[textPath], let document = sourceDocuments[textPath]?.document else { continue }
      quotes.checks[path, default: [:]][checkKey] = Self.quoteCheck(
        textCheckKey(checkKey, document: document), against: document, at: textPath, index: index,
        printed: printedPages(forKey: checkKey.key, document: document))
    }
  }

  /// Texts at least this long keep their quotation index between checks; smaller ones are indexed again (in a
  /// millisecond or two) when an edit needs them.
  static let residentIndexBytes = 256 * 1024

  /// Keeps `index` (of the text at `path`) between checks when its text is large: without the text when the
  /// document's own was released, since holding it would keep the whole file in memory for the next check.
  mutating func keepResidentIfLarge(_ index: QuoteIndex, at path: String) {
    guard index.textCount >= Self.residentIndexBytes else { return }
    let released = sourceDocuments[path]?.document.isTextReleased == true
    quotes.indexes[path] = released ? index.releasingText() : index
  }

  /// The resident index of the text at `path` with its text: as kept, or with the released text read again; nil
  /// when none is resident or the file no longer holds the text indexed (as for a text indexed for one check).
  func residentQuoteIndex(at path: String) -> QuoteIndex? {
    guard let index = quotes.indexes[path] else { return nil }
    guard index.isTextReleased else { return index }
    guard let document = textDocument(at: path) else { return nil }
    return index.restoringText(document.text)
  }

  /// Drops the text of every resident index whose document's text was released (`releaseSourceTexts`).
  mutating func releaseResidentIndexTexts() {
    for (path, index) in quotes.indexes
    where !index.isTextReleased && sourceDocuments[path]?.document.isTextReleased == true {
      quotes.indexes[path] = index.releasingText()
    }
  }

  /// The bytes of text each resident quotation index holds, by path (for tests and memory reports).
  package var residentQuoteIndexTextBytes: [String: Int] { quotes.indexes.mapValues(\.text.count) }

  /// Forgets what a change of the source document at `path` (or of the texts of `keys`) makes stale: its index when
  /// its document changed, and the checks against those keys in the notes citing them.
  mutating func invalidateQuoteChecks(sourcePath path: String?, documentChanged: Bool, keys: Set<String>) {
    guard documentChanged else { return }
    if let path { quotes.indexes[path] = nil }
    for key in keys {
      for note in citers[key] ?? [] {
        guard let cached = quotes.checks[note] else { continue }
        let kept = cached.filter { $0.key != key }
        if kept.count != cached.count { quotes.checks[note] = kept }
      }
    }
  }

  /// What the check of `quotation` depends on, or nil when it does not belong to a citation item of the note.
  /// `locators` are the note's (`record.locators`), passed in by a caller that found them already; without them, the
  /// kept ones are searched, else the item's own locator is found.
  func quoteCheckKey(
    _ quotation: AttributedQuotation, in record: NoteRecord, locators: [ItemLocator]? = nil
  ) -> QuoteCheckKey? {
    let citations = record.note.citations
    guard quotation.citationIndex < citations.count,
      quotation.itemIndex < citations[quotation.citationIndex].items.count
    else { return nil }
    let item = citations[quotation.citationIndex].items[quotation.itemIndex]
    let key = item.key
    var locator: Locator?
    if let locators = locators ?? record.keptLocators {
      // Locators are in (citation, item) order: bisect rather than search each quotation's linearly.
      let low = locators.partitioningIndex {
        !(($0.citationIndex, $0.itemIndex) < (quotation.citationIndex, quotation.itemIndex))
      }
      locator =
        low < locators.count && locators[low].citationIndex == quotation.citationIndex
          && locators[low].itemIndex == quotation.itemIndex ? locators[low].locator : nil
    } else {
      // The item's own locator, as `NoteRecord.locators` finds it: a note has far fewer quotations than citation
      // items, so finding every item's locator for them cost more than the checks' other work.
      locator = item.suffix.isEmpty ? nil : Locator.first(in: item.suffix)
    }
    // Where the locator sits in the suffix does not change its passage.
    locator?.range = 0..<0
    return QuoteCheckKey(text: quotation.text, key: key, locator: locator)
  }

  /// The path of the document giving `key` its text, as `source(forKey:)` would find it, without building the source.
  func textPath(forKey key: String) -> String? {
    guard let defs = definitions[key] else { return nil }
    if let path = defs.documents.first { return sourceDocuments[path] != nil && textProblems[path] == nil ? path : nil }
    guard let location = defs.entries.first, let record = bibliographies[location.path],
      location.index < record.entryFiles.count
    else { return nil }
    return record.entryFiles[location.index].first { sourceDocuments[$0] != nil && textProblems[$0] == nil }
  }

  /// Checks one quotation against its source's text, using the cached index (or a temporary one); nil when the key
  /// has no source with text.
  func computeQuoteCheck(_ checkKey: QuoteCheckKey) -> QuoteCheck? {
    guard let source = source(forKey: checkKey.key), let document = source.textDocument,
      let textPath = source.textPath
    else { return nil }
    let index: QuoteIndex
    if quotes.indexes[textPath] != nil {
      guard let resident = residentQuoteIndex(at: textPath) else { return nil }
      index = resident
    } else {
      guard let withText = Self.withText(document, at: textPath, provider: sourceTextProvider) else { return nil }
      index = QuoteIndex(text: withText.text, lexicon: quotes.lexicon)
    }
    return Self.quoteCheck(
      textCheckKey(checkKey, document: document), against: document, at: textPath, index: index,
      printed: printedPages(forKey: checkKey.key, document: document))
  }

  /// Checks one quotation against `document` (at `textPath`) with its index.
  static func quoteCheck(
    _ checkKey: QuoteCheckKey, against document: SourceDocument, at textPath: String, index: QuoteIndex,
    printed: PrintedPages
  ) -> QuoteCheck {
    var within: Range<Int>? = nil
    var passage: String? = nil
    if let locator = checkKey.locator, case .resolved(let found) = document.passage(for: locator) {
      within = found.textRange
      passage = found.description
    }
    var check = QuoteCheck(
      key: checkKey.key, sourcePath: textPath, passage: passage, isFound: false, textRange: nil, similarity: 0,
      lines: nil, sourceWords: nil, sourceLosesLigatures: index.losesLigatures)
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
    if let range = check.textRange {
      check.lines = fileLines(of: range, in: document)
      if ExtractedFormat(path: textPath) != nil || document.pageCount > 1 {
        check.pages = textPages(of: range, in: document)
        // Printed page numbers that differ from the PDF's (an offset, or the PDF's page labels) are named too.
        let first = printed.label(ofTextPage: check.pages?.lowerBound ?? 1)
        let last = printed.label(ofTextPage: check.pages?.upperBound ?? 1)
        if let first, let last { check.printedPages = [first, last] }
      } else if document.format != .plainText {
        check.section = document.headings.last { $0.range.lowerBound <= range.lowerBound }?.text
      }
    }
    return check
  }

  /// The pages (1-based, inclusive, as the text counts them) that a range of the document's text lies on.
  static func textPages(of textRange: Range<Int>, in document: SourceDocument) -> ClosedRange<Int>? {
    let starts = document.pageStarts
    guard !starts.isEmpty else { return nil }
    func page(_ offset: Int) -> Int { (starts.lastIndex { $0 <= offset } ?? 0) + 1 }
    let first = page(textRange.lowerBound)
    return first...max(first, page(max(textRange.lowerBound, textRange.upperBound - 1)))
  }

  /// How alike a closest passage must be to be named (and offered as the quick fix).
  static let leastSimilarity = 0.5

  /// The file's lines (1-based, inclusive) that a range of the document's text comes from.
  static func fileLines(of textRange: Range<Int>, in document: SourceDocument) -> ClosedRange<Int>? {
    let file = document.fileRange(ofText: textRange)
    let first = document.fileLine(containing: file.lowerBound)
    let last = document.fileLine(containing: max(file.lowerBound, file.upperBound - 1))
    return first...max(first, last)
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

extension NoteRecord {
  /// Whether the citation item `quotation` is attributed to cites one of `keys` (told before its check key is made).
  func citesAny(of keys: Set<String>, at quotation: AttributedQuotation) -> Bool {
    let citations = note.citations
    guard quotation.citationIndex < citations.count,
      quotation.itemIndex < citations[quotation.citationIndex].items.count
    else { return false }
    return keys.contains(citations[quotation.citationIndex].items[quotation.itemIndex].key)
  }
}

import Foundation
import GlossSyntax

/// The search structures over every source document's text (`Workspace+Find.swift`), built on first use and kept
/// across states: a case-folded lexicon shared by all, and per document a phrase filter (and, for large texts, the
/// folded index itself).
///
/// A class shared by copies of the workspace, like `SymbolCatalogCache`: a state that changes a source document
/// installs a new cache that keeps the other documents' entries.
final class SourceTextSearchCache: @unchecked Sendable {
  /// The folded token spellings of every searched text (it only grows, and is safe across threads).
  let lexicon: QuoteLexicon
  // Guarded by `lock`: snapshots of the workspace may be searched from several threads.
  private let lock = NSLock()
  private var entries: [String: SourceTextSearchEntry]
  private var isComplete = false

  /// An empty cache.
  init() {
    lexicon = QuoteLexicon()
    entries = [:]
  }

  /// A cache for the state after `old`'s, keeping its entries but those of `paths` (documents that changed).
  init(after old: SourceTextSearchCache, dropping paths: Set<String>) {
    lexicon = old.lexicon
    old.lock.lock()
    var kept = old.entries
    old.lock.unlock()
    for path in paths { kept[path] = nil }
    entries = kept
  }

  /// The entry of every document of `documents`, building the missing ones on all cores.
  ///
  /// The lock is not held while building, so that a state after this one (an edit of a source) can take the
  /// entries built so far without waiting; two searches building at once may both index a text, and one result is
  /// kept.
  func entries(
    for documents: [String: SourceDocumentRecord], provider: SourceTextProvider?
  ) -> [String: SourceTextSearchEntry] {
    lock.lock()
    if isComplete {
      defer { lock.unlock() }
      return entries
    }
    let have = entries
    lock.unlock()
    // The largest texts first, so that no core is left with a big one at the end.
    let missing = documents.keys.filter { have[$0] == nil }.sorted {
      (documents[$0]?.document.textCount ?? 0) > (documents[$1]?.document.textCount ?? 0)
    }
    let lexicon = lexicon
    let built = ParallelWork.map(count: missing.count) { k -> SourceTextSearchEntry? in
      guard let kept = documents[missing[k]]?.document,
        let document = Workspace.withText(kept, at: missing[k], provider: provider)
      else { return nil }
      return SourceTextSearchEntry(text: document.text, lexicon: lexicon)
    }
    lock.lock()
    defer { lock.unlock() }
    for (path, entry) in zip(missing, built) where entries[path] == nil { entries[path] = entry }
    for path in entries.keys where documents[path] == nil { entries[path] = nil }
    isComplete = true
    return entries
  }

  /// Bytes held, for memory reports (0 before the first search).
  var byteCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return entries.values.reduce(lexicon.byteCount) { $0 + $1.byteCount }
  }
}

/// What a search keeps of one source document's text.
struct SourceTextSearchEntry: Sendable {
  /// Which adjacent token pairs the folded text may hold.
  var filter: PhraseFilter
  /// The folded text's index, kept for large texts only (small ones are indexed again, in well under a
  /// millisecond, when a search needs them).
  var index: QuoteIndex?

  /// Indexes the folded copy of `text`.
  init(text: [UInt8], lexicon: QuoteLexicon) {
    let index = QuoteIndex(text: CaseFolding.folded(text), lexicon: lexicon)
    filter = PhraseFilter(index)
    self.index = text.count >= Self.residentBytes ? index : nil
  }

  /// Texts at least this long keep their folded index.
  static let residentBytes = 512 * 1024

  /// The folded index of `text` (this entry's document's text).
  func index(of text: [UInt8], lexicon: QuoteLexicon) -> QuoteIndex {
    index ?? QuoteIndex(text: CaseFolding.folded(text), lexicon: lexicon)
  }

  /// Bytes held besides the document's own text.
  var byteCount: Int { filter.byteCount + (index.map { $0.indexByteCount + $0.text.count } ?? 0) }
}

import Foundation
import GlossSyntax

/// The search structures over every source document's text (`Workspace+Find.swift`), built on first use and kept
/// across states: per document the signature of its case-folded text, and per state the matrix of all their chunks.
///
/// A class shared by copies of the workspace, like `SymbolCatalogCache`: a state that changes a source document
/// installs a new cache that keeps the other documents' signatures (its matrix is built again, from them, on its
/// first search).
final class SourceTextSearchCache: @unchecked Sendable {
  // Guarded by `lock`: snapshots of the workspace may be searched from several threads.
  private let lock = NSLock()
  private var signatures: [String: TextSignature]
  private var search: SourceTextSearch?

  /// An empty cache.
  init() {
    signatures = [:]
  }

  /// A cache for the state after `old`'s, keeping its signatures but those of `paths` (documents that changed).
  init(after old: SourceTextSearchCache, dropping paths: Set<String>) {
    old.lock.lock()
    var kept = old.signatures
    old.lock.unlock()
    for path in paths { kept[path] = nil }
    signatures = kept
  }

  /// The search over `documents` (this state's), building the missing signatures on all cores (else on this
  /// thread).
  ///
  /// The lock is not held while building, so that a state after this one (an edit of a source) can take the
  /// signatures built so far without waiting; two searches building at once may both sign a text, and one result
  /// is kept.
  func search(
    for documents: [String: SourceDocumentRecord], provider: SourceTextProvider?, onAllCores: Bool = true
  ) -> SourceTextSearch {
    lock.lock()
    if let search {
      defer { lock.unlock() }
      return search
    }
    let have = signatures
    lock.unlock()
    // The largest texts first, so that no core is left with a big one at the end.
    let missing = documents.keys.filter { have[$0] == nil }.sorted {
      (documents[$0]?.document.textCount ?? 0) > (documents[$1]?.document.textCount ?? 0)
    }
    let sign: @Sendable (Int) -> TextSignature = { k in
      // A released text is read again; one changed on disk since is signed empty until its document is set again.
      let kept = documents[missing[k]]?.document
      let document = kept.flatMap { Workspace.withText($0, at: missing[k], provider: provider) }
      return TextSignature(text: CaseFolding.folded(document?.text ?? []))
    }
    let built = onAllCores ? ParallelWork.map(count: missing.count, sign) : missing.indices.map(sign)
    var all = have
    for (path, signature) in zip(missing, built) where all[path] == nil { all[path] = signature }
    for path in all.keys where documents[path] == nil { all[path] = nil }
    let made = SourceTextSearch(all)
    lock.lock()
    defer { lock.unlock() }
    for (path, signature) in all where signatures[path] == nil { signatures[path] = signature }
    if search == nil { search = made }
    return search ?? made
  }

  /// The search over `documents` when at most `missingBytesAllowed` bytes of their text are still to be signed
  /// (those are signed now); nil, without waiting, when more are.
  func searchIfNearlyBuilt(
    for documents: [String: SourceDocumentRecord], provider: SourceTextProvider?, missingBytesAllowed: Int
  ) -> SourceTextSearch? {
    lock.lock()
    if let search {
      defer { lock.unlock() }
      return search
    }
    let have = signatures
    lock.unlock()
    var missingBytes = 0
    for (path, record) in documents where have[path] == nil {
      missingBytes += record.document.textCount
      if missingBytes > missingBytesAllowed { return nil }
    }
    return self.search(for: documents, provider: provider)
  }

  /// Bytes held, for memory reports (0 before the first search).
  var byteCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return signatures.values.reduce(search?.matrix.byteCount ?? 0) { $0 + $1.byteCount }
  }
}

/// The chunks of every source document's text, stacked in one `SignatureMatrix`, paths in order.
struct SourceTextSearch: Sendable {
  /// The documents' paths, in `utf8Precedes` order.
  let paths: [String]
  /// Each document's signature, in the order of `paths`.
  let signatures: [TextSignature]
  /// The first column of each document, in the order of `paths`, and one more: the column count.
  let firstColumns: [Int]
  /// Every chunk of every document.
  let matrix: SignatureMatrix

  init(_ signatures: [String: TextSignature]) {
    paths = signatures.keys.sorted { $0.utf8Precedes($1) }
    self.signatures = paths.map { signatures[$0] ?? TextSignature(text: []) }
    var first = [0]
    for signature in self.signatures { first.append((first.last ?? 0) + signature.chunkCount) }
    firstColumns = first
    matrix = SignatureMatrix(self.signatures)
  }

  /// The document (index into `paths`) and chunk of column `column`.
  func owner(ofColumn column: Int) -> (document: Int, chunk: Int) {
    var lower = 0
    var upper = paths.count
    // The last document whose first column is at or before `column`.
    while lower < upper {
      let mid = (lower + upper) / 2
      if firstColumns[mid + 1] <= column { lower = mid + 1 } else { upper = mid }
    }
    return (lower, column - firstColumns[min(lower, firstColumns.count - 1)])
  }
}

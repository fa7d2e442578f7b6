import GlossMatching
import GlossSyntax

/// The search structures over every source document's text (`Workspace+Find.swift`) of one state, built on first
/// use (or in the background) and shared by copies of the workspace, like `SymbolCatalogCache`.
///
/// A state that changes source documents installs a new cache that knows the earlier state's (its basis) and the
/// documents changed since: its search is the earlier one with only those documents' columns rewritten, signed
/// again, appended or cleared (`SourceTextSearch.updating`), never the whole matrix built again. Only a cache
/// without a built basis builds the whole search, and only when asked to (`SearchNeed`).
// @unchecked: every `var` is read and written only holding `condition`, a lock with a condition variable (threads
// wait for a build under way, which `Mutex` cannot do).
final class SourceTextSearchCache: @unchecked Sendable {
  /// What a search may do to have the structures of its state.
  enum SearchNeed {
    /// Waits for a build under way, then derives from the basis or builds the whole search (on all cores, or on
    /// this thread: the background preparation).
    case whole(onAllCores: Bool)
    /// Never builds the whole search of more than `smallWorkspaceBytes` of text, and waits only for the build of such
    /// a small one: derives from a built basis when the changed documents hold at most `changedBytesAllowed` bytes;
    /// nil otherwise.
    case interactive(changedBytesAllowed: Int)
  }

  /// A workspace with at most this many bytes of source text is small: any request may build its whole search
  /// (a few milliseconds).
  static let smallWorkspaceBytes = 4 << 20

  // Guarded by `condition`: snapshots of the workspace are searched from several threads.
  private let condition = Condition()
  private var search: SourceTextSearch?
  /// How this cache's search was made: whole, or from an earlier state's (nil before).
  private var wasBuiltWhole: Bool?
  /// Whether a thread builds this cache's search now (others wait for it, or answer without it).
  private var building = false
  /// The cache of an earlier state whose search is built (or being built) and the documents changed since.
  private var basis: (cache: SourceTextSearchCache, changed: Set<String>)?
  /// A search kept between runs, offered to this state's first whole build (`offer`): given this state's documents,
  /// the search when it was made from them, with those changed since (to be signed again).
  private var offered: Offered?

  /// What `offer` is given.
  typealias Offered = @Sendable ([String: SourceDocumentRecord]) -> (SourceTextSearch, changed: Set<String>)?

  /// An empty cache.
  init() {}

  /// A cache for the state after `old`'s, in which the documents at `paths` changed.
  init(after old: SourceTextSearchCache, dropping paths: Set<String>) {
    old.condition.lock()
    defer { old.condition.unlock() }
    if old.search != nil {
      basis = (old, paths)
    } else if let oldBasis = old.basis {
      // Never a chain: the basis is always a cache with a search (or one being built).
      basis = (oldBasis.cache, oldBasis.changed.union(paths))
    } else if old.building {
      basis = (old, paths)
    }
    // Otherwise nothing was ever built (a workspace being loaded): the first search builds it whole.
  }

  /// Whether this state's search is built or being built.
  var isBuiltOrBuilding: Bool {
    condition.lock()
    defer { condition.unlock() }
    return search != nil || building
  }

  /// The search over `documents` (this state's), if `need` allows what it takes to have it.
  func search(
    for documents: [String: SourceDocumentRecord], provider: SourceTextProvider?, need: SearchNeed
  ) -> SourceTextSearch? {
    var waits = false
    var changedBytesAllowed = Int.max
    if case .interactive(let allowed) = need { changedBytesAllowed = allowed } else { waits = true }
    condition.lock()
    // A small workspace's build under way (the background preparation, the find image's writer) ends in
    // milliseconds: worth waiting for rather than answering without the search.
    if search == nil, building, !waits, Self.isSmall(documents) { waits = true }
    while search == nil, building, waits { condition.wait() }
    if let search {
      condition.unlock()
      return search
    }
    let basis = self.basis
    // An interactive request without a basis builds only a small workspace's search; one that finds a build under
    // way answers without it.
    if building || (!waits && basis == nil && !Self.isSmall(documents)) {
      condition.unlock()
      return nil
    }
    building = true
    condition.unlock()

    let onAllCores = if case .whole(let all) = need { all } else { false }
    /// `base` with the documents at `paths` signed again.
    func signingAgain(_ paths: [String], in base: SourceTextSearch) -> SourceTextSearch {
      let signatures = Self.sign(paths, in: documents, provider: provider, onAllCores: onAllCores)
      return base.updating(Dictionary(uniqueKeysWithValues: zip(paths, signatures)))
    }
    var made: SourceTextSearch?
    if let basis, let base = basis.cache.builtSearch(waiting: waits) {
      let changed = basis.changed.sorted { $0.utf8Precedes($1) }
      let bytes = changed.reduce(0) { $0 + (documents[$1]?.document.textCount ?? 0) }
      if bytes <= changedBytesAllowed { made = signingAgain(changed, in: base) }
    }
    let whole = made == nil
    if made == nil, waits || Self.isSmall(documents), let offered = takeOffered(),
      let (kept, changed) = offered(documents)
    {
      // Only the documents changed since it was made are signed again (none gone is signed: its columns are cleared),
      // then the columns are put back in path order: the search a whole build makes (which passages come first
      // among equally close ones depends on that order).
      let paths = changed.sorted { $0.utf8Precedes($1) }
      made = paths.isEmpty ? kept : signingAgain(paths, in: kept).compacted()
    }
    if made == nil, waits || Self.isSmall(documents) {
      let paths = Array(documents.keys)
      let signatures = Self.sign(paths, in: documents, provider: provider, onAllCores: onAllCores)
      made = SourceTextSearch(
        Dictionary(uniqueKeysWithValues: zip(paths, signatures.map { $0 ?? TextSignature(text: []) })))
    }
    condition.lock()
    building = false
    if let made {
      search = made
      wasBuiltWhole = whole
      self.basis = nil
    }
    condition.broadcast()
    condition.unlock()
    return made
  }

  /// Offers `kept` to this state's first whole build, when none is built, being built or to be derived from an earlier
  /// state's: that build takes the search `kept` gives for this state's documents, with the documents changed since
  /// signed again, else builds it whole (`kept` is called once, by the thread building, while others wait for it).
  func offer(_ kept: @escaping Offered) {
    condition.lock()
    defer { condition.unlock() }
    guard search == nil, !building, basis == nil else { return }
    offered = kept
  }

  /// The search offered, once.
  private func takeOffered() -> Offered? {
    condition.lock()
    defer { condition.unlock() }
    defer { offered = nil }
    return offered
  }

  /// Takes `kept` (a search kept between runs, built from exactly this state's documents: the caller checks) as this
  /// state's search, when none is built, being built or to be derived from an earlier state's; true when taken.
  func adopt(_ kept: SourceTextSearch) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard search == nil, !building, basis == nil else { return false }
    search = kept
    offered = nil
    wasBuiltWhole = true
    condition.broadcast()
    return true
  }

  /// Whether this state's search is built (not only being built).
  var isBuilt: Bool {
    condition.lock()
    defer { condition.unlock() }
    return search != nil
  }

  /// This cache's search when it is built (after waiting for a build under way, when `waiting`).
  private func builtSearch(waiting: Bool) -> SourceTextSearch? {
    condition.lock()
    defer { condition.unlock() }
    while search == nil, building, waiting { condition.wait() }
    return search
  }

  /// Rebuilds the search without its cleared columns when they have grown to a quarter of it (for the background
  /// preparation: a copy of the whole matrix, not something to do on the loop).
  func compactIfNeeded() {
    condition.lock()
    guard let current = search, current.needsCompaction, !building else {
      condition.unlock()
      return
    }
    building = true
    condition.unlock()
    let compacted = current.compacted()
    condition.lock()
    search = compacted
    building = false
    condition.broadcast()
    condition.unlock()
  }

  /// Whether this state's search was built whole (nil before it is built).
  var builtWhole: Bool? {
    condition.lock()
    defer { condition.unlock() }
    return wasBuiltWhole
  }

  /// Each document's chunk filters as its columns hold them (for tests: a search after changes must be the search a
  /// fresh build makes); empty before the search is built.
  var filters: [String: [[UInt64]]] {
    condition.lock()
    let search = self.search
    condition.unlock()
    var filters: [String: [[UInt64]]] = [:]
    if let search {
      for (path, slot) in search.slotOfPath {
        let first = search.slots[slot].firstColumn
        filters[path] = (0..<search.slots[slot].signature.chunkCount).map { search.matrix.filter(ofColumn: first + $0) }
      }
    }
    return filters
  }

  /// Whether `documents` hold so little text that any request may build their whole search.
  private static func isSmall(_ documents: [String: SourceDocumentRecord]) -> Bool {
    var bytes = 0
    for record in documents.values {
      bytes += record.document.textCount
      if bytes > smallWorkspaceBytes { return false }
    }
    return true
  }

  /// The signatures of the documents at `paths` (nil for one no longer there), the largest texts first so that no
  /// core is left with a big one at the end.
  private static func sign(
    _ paths: [String], in documents: [String: SourceDocumentRecord], provider: SourceTextProvider?,
    onAllCores: Bool
  ) -> [TextSignature?] {
    let order = paths.indices.sorted {
      (documents[paths[$0]]?.document.textCount ?? 0) > (documents[paths[$1]]?.document.textCount ?? 0)
    }
    let sign: @Sendable (Int) -> TextSignature? = { k in
      let path = paths[order[k]]
      guard let kept = documents[path]?.document else { return nil }
      // A released text is read again; one changed on disk since is signed empty until its document is set again.
      let document = Workspace.withText(kept, at: path, provider: provider)
      return TextSignature(text: CaseFolding.folded(document?.text ?? []))
    }
    let built = onAllCores ? ParallelWork.map(count: paths.count, sign) : paths.indices.map(sign)
    var out = [TextSignature?](repeating: nil, count: paths.count)
    for (k, signature) in zip(order, built) { out[k] = signature }
    return out
  }

  /// Bytes held, for memory reports (0 before the first search).
  var byteCount: Int {
    condition.lock()
    defer { condition.unlock() }
    return search?.byteCount ?? 0
  }
}

import Foundation

/// The lazily built search structures of one state of a workspace, shared by its copies until one of them changes
/// what they were built from: a mutation then installs a new cache without the stale parts (copies keep theirs).
final class CompletionCache: @unchecked Sendable {
  /// The parts of the cache, each stale after different changes.
  struct Parts: OptionSet, Sendable {
    let rawValue: Int
    /// The source search index (stale when a bibliography or source document changes).
    static let sources = Parts(rawValue: 1)
    /// The sources by citation count (stale when the sources or the keys a note cites change).
    static let ranking = Parts(rawValue: 2)
    /// The note name index (stale when a note appears, goes or changes its title, aliases or name).
    static let notes = Parts(rawValue: 4)
  }

  private let lock = NSLock()
  private var sourceIndex: SourceSearchIndex?
  private var ranking: [Int32]?
  private var noteIndex: NoteSearchIndex?

  /// An empty cache.
  init() {}

  /// A new cache with this one's parts except `stale` (the ranking goes with the sources it numbers).
  func without(_ stale: Parts) -> CompletionCache {
    lock.lock()
    defer { lock.unlock() }
    let fresh = CompletionCache()
    if !stale.contains(.sources) { fresh.sourceIndex = sourceIndex }
    if !stale.contains(.sources), !stale.contains(.ranking) { fresh.ranking = ranking }
    if !stale.contains(.notes) { fresh.noteIndex = noteIndex }
    return fresh
  }

  /// The source index, built on first use by `build`.
  func sources(_ build: () -> SourceSearchIndex) -> SourceSearchIndex {
    lock.lock()
    defer { lock.unlock() }
    if let sourceIndex { return sourceIndex }
    let built = build()
    sourceIndex = built
    return built
  }

  /// The source index's ids, most cited first then by key, built on first use by `build`.
  func ranking(_ build: () -> [Int32]) -> [Int32] {
    lock.lock()
    defer { lock.unlock() }
    if let ranking { return ranking }
    let built = build()
    ranking = built
    return built
  }

  /// The note name index, built on first use by `build`.
  func notes(_ build: () -> NoteSearchIndex) -> NoteSearchIndex {
    lock.lock()
    defer { lock.unlock() }
    if let noteIndex { return noteIndex }
    let built = build()
    noteIndex = built
    return built
  }
}

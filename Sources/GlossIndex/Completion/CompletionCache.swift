import Synchronization

/// The lazily built search structures of one state of a workspace, shared by its copies until one of them changes
/// what they were built from: a mutation then installs a new cache sharing the parts that are not stale (copies keep
/// theirs).
///
/// Each part is a box of its own, with its own lock: a part being built (in the background after loading) is shared
/// by the caches made meanwhile for which it is not stale, so an edit during the build does not throw the build away
/// and make the next completion build it again on the loop; and a completion needing one part never waits for the
/// build of another.
final class CompletionCache: Sendable {
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

  private let sourceIndex: Part<SourceSearchIndex>
  private let rankingPart: Part<[Int32]>
  private let noteIndex: Part<NoteSearchIndex>

  /// An empty cache.
  convenience init() {
    self.init(sourceIndex: Part(), ranking: Part(), noteIndex: Part())
  }

  private init(sourceIndex: Part<SourceSearchIndex>, ranking: Part<[Int32]>, noteIndex: Part<NoteSearchIndex>) {
    self.sourceIndex = sourceIndex
    self.rankingPart = ranking
    self.noteIndex = noteIndex
  }

  /// A new cache sharing this one's parts except `stale` (the ranking goes with the sources it numbers).
  func without(_ stale: Parts) -> CompletionCache {
    CompletionCache(
      sourceIndex: stale.contains(.sources) ? Part() : sourceIndex,
      ranking: stale.contains(.sources) || stale.contains(.ranking) ? Part() : rankingPart,
      noteIndex: stale.contains(.notes) ? Part() : noteIndex)
  }

  /// The source index, built on first use by `build` (or waited for while another thread builds it).
  func sources(_ build: () -> SourceSearchIndex) -> SourceSearchIndex { sourceIndex.value(build) }

  /// The source index's ids, most cited first then by key, built on first use by `build`.
  func ranking(_ build: () -> [Int32]) -> [Int32] { rankingPart.value(build) }

  /// The note name index, built on first use by `build`.
  func notes(_ build: () -> NoteSearchIndex) -> NoteSearchIndex { noteIndex.value(build) }

  /// Whether the source index is built (tests and benchmarks).
  var hasSources: Bool { sourceIndex.isBuilt }

  /// Whether the ranking of the sources is built (tests).
  var hasRanking: Bool { rankingPart.isBuilt }

  /// One lazily built value, built once by whoever needs it first; the others wait for that build.
  private final class Part<Value: Sendable>: Sendable {
    private let built = Mutex<Value?>(nil)

    func value(_ build: () -> Value) -> Value {
      built.withLock { built in
        if let built { return built }
        let value = build()
        built = value
        return value
      }
    }

    var isBuilt: Bool { built.withLock { $0 != nil } }
  }
}

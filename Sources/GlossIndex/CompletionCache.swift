import Foundation

/// The lazily built search structures of one state of a workspace, shared by its copies until one of them changes
/// what they were built from: a mutation then installs a fresh cache (copies keep theirs).
final class CompletionCache: @unchecked Sendable {
  private let lock = NSLock()
  private var sourceIndex: SourceSearchIndex?
  private var ranking: [Int32]?

  /// An empty cache.
  init() {}

  private init(sourceIndex: SourceSearchIndex?) { self.sourceIndex = sourceIndex }

  /// A new cache keeping this one's source index (for a change of citations only: the sources are the same).
  func keepingSources() -> CompletionCache {
    lock.lock()
    defer { lock.unlock() }
    return CompletionCache(sourceIndex: sourceIndex)
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
}

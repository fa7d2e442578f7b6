import LanguageServerProtocol

/// Where the loading of the workspace roots stands: whether the first indexing waits for the client's progress
/// token or for an idle moment, whether it happened, the id the next root gets, and the roots already told that
/// they hold no bibliography.
package struct RootLoading {
  /// Whether the roots still wait to be loaded (the first indexing waits for the progress token's creation).
  var isPending = false
  /// Whether the first indexing waits for the next idle moment (so that a restart answers what it can before it).
  private(set) var isDeferred = false
  /// The progress token of that first indexing, whose `begin` was sent (none for a client that takes no progress).
  private(set) var deferredToken: ProgressToken?
  /// Whether the workspace was loaded once (later folders are loaded as they come).
  package internal(set) var hasLoaded = false
  /// The id the next root gets.
  private var nextRootID = 1
  /// The roots (by path) already told that they hold no bibliography (said once each).
  private var toldNoSources: Set<String> = []

  /// Marks the first indexing as started: it no longer waits for anything.
  mutating func start() {
    hasLoaded = true
    isPending = false
    isDeferred = false
    deferredToken = nil
  }

  /// Makes the first indexing wait for the next idle moment, reporting its progress with `token` when given.
  mutating func deferFirstIndexing(progress token: ProgressToken?) {
    isPending = false
    isDeferred = true
    deferredToken = token
  }

  /// A new root's id, never given before.
  mutating func takeRootID() -> RootID {
    defer { nextRootID += 1 }
    return nextRootID
  }

  /// Whether the root at `path` is still to be told it holds no bibliography; true once per path.
  mutating func tellsNoSources(_ path: String) -> Bool {
    toldNoSources.insert(path).inserted
  }
}

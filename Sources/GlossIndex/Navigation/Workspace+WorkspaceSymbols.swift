import Synchronization

/// A lazily built `SymbolCatalog` shared by copies of one workspace state; a mutation installs a fresh cache.
final class SymbolCatalogCache: @unchecked Sendable {
  // Guarded by `lock`: snapshots of the workspace may be searched from several threads.
  private let lock = Mutex(())
  private var catalog: SymbolCatalog?
  /// The latest catalog built for an earlier state, whose prepared names the next build reuses.
  private var previous: SymbolCatalog?

  /// An empty cache.
  init() {}

  /// An empty cache for the state after `old`'s, keeping its catalog (or the one it kept) for reuse.
  init(after old: SymbolCatalogCache) {
    previous = old.lock.withLock { _ in old.catalog ?? old.previous }
  }

  /// The catalog, built by `build` (given the earlier catalog to reuse) on first use.
  func catalog(_ build: (SymbolCatalog?) -> SymbolCatalog) -> SymbolCatalog {
    lock.withLock { _ in
      if let catalog { return catalog }
      let built = build(previous)
      catalog = built
      previous = nil
      return built
    }
  }
}

extension Workspace {
  /// The notes, headings, sources and tags matching `query` (fuzzy; see `SymbolCatalog.search`), at most `limit`.
  ///
  /// The candidate list is built on the first search after a change and reused until the next one.
  package func workspaceSymbols(matching query: String, limit: Int = 200) -> [WorkspaceSymbolMatch] {
    symbolCatalog.search(query, limit: limit)
  }

  /// The symbol catalog of this state of the workspace, built once.
  package var symbolCatalog: SymbolCatalog { symbolCatalogCache.catalog { SymbolCatalog(self, reusing: $0) } }
}

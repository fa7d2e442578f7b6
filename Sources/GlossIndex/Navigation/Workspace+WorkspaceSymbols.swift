import Synchronization

/// A lazily built `SymbolCatalog` shared by copies of one workspace state; a mutation installs a fresh cache.
final class SymbolCatalogCache: Sendable {
  /// The catalog once built, and the latest catalog built for an earlier state, whose prepared names the next build
  /// reuses; locked: snapshots of the workspace may be searched from several threads.
  private let state: Mutex<(catalog: SymbolCatalog?, previous: SymbolCatalog?)>

  /// An empty cache.
  init() { state = Mutex((nil, nil)) }

  /// An empty cache for the state after `old`'s, keeping its catalog (or the one it kept) for reuse.
  init(after old: SymbolCatalogCache) {
    state = Mutex((nil, old.state.withLock { $0.catalog ?? $0.previous }))
  }

  /// The catalog, built by `build` (given the earlier catalog to reuse) on first use.
  func catalog(_ build: (SymbolCatalog?) -> SymbolCatalog) -> SymbolCatalog {
    state.withLock { state in
      if let catalog = state.catalog { return catalog }
      let built = build(state.previous)
      state = (built, nil)
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

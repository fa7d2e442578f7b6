import Foundation

/// A lazily built `SymbolCatalog` shared by copies of one workspace state; a mutation installs a fresh cache.
final class SymbolCatalogCache: @unchecked Sendable {
  // Guarded by `lock`: snapshots of the workspace may be searched from several threads.
  private let lock = NSLock()
  private var catalog: SymbolCatalog?

  /// The catalog, built by `build` on first use.
  func catalog(_ build: () -> SymbolCatalog) -> SymbolCatalog {
    lock.lock()
    defer { lock.unlock() }
    if let catalog { return catalog }
    let built = build()
    catalog = built
    return built
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
  package var symbolCatalog: SymbolCatalog { symbolCatalogCache.catalog { SymbolCatalog(self) } }
}

import LanguageServerProtocol

/// What the server tells the client of the background extractions: their `$/progress`, and the files whose
/// diagnostics arriving texts changed that wait to be published together (`Server.deferredPublishFrom`).
struct ExtractionReporting {
  /// The progress token of the extractions under way, once the client made it.
  var progress: ExtractionProgress?
  /// Files whose diagnostics arriving texts changed, published at the next tick or once the last text is in
  /// (`publishDeferredExtractionResults`) rather than with each batch: those with many diagnostics.
  private(set) var deferredPublishes: [RootID: Set<String>] = [:]

  /// Has the file at `path` of root `id` published with the deferred ones.
  mutating func deferPublish(of path: String, in id: RootID) {
    deferredPublishes[id, default: []].insert(path)
  }

  /// Drops `paths` of root `id` from those waiting: they are being published now.
  mutating func published(_ paths: [String], in id: RootID) {
    guard deferredPublishes[id] != nil else { return }
    deferredPublishes[id]?.subtract(paths)
    if deferredPublishes[id]?.isEmpty == true { deferredPublishes[id] = nil }
  }

  /// Takes the files waiting to be published, by root.
  mutating func takeDeferredPublishes() -> [RootID: Set<String>] {
    defer { deferredPublishes = [:] }
    return deferredPublishes
  }
}

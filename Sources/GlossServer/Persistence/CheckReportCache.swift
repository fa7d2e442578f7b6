package import GlossIndex

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `gloss check`'s report kept between runs: `$XDG_CACHE_HOME/gloss/workspaces/<hash of the root's real path>.check`
/// (`KeptRecordFile`), used only when a fresh walk finds every stamp equal, exactly as a restart snapshot is; anything
/// else (a file edited, added, removed or renamed, the config changed, another build, a damaged file) indexes the
/// workspace again and replaces it.
package struct CheckReportCache: Sendable {
  /// The file the report is kept in.
  let file: KeptRecordFile

  /// The reports kept in the cache folder `directory` for the build `build`.
  package init(directory: String, fileSystem: any FileSystem, build: String) {
    file = KeptRecordFile(directory: directory, fileSystem: fileSystem, build: build, suffix: "check")
  }

  /// The restart snapshots' folder and writer, shared.
  package var snapshots: RestartCache { file.snapshots }

  /// The file of the workspace whose real path is `realRoot`, relative to the cache folder.
  package func fileName(forRealRoot realRoot: String) -> String { file.fileName(forRealRoot: realRoot) }

  /// The absolute path of that file.
  package func filePath(forRealRoot realRoot: String) -> String { file.filePath(forRealRoot: realRoot) }

  /// The report kept for the workspace at `root`, when every file is as it was when it was made; nil otherwise.
  package func report(root: String, home: String?, fileSystem: any FileSystem) -> CheckReport? {
    guard let kept = file.read(root: root, home: home, fileSystem: fileSystem), kept.unchanged else { return nil }
    return CheckReport(decoding: kept.body)
  }

  /// Keeps `report`, made from `indexed` (the workspace at `root`), for the next run, when the files are still
  /// those the index read; returns why it was not kept, if it was not.
  @discardableResult
  package func store(
    _ report: CheckReport, of indexed: IndexedRoot, root: String, home: String?, fileSystem: any FileSystem,
    extractionCache: ExtractionCache?
  ) -> String? {
    let workspaceRoot = WorkspaceRoot(
      id: 0, kind: .folder, folderURI: FileURI(filePath: root).string, indexed: indexed)
    return file.store(
      report.encoded, of: workspaceRoot, root: root, home: home, fileSystem: fileSystem,
      extractionCache: extractionCache)
  }
}

extension CheckReport {
  /// `gloss check`'s report of the workspace at `root`: the one `cache` kept at the last run when every file is as
  /// it was then (`reused`), else the workspace indexed now, whose report is then kept for the next run.
  package static func keptOrIndexed(
    root: String, cache: CheckReportCache?, fileSystem: any FileSystem, progress: (IndexingStep) -> Void = { _ in },
    keyMemory: KeyMemory? = nil,
    extract: @escaping @Sendable (String, ExtractedFormat) -> ExtractionOutcome = {
      TextExtractor.extract($0, format: $1)
    }
  ) -> (report: CheckReport, reused: Bool) {
    let environment = ProcessInfo.processInfo.environment
    let home = environment["HOME"]
    if let cache, let kept = cache.report(root: root, home: home, fileSystem: fileSystem) { return (kept, true) }
    var indexed = IndexedRoot.forCommandLine(root: root, fileSystem: fileSystem, progress: progress, extract: extract)
    keyMemory?.apply(to: &indexed, root: root, fileSystem: fileSystem)
    let report = CheckReport(indexed: indexed, root: root, fileSystem: fileSystem)
    if let cache {
      let extractionCache = ExtractionCache.defaultDirectory(environment: environment).map {
        ExtractionCache(directory: $0, fileSystem: fileSystem)
      }
      cache.store(
        report, of: indexed, root: root, home: home, fileSystem: fileSystem, extractionCache: extractionCache)
    }
    return (report, false)
  }
}

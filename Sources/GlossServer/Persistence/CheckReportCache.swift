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
package struct CheckReportCache: KeptRecordCache {
  /// The file the report is kept in.
  package let file: KeptRecordFile

  /// The reports kept in the cache folder `writer` owns for the build `build`.
  package init(writer: PrivateFileWriter, build: String) {
    file = KeptRecordFile(writer: writer, build: build, suffix: "check")
  }

  /// The report kept for the workspace at `root`, when every file is as it was when it was made; nil otherwise.
  package func report(root: String, home: String?, fileSystem: any FileReading) -> CheckReport? {
    guard let kept = file.read(root: root, home: home, fileSystem: fileSystem), kept.unchanged else { return nil }
    return CheckReport(decoding: kept.body)
  }

  /// Keeps `report`, made from `indexed` (the workspace at `root`), for the next run, when the files are still
  /// those the index read; returns why it was not kept, if it was not.
  @discardableResult
  package func store(
    _ report: CheckReport, of indexed: IndexedRoot, root: String, home: String?, fileSystem: any FileReading,
    extractionCache: ExtractionCache?
  ) -> String? {
    file.store(
      report.encoded, of: indexed, root: root, home: home, fileSystem: fileSystem, extractionCache: extractionCache)
  }
}

extension CheckReport {
  /// `gloss check`'s report of the workspace at `root`: the one `cache` kept at the last run when every file is as
  /// it was then (`reused`), else the workspace indexed now, whose report is then kept for the next run.
  package static func keptOrIndexed(
    root: String, cache: CheckReportCache?, fileSystem: any FileReading, progress: (IndexingStep) -> Void = { _ in },
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
      cache.store(
        report, of: indexed, root: root, home: home, fileSystem: fileSystem,
        extractionCache: .forCommandLine(environment: environment))
    }
    return (report, false)
  }
}

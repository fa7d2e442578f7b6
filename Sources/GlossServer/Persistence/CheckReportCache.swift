package import GlossIndex

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `gloss check`'s report kept between runs: `$XDG_CACHE_HOME/gloss/workspaces/<hash of the root's real path>.check`,
/// beside the server's restart snapshots, written only through `PrivateFileWriter`.
///
/// The file is a restart snapshot (`RestartSnapshot`: the build, the root, the home folder, every file's stamp, the
/// other and unreadable files, the files the index named outside the walk, the extraction cache's entries) whose one
/// published record holds the report. It is used only when a fresh walk finds every stamp equal, exactly as a
/// restart snapshot is; anything else (a file edited, added, removed or renamed, the config changed, another build,
/// a damaged file) indexes the workspace again and replaces it.
package struct CheckReportCache: Sendable {
  /// The restart snapshots' folder and writer, shared.
  package let snapshots: RestartCache
  /// The name of the one record holding the report (never a path: paths are root-relative and never empty).
  static let recordName = ""

  /// The reports kept in the cache folder `directory` for the build `build`.
  package init(directory: String, fileSystem: any FileSystem, build: String) {
    snapshots = RestartCache(directory: directory, fileSystem: fileSystem, build: build)
  }

  /// The file of the workspace whose real path is `realRoot`, relative to the cache folder.
  package func fileName(forRealRoot realRoot: String) -> String {
    RestartCache.folder + "/" + String(ExtractionCache.hash(Array(realRoot.utf8)), radix: 16) + ".check"
  }

  /// The absolute path of that file.
  package func filePath(forRealRoot realRoot: String) -> String {
    PathComponents.join(snapshots.writer.directory, fileName(forRealRoot: realRoot))
  }

  /// What must be equal besides the files: the build, the root and its real path, the home folder.
  func key(root: String, home: String?, fileSystem: any FileSystem) -> RestartKey {
    RestartKey(
      build: snapshots.build, root: root, realRoot: (try? fileSystem.realPath(of: root)) ?? root, home: home ?? "",
      positionEncoding: "gloss check", settings: "")
  }

  /// The report kept for the workspace at `root`, when every file is as it was when it was made; nil otherwise.
  package func report(root: String, home: String?, fileSystem: any FileSystem) -> CheckReport? {
    let key = key(root: root, home: home, fileSystem: fileSystem)
    guard let bytes = try? snapshots.writer.read(fileName(forRealRoot: key.realRoot)),
      let snapshot = RestartSnapshot(decoding: bytes, build: snapshots.build), snapshot.key == key,
      snapshot.published.count == 1, snapshot.published[0].path == Self.recordName
    else { return nil }
    let config = WorkspaceFiles.loadConfig(root: root, editorSettings: nil, fileSystem: fileSystem)
    let walk = WorkspaceFiles.discover(
      root: root, config: config.config, fileSystem: fileSystem, home: home, referenced: snapshot.referenced)
    let entries = snapshot.extractionEntries.map { StampedPath(path: $0.path, fileSystem: fileSystem) }
    guard snapshot.matches(walk, entries: entries) else { return nil }
    return CheckReport(decoding: Array(snapshot.published[0].body))
  }

  /// Keeps `report`, made from `indexed` (the workspace at `root`), for the next run, when the files are still
  /// those the index read; returns why it was not kept, if it was not.
  @discardableResult
  package func store(
    _ report: CheckReport, of indexed: IndexedRoot, root: String, home: String?, fileSystem: any FileSystem,
    extractionCache: ExtractionCache?
  ) -> String? {
    let key = key(root: root, home: home, fileSystem: fileSystem)
    let workspaceRoot = WorkspaceRoot(
      id: 0, kind: .folder, folderURI: FileURI(filePath: root).string, indexed: indexed)
    let captured = RestartSnapshot.capture(
      workspaceRoot, published: [PublishedDiagnostics(path: Self.recordName, body: Data(report.encoded))], key: key,
      editorSettings: nil, fileSystem: fileSystem, extractionCache: extractionCache)
    switch captured {
    case .success(let snapshot):
      do {
        try snapshots.writer.write(snapshot.encoded, to: fileName(forRealRoot: key.realRoot))
        return nil
      } catch {
        return error.message
      }
    case .failure(let refusal):
      return refusal.description
    }
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

import GlossIndex

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One thing a command keeps between runs for a workspace (`gloss check`'s report, `gloss find`'s image):
/// `$XDG_CACHE_HOME/gloss/workspaces/<hash of the root's real path>.<suffix>`, beside the server's restart snapshots,
/// written only through `PrivateFileWriter` (docs/troubleshooting.md).
///
/// The file is a restart snapshot (`RestartSnapshot`: the build, the root, the home folder, every file's stamp, the
/// other and unreadable files, the files the index named outside the walk, the extraction cache's entries) whose one
/// published record holds the thing kept. Reading it walks the workspace again; the caller decides from the walk
/// whether the record still holds (`Kept.unchanged`: every stamp equal, exactly as a restart snapshot is used).
package struct KeptRecordFile: Sendable {
  /// The files, in the restart snapshots' folder (`suffix`: `check`, `find`, which also tells the kept things apart
  /// in their key).
  let cacheFile: WorkspaceCacheFile
  /// The Gloss build whose records this file reads and writes.
  let build: String
  /// The name of the one record (never a path: paths are root-relative and never empty).
  static let recordName = ""

  /// The `suffix` files kept in the cache folder `writer` owns for the build `build`.
  init(writer: PrivateFileWriter, build: String, suffix: String) {
    cacheFile = WorkspaceCacheFile(writer: writer, suffix: suffix)
    self.build = build
  }

  /// A kept record read back, with the walk made to check it.
  struct Kept {
    /// The snapshot around the record.
    var snapshot: RestartSnapshot
    /// The kept file's bytes, and where the record is in them (read in place: a find image is tens of megabytes).
    var bytes: FileBytes
    var record: Range<Int>
    /// A reader of the record's bytes, where they lie.
    var recordReader: ByteReader { ByteReader(bytes, in: record) }
    /// The workspace as a fresh walk finds it.
    var walk: WorkspaceFiles
    /// The extraction cache's entries as they are now.
    var entries: [StampedPath]
    /// The config the walk was made with (the command line's: no editor settings).
    var config: LoadedConfig
    /// Whether every stamp is as it was when the record was kept.
    var unchanged: Bool { snapshot.matches(walk, entries: entries) }
  }

  /// What must be equal besides the files: the build, the root and its real path, the home folder, the command.
  func key(root: String, home: String?, fileSystem: any FileReading) -> RestartKey {
    RestartKey(
      build: build, root: root, realRoot: (try? fileSystem.realPath(of: root)) ?? root, home: home ?? "",
      positionEncoding: "gloss " + cacheFile.suffix, settings: "")
  }

  /// The record kept for the workspace at `root` by this build for this command, with a fresh walk of the workspace
  /// (with the config the command line reads: no editor settings); nil when there is none or it is damaged.
  func read(root: String, home: String?, fileSystem: any FileReading) -> Kept? {
    guard let (snapshot, bytes, record) = inPlace(root: root, home: home, fileSystem: fileSystem) else { return nil }
    return walked(snapshot, bytes: bytes, record: record, root: root, home: home, fileSystem: fileSystem)
  }

  /// The record kept in `snapshot` (`inPlace`), with a fresh walk of the workspace at `root`.
  func walked(
    _ snapshot: RestartSnapshot, bytes: FileBytes, record: Range<Int>, root: String, home: String?,
    fileSystem: any FileReading
  ) -> Kept {
    let config = WorkspaceFiles.loadConfig(root: root, editorSettings: nil, fileSystem: fileSystem)
    let walk = WorkspaceFiles.discover(
      root: root, config: config.config, fileSystem: fileSystem, home: home, referenced: snapshot.referenced)
    let entries = snapshot.extractionEntries.map { StampedPath(path: $0.path, fileSystem: fileSystem) }
    return Kept(
      snapshot: snapshot, bytes: bytes, record: record, walk: walk, entries: entries, config: config)
  }

  /// The snapshot around the record kept for the workspace at `root` by this build for this command, without walking
  /// the workspace, with the file's bytes and where the record is in them (the record is read in place: its body in
  /// the snapshot is empty); nil when there is none or it is damaged. With `onlySources`, the snapshot holds only the
  /// source documents of its files (`RestartSnapshot.init(decoding:build:copyingBodies:onlySources:)`).
  func inPlace(root: String, home: String?, fileSystem: any FileReading, onlySources: Bool = false)
    -> (snapshot: RestartSnapshot, bytes: FileBytes, record: Range<Int>)?
  {
    let key = key(root: root, home: home, fileSystem: fileSystem)
    guard let bytes = cacheFile.mapped(forRealRoot: key.realRoot),
      let snapshot = RestartSnapshot(decoding: bytes, build: build, copyingBodies: false, onlySources: onlySources),
      snapshot.key == key,
      snapshot.published.count == 1, snapshot.published[0].path == Self.recordName
    else { return nil }
    return (snapshot, bytes, snapshot.bodyRanges[0])
  }

  /// Keeps `body` again in place of `kept`'s record, made from the files of `kept.walk` (read after that walk: a file
  /// changed since has another stamp than the one kept, so the next run does not take it for unchanged), with the
  /// files the index named outside the walk `referenced`; returns why it was not kept, if it was not.
  func store(_ body: [UInt8], replacing kept: Kept, referenced: [String: FileRole]) -> String? {
    let snapshot = RestartSnapshot(
      key: kept.snapshot.key, files: kept.walk.files, otherFiles: kept.walk.otherFiles.map(\.path),
      skipped: kept.walk.skipped, referenced: referenced, extractionEntries: kept.entries,
      published: [PublishedDiagnostics(path: Self.recordName, body: Data(body))])
    return keep(snapshot)
  }

  /// Keeps `body`, made from `indexed` (the folder at `root`, indexed for the command line), for the next run, when
  /// the files are still those the index read; returns why it was not kept, if it was not.
  func store(
    _ body: [UInt8], of indexed: IndexedRoot, root: String, home: String?, fileSystem: any FileReading,
    extractionCache: ExtractionCache?
  ) -> String? {
    store(
      body, of: Self.workspaceRoot(indexed, root: root), root: root, home: home, fileSystem: fileSystem,
      extractionCache: extractionCache)
  }

  /// `indexed`, the folder at `root` indexed for the command line, as the server holds a root.
  static func workspaceRoot(_ indexed: IndexedRoot, root: String) -> WorkspaceRoot {
    WorkspaceRoot(id: 0, kind: .folder, folderURI: FileURI(filePath: root).string, indexed: indexed)
  }

  /// Keeps `body`, made from `indexed` (the workspace at `root`), for the next run, when the files are still those
  /// the index read; returns why it was not kept, if it was not.
  func store(
    _ body: [UInt8], of indexed: WorkspaceRoot, root: String, home: String?, fileSystem: any FileReading,
    extractionCache: ExtractionCache?
  ) -> String? {
    let key = key(root: root, home: home, fileSystem: fileSystem)
    let captured = RestartSnapshot.capture(
      indexed, published: [PublishedDiagnostics(path: Self.recordName, body: Data(body))], key: key,
      editorSettings: nil, fileSystem: fileSystem, extractionCache: extractionCache)
    switch captured {
    case .success(let snapshot): return keep(snapshot)
    case .failure(let refusal): return refusal.description
    }
  }

  /// Writes `snapshot` in place of its workspace's file; returns why it was not written, if it was not.
  private func keep(_ snapshot: RestartSnapshot) -> String? {
    do {
      try cacheFile.store(snapshot.encoded, forRealRoot: snapshot.key.realRoot)
      return nil
    } catch {
      return error.message
    }
  }
}

/// What a command keeps between runs in a `KeptRecordFile` (`CheckReportCache`, `FindImageCache`): where it is.
package protocol KeptRecordCache: Sendable {
  /// The file the thing is kept in.
  var file: KeptRecordFile { get }
}

extension KeptRecordCache {
  /// The file of the workspace whose real path is `realRoot`, relative to the cache folder.
  package func fileName(forRealRoot realRoot: String) -> String { file.cacheFile.fileName(forRealRoot: realRoot) }

  /// The absolute path of that file.
  package func filePath(forRealRoot realRoot: String) -> String { file.cacheFile.filePath(forRealRoot: realRoot) }
}

package import GlossIndex
import GlossSyntax

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `gloss find`'s image kept between runs: `$XDG_CACHE_HOME/gloss/workspaces/<hash of the root's real path>.find`,
/// beside the restart snapshots and the kept check reports, written only through `PrivateFileWriter`
/// (docs/troubleshooting.md, "The find image").
///
/// As the kept check report (`CheckReportCache`), the file is a restart snapshot (the build, the root, the home
/// folder, every file's stamp, the files the index named outside the walk, the extraction cache's entries) whose one
/// published record holds the image (`FindImage`). It is used only when a fresh walk finds every stamp equal; anything
/// else (a file edited, added, removed, renamed or touched, the config changed, another build, a damaged file) has
/// the workspace indexed again, and the image replaced.
package struct FindImageCache: Sendable {
  /// The file the image is kept in.
  let file: KeptRecordFile

  /// The images kept in the cache folder `directory` for the build `build`.
  package init(directory: String, fileSystem: any FileSystem, build: String) {
    file = KeptRecordFile(directory: directory, fileSystem: fileSystem, build: build, suffix: "find")
  }

  /// The restart snapshots' folder and writer, shared.
  package var snapshots: RestartCache { file.snapshots }

  /// The file of the workspace whose real path is `realRoot`, relative to the cache folder.
  package func fileName(forRealRoot realRoot: String) -> String { file.fileName(forRealRoot: realRoot) }

  /// The absolute path of that file.
  package func filePath(forRealRoot realRoot: String) -> String { file.filePath(forRealRoot: realRoot) }

  /// The image kept for the workspace at `root` with the walk that found every file as it was when it was made, or
  /// with only notes changed since (edited, added, removed or renamed; none naming a bibliography, then or now, none
  /// unreadable): find reads no note but with `--notes`, which reads them from the walk. Nil otherwise.
  package func image(root: String, home: String?, fileSystem: any FileSystem) -> (FindImage, WorkspaceFiles)? {
    guard let kept = file.read(root: root, home: home, fileSystem: fileSystem) else { return nil }
    let (snapshot, walk, entries, unchanged) = (kept.snapshot, kept.walk, kept.entries, kept.unchanged)
    guard unchanged || Self.onlyNotesDiffer(snapshot, walk, entries: entries),
      var image = FindImage(decoding: kept.body)
    else { return nil }
    if !unchanged {
      let before = Dictionary(snapshot.files.map { ($0.path, $0) }) { first, _ in first }
      let now = Dictionary(walk.files.map { ($0.path, $0) }) { first, _ in first }
      let removed = before.keys.filter { now[$0] == nil }
      let changed = now.keys.filter { before[$0] != now[$0] }
      let skipped = Set(image.skipped.map(\.path))
      for path in removed + changed where image.notesNamingBibliographies.contains(path) || skipped.contains(path) {
        return nil
      }
      for path in changed {
        guard case .success(let text) = walk.read(path, fileSystem: fileSystem), !FindImage.mayNameBibliography(text)
        else { return nil }
      }
      let notes = walk.files.filter { $0.role == .note }.map(\.path).sorted { $0.utf8Precedes($1) }
      image.find = image.find.replacingNotePaths(notes)
    }
    return (image, walk)
  }

  /// Whether the walk differs from the snapshot's only in notes: every other file, the other files, the unreadable
  /// ones and the extraction entries as they were.
  static func onlyNotesDiffer(_ snapshot: RestartSnapshot, _ walk: WorkspaceFiles, entries: [StampedPath]) -> Bool {
    walk.otherFiles.map(\.path) == snapshot.otherFiles && walk.skipped == snapshot.skipped
      && entries == snapshot.extractionEntries && !snapshot.referenced.values.contains(.bibliography)
      && walk.files.filter { $0.role != .note } == snapshot.files.filter { $0.role != .note }
  }

  /// Keeps the image of `indexed` (the workspace at `root`) for the next run, when the files are still those the
  /// index read; returns why it was not kept, if it was not.
  @discardableResult
  package func store(
    _ indexed: IndexedRoot, root: String, home: String?, fileSystem: any FileSystem, extractionCache: ExtractionCache?
  ) -> String? {
    var naming: Set<String> = []
    for path in indexed.workspace.notes.keys {
      guard let text = indexed.texts[path] else { return "a note's text is not at hand" }
      if FindImage.mayNameBibliography(text.bytes) { naming.insert(path) }
    }
    let workspaceRoot = WorkspaceRoot(
      id: 0, kind: .folder, folderURI: FileURI(filePath: root).string, indexed: indexed)
    return store(
      workspaceRoot, root: root, skipped: indexed.skipped, notesNamingBibliographies: naming, home: home,
      fileSystem: fileSystem, extractionCache: extractionCache)
  }

  /// Keeps the image of `indexed`, the workspace at `root` indexed with the config the command line reads (no editor
  /// settings), whose indexing skipped `skipped` and whose notes that may name a bibliography are `naming`, when the
  /// files are still those the index read; returns why it was not kept, if it was not. The language server keeps it
  /// this way too (`Server.findImageWork`).
  func store(
    _ indexed: WorkspaceRoot, root: String, skipped: [SkippedFile], notesNamingBibliographies naming: Set<String>,
    home: String?, fileSystem: any FileSystem, extractionCache: ExtractionCache?
  ) -> String? {
    guard let find = indexed.workspace.detachedFind else { return "the search could not be kept" }
    let image = FindImage(find: find, skipped: skipped, notesNamingBibliographies: naming)
    return file.store(
      image.encoded, of: indexed, root: root, home: home, fileSystem: fileSystem, extractionCache: extractionCache)
  }
}

extension FindReport {
  /// `gloss find`'s report for `phrase` in the workspace at `root`: searched in the image `cache` kept when every
  /// file is as it was then (`reused`), else the workspace indexed now, whose image is then kept for the next run.
  package static func keptOrIndexed(
    root: String, phrase: String, limit: Int, includingNotes: Bool, cache: FindImageCache?, fileSystem: any FileSystem,
    progress: (IndexingStep) -> Void = { _ in },
    extract: @escaping @Sendable (String, ExtractedFormat) -> ExtractionOutcome = {
      TextExtractor.extract($0, format: $1)
    },
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> (report: FindReport, reused: Bool) {
    let home = environment["HOME"]
    if let cache, let (image, files) = cache.image(root: root, home: home, fileSystem: fileSystem),
      let report = FindReport(
        image: image, files: files, phrase: phrase, limit: limit, includingNotes: includingNotes,
        fileSystem: fileSystem)
    {
      return (report, true)
    }
    let indexed = IndexedRoot.forCommandLine(
      root: root, fileSystem: fileSystem, progress: progress, extract: extract, environment: environment)
    let report = FindReport(
      indexed: indexed, phrase: phrase, limit: limit, includingNotes: includingNotes, fileSystem: fileSystem)
    if let cache {
      let extractionCache = ExtractionCache.defaultDirectory(environment: environment).map {
        ExtractionCache(directory: $0, fileSystem: fileSystem)
      }
      cache.store(indexed, root: root, home: home, fileSystem: fileSystem, extractionCache: extractionCache)
    }
    return (report, false)
  }
}

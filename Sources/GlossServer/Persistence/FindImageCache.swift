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
/// published record holds the image (`FindImage`). It is used as it is when a fresh walk finds every stamp equal, or
/// only notes changed; when sources whose text is their file's changed too (edited, added, removed, renamed), only
/// those are signed again and the image is kept again (`FindImageUse.updated`). Anything else (a bibliography, the
/// config, a PDF, another build, a damaged file) has the workspace indexed again, and the image replaced.
package struct FindImageCache: KeptRecordCache {
  /// The file the image is kept in.
  package let file: KeptRecordFile

  /// The images kept in the cache folder `writer` owns for the build `build`.
  package init(writer: PrivateFileWriter, build: String) {
    file = KeptRecordFile(writer: writer, build: build, suffix: "find")
  }

  /// What `search` finds in the image kept for the workspace at `root` (nil when it finds that a source's text is no
  /// longer the one indexed), and how the image was had (`image(_:kept:fileSystem:)`); nil when there is no image to
  /// search.
  ///
  /// The image is decoded and searched on another core while this one walks the workspace (on a 10,000-note
  /// workspace the walk took a fifth of a find's time and the search a third, one after the other). What it found is
  /// used when the walk finds every file as it was kept; otherwise the image is brought up to the walk and searched
  /// again.
  package func searched(
    root: String, home: String?, fileSystem: any FileReading,
    search: @escaping @Sendable (FindImage) -> FindReport?
  ) -> (report: FindReport?, use: FindImageUse)? {
    guard let (snapshot, bytes, record) = file.inPlace(root: root, home: home, fileSystem: fileSystem) else {
      return nil
    }
    let early = BackgroundResult {
      FindImage(decoding: bytes, in: record).map { image in (image: image, report: search(image)) }
    }
    let kept = file.walked(snapshot, bytes: bytes, record: record, root: root, home: home, fileSystem: fileSystem)
    guard let decoded = early.value() else { return nil }
    if kept.unchanged { return (decoded.report, .kept) }
    guard let (image, use) = image(decoded.image, kept: kept, fileSystem: fileSystem) else { return nil }
    return (search(image), use)
  }

  /// The image `image` kept in `kept`, brought up to the files the walk of `kept` finds (some of which changed since
  /// it was made), and how it was had: as kept when only notes changed since (edited, added, removed or renamed;
  /// none naming a bibliography, then or now, none unreadable: find reads no note but with `--notes`, which reads
  /// them from the walk); with the sources that changed signed again, then kept again, when besides notes only
  /// sources whose text is their file's changed (`updatedSources`). Nil otherwise.
  func image(_ image: FindImage, kept: KeptRecordFile.Kept, fileSystem: any FileReading) -> (
    image: FindImage, use: FindImageUse
  )? {
    var image = image
    let (snapshot, walk) = (kept.snapshot, kept.walk)
    guard Self.onlyNotesAndSourcesDiffer(snapshot, walk, entries: kept.entries) else { return nil }
    let before = Dictionary(snapshot.files.map { ($0.path, $0) }) { first, _ in first }
    let now = Dictionary(walk.files.map { ($0.path, $0) }) { first, _ in first }
    let removed = before.keys.filter { now[$0] == nil }
    let changed = now.keys.filter { before[$0] != now[$0] }
    let skipped = Set(image.skipped.map(\.path))
    var sources: Set<String> = []
    for path in removed + changed {
      let roles = [before[path]?.role, now[path]?.role].compactMap { $0 }
      if roles.contains(.sourceDocument) {
        // A source whose text a tool extracts, one the index named outside the walk, or a file that changed roles:
        // indexed whole.
        guard roles.allSatisfy({ $0 == .sourceDocument }), ExtractedFormat(path: path) == nil,
          snapshot.referenced[path] == nil, !skipped.contains(path)
        else { return nil }
        sources.insert(path)
        continue
      }
      if image.notesNamingBibliographies.contains(path) || skipped.contains(path) { return nil }
    }
    for path in changed where now[path]?.role == .note {
      guard case .success(let text) = walk.read(path, fileSystem: fileSystem), !FindImage.mayNameBibliography(text)
      else { return nil }
    }
    let notes = walk.files.filter { $0.role == .note }.map(\.path).sorted { $0.utf8Precedes($1) }
    guard !sources.isEmpty else {
      image.find = image.find.replacingNotePaths(notes)
      return (image, .kept)
    }
    guard
      let (find, referenced) = Self.updatedSources(
        image.find, changed: sources, kept: kept, notePaths: notes, fileSystem: fileSystem)
    else { return nil }
    image.find = find
    // Kept again, so that the next run finds it unchanged; a find answers the same whether it could or not.
    _ = file.store(image.encoded, replacing: kept, referenced: referenced)
    return (image, .updated(sources: sources.count))
  }

  /// The search over the sources' text kept for the workspace at `root`, read without walking the workspace, with the
  /// source documents and extraction cache entries it was made from: for the language server's restart, which has
  /// walked the workspace already and takes the search only for sources found exactly as they were
  /// (`KeptTextSearch.changedSources`). Nil when there is none or it is damaged.
  package func keptTextSearch(root: String, home: String?, fileSystem: any FileReading) -> KeptTextSearch? {
    // Decoded where it lies in the file's bytes: the image is tens of megabytes on a large workspace. Of the
    // snapshot, the source documents alone (the notes were half of the read on a 50,000-note workspace).
    guard
      let (snapshot, bytes, record) = file.inPlace(
        root: root, home: home, fileSystem: fileSystem, onlySources: true),
      let image = FindImage(decoding: bytes, in: record)
    else { return nil }
    return KeptTextSearch(
      find: image.find, sources: Set(snapshot.files.filter { $0.role == .sourceDocument }),
      extractionEntries: Set(snapshot.extractionEntries))
  }

  /// Whether the walk differs from the snapshot's only in notes and sources: the config and bibliographies, the
  /// other files, the unreadable ones and the extraction entries as they were, and no bibliography named from
  /// outside the walk (a note's front matter, a Zotero library).
  static func onlyNotesAndSourcesDiffer(_ snapshot: RestartSnapshot, _ walk: WorkspaceFiles, entries: [StampedPath])
    -> Bool
  {
    func others(_ files: [DiscoveredFile]) -> [DiscoveredFile] {
      files.filter { $0.role != .note && $0.role != .sourceDocument }
    }
    return walk.otherFiles.map(\.path) == snapshot.otherFiles && walk.skipped == snapshot.skipped
      && entries == snapshot.extractionEntries && !snapshot.referenced.values.contains(.bibliography)
      && others(walk.files) == others(snapshot.files)
  }

  /// The search `find` brought up to the sources of `kept.walk`, those at `changed` (each one whose text is its
  /// file's) read and signed again, with the files the index names outside the walk; nil when that cannot be
  /// told without indexing the workspace (a changed source or a bibliography unreadable, a file a bibliography names
  /// now there outside the walk).
  ///
  /// Every source's citing key and printed pages are worked out again, from the bibliographies and the sources (a
  /// source added or removed can give a key to another): the sources are read (the extracted texts from the image),
  /// not signed, nor any note read.
  static func updatedSources(
    _ find: DetachedFind, changed: Set<String>, kept: KeptRecordFile.Kept, notePaths: [String],
    fileSystem: any FileReading
  ) -> (DetachedFind, referenced: [String: FileRole])? {
    let walk = kept.walk
    var workspace = Workspace(
      indexing: [], config: kept.config.config, configProblems: kept.config.fileProblems,
      configPath: WorkspaceLayout.configFileName, otherFiles: Set(walk.otherFiles.map(\.path)), place: walk.place)
    let files = walk.files.filter { $0.role == .sourceDocument || $0.role == .bibliography }
    let unread = ParallelSlots<Bool>(count: files.count)
    workspace.addFiles(count: files.count, indexingQuotations: false) { index in
      let file = files[index]
      if file.role == .sourceDocument, ExtractedFormat(path: file.path) != nil {
        // Not changed (a changed one is indexed whole): its text as the image holds it.
        guard let extracted = find.sources[file.path]?.extracted else {
          unread.set(index, true)
          return nil
        }
        return WorkspaceFile(
          path: file.path, role: .sourceDocument, bytes: extracted.text, pageLabels: extracted.pageLabels)
      }
      guard case .success(let bytes) = walk.read(file.path, fileSystem: fileSystem) else {
        unread.set(index, true)
        return nil
      }
      return WorkspaceFile(
        path: file.path, role: file.role == .bibliography ? .bibliography : .sourceDocument, bytes: bytes)
    }
    guard !unread.values.contains(true) else { return nil }
    var problems: [String: String] = [:]
    for source in find.sources.values where workspace.sourceDocuments[source.path] != nil {
      if let problem = source.textProblem { problems[source.path] = problem }
    }
    workspace.setTextProblems(problems)
    // A file a bibliography's `file` field names, now there outside the walk, would be indexed as a source.
    let known = Set(walk.files.map(\.path))
    let unloaded = workspace.unloadedEntryFiles.subtracting(known)
    for path in unloaded {
      if let status = try? fileSystem.status(of: walk.absolutePath(path)), !status.isDirectory { return nil }
    }
    guard let updated = workspace.detachedFind(updating: find, changed: changed, notePaths: notePaths) else {
      return nil
    }
    var referenced = kept.snapshot.referenced
    for path in unloaded where referenced[path] == nil { referenced[path] = .sourceDocument }
    return (updated, referenced)
  }

  /// Keeps the image of `indexed` (the workspace at `root`) for the next run, when the files are still those the
  /// index read; returns why it was not kept, if it was not.
  @discardableResult
  package func store(
    _ indexed: IndexedRoot, root: String, home: String?, fileSystem: any FileReading, extractionCache: ExtractionCache?
  ) -> String? {
    var naming: Set<String> = []
    for path in indexed.workspace.notes.keys {
      guard let text = indexed.texts[path] else { return "a note's text is not at hand" }
      if FindImage.mayNameBibliography(text.bytes) { naming.insert(path) }
    }
    return store(
      KeptRecordFile.workspaceRoot(indexed, root: root), root: root, skipped: indexed.skipped,
      notesNamingBibliographies: naming, home: home, fileSystem: fileSystem, extractionCache: extractionCache)
  }

  /// Keeps the image of `indexed`, the workspace at `root` indexed with the config the command line reads (no editor
  /// settings), whose indexing skipped `skipped` and whose notes that may name a bibliography are `naming`, when the
  /// files are still those the index read; returns why it was not kept, if it was not. The language server keeps it
  /// this way too (`Server.findImageWork`).
  func store(
    _ indexed: WorkspaceRoot, root: String, skipped: [SkippedFile], notesNamingBibliographies naming: Set<String>,
    home: String?, fileSystem: any FileReading, extractionCache: ExtractionCache?
  ) -> String? {
    guard let find = indexed.workspace.detachedFind else { return "the search could not be kept" }
    let image = FindImage(find: find, skipped: skipped, notesNamingBibliographies: naming)
    return file.store(
      image.encoded, of: indexed, root: root, home: home, fileSystem: fileSystem, extractionCache: extractionCache)
  }
}

extension FindReport {
  /// `gloss find`'s report for `phrase` in the workspace at `root`: searched in the image `cache` kept, as it is or
  /// brought up to the sources changed since (`FindImageCache.image`), else in the workspace indexed now, whose image
  /// is then kept for the next run; with how the search was had.
  package static func keptOrIndexed(
    root: String, phrase: String, limit: Int, includingNotes: Bool, cache: FindImageCache?, fileSystem: any FileReading,
    progress: (IndexingStep) -> Void = { _ in },
    extract: @escaping @Sendable (String, ExtractedFormat) -> ExtractionOutcome = {
      TextExtractor.extract($0, format: $1)
    },
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> (report: FindReport, use: FindImageUse) {
    let home = environment["HOME"]
    let searched = cache?.searched(root: root, home: home, fileSystem: fileSystem) { image in
      FindReport(
        image: image, root: root, home: home, phrase: phrase, limit: limit, includingNotes: includingNotes,
        fileSystem: fileSystem)
    }
    if let searched, let report = searched.report { return (report, searched.use) }
    let indexed = IndexedRoot.forCommandLine(
      root: root, fileSystem: fileSystem, progress: progress, extract: extract, environment: environment)
    let report = FindReport(
      indexed: indexed, phrase: phrase, limit: limit, includingNotes: includingNotes, fileSystem: fileSystem)
    if let cache {
      cache.store(
        indexed, root: root, home: home, fileSystem: fileSystem,
        extractionCache: .forCommandLine(environment: environment))
    }
    return (report, .indexed)
  }
}

/// How `gloss find` had the search it answered from.
package enum FindImageUse: Hashable, Sendable {
  /// The workspace indexed whole (no image kept, or one that could not be used).
  case indexed
  /// The image kept, as it was (nothing changed since, or only notes).
  case kept
  /// The image kept, with `sources` sources signed again (edited, added, removed or renamed since), then kept again.
  case updated(sources: Int)

  /// Whether the search came from the kept image (the workspace was not indexed).
  package var usedImage: Bool { self != .indexed }
}

/// The search over the sources' text that `gloss find`'s image keeps (`FindImageCache.keptTextSearch`), with what it
/// was made from: a restarted server takes it as its index's search when the sources are exactly those.
package struct KeptTextSearch: Sendable {
  /// The search and what it reads.
  package var find: DetachedFind
  /// The source documents of the workspace the image was made from, with their stamps.
  var sources: Set<DiscoveredFile>
  /// The extraction cache's entries then (the extracted texts' files, with their stamps).
  var extractionEntries: Set<StampedPath>

  /// The sources among `files` (a walk's) that changed since the search was made: added, removed, or with another
  /// stamp (each other source's text is the one signed). A failure says why the search cannot be brought up to them:
  /// the extraction cache's entries changed, or a source whose text a tool extracts (a PDF's) changed.
  package func changedSources(files: [DiscoveredFile], fileSystem: any FileReading) -> Result<Set<String>, Misfit> {
    let entries = extractionEntries.map { StampedPath(path: $0.path, fileSystem: fileSystem) }
    if let entry = entries.first(where: { !extractionEntries.contains($0) }) {
      return .failure(Misfit(reason: "the extracted texts' '\(entry.path)' changed"))
    }
    var changed: Set<String> = []
    var kept = 0
    for file in files where file.role == .sourceDocument {
      if sources.contains(file) {
        kept += 1
      } else {
        changed.insert(file.path)
      }
    }
    if kept < sources.count {
      let now = Set(files.lazy.filter { $0.role == .sourceDocument }.map(\.path))
      for source in sources where !now.contains(source.path) { changed.insert(source.path) }
    }
    if let extracted = changed.first(where: { ExtractedFormat(path: $0) != nil }) {
      return .failure(Misfit(reason: "its text was extracted from '\(extracted)', which changed"))
    }
    return .success(changed)
  }

  /// Why a kept search cannot be brought up to a workspace.
  package struct Misfit: Error {
    package var reason: String
  }
}

import GlossIndex
import GlossSyntax
import LanguageServerProtocol

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Files changed outside the editor: watched-file events, file operations, and Gloss's own periodic scan.
extension Server {
  /// Periodic work, called for each `.tick`: scans every folder root for files created, changed or deleted (sizes
  /// and modification times), because several clients never send `workspace/didChangeWatchedFiles`. Under
  /// `runLanguageServer` the walk happens off the loop instead (`ScanBoard`), and only its result comes in.
  func tick(at date: Date) {
    guard state == .running, loading.hasLoaded, !scanning.runsInBackground else { return }
    for id in roots.filter({ $0.kind == .folder }).map(\.id) { syncWithDisk(id) }
  }

  /// `workspace/didChangeWatchedFiles`: rescans the roots concerned, re-reading the files named even when their
  /// size and time look unchanged.
  func didChangeWatchedFiles(_ params: DidChangeWatchedFilesNotification) {
    syncWithDisk(forcing: params.changes.map(\.uri))
  }

  /// `workspace/didCreateFiles`: files created from the editor.
  func didCreateFiles(_ params: DidCreateFilesNotification) {
    syncWithDisk(forcing: params.files.map(\.uri))
  }

  /// `workspace/didDeleteFiles`: files deleted from the editor.
  func didDeleteFiles(_ params: DidDeleteFilesNotification) {
    syncWithDisk(forcing: params.files.map(\.uri))
  }

  /// `workspace/didRenameFiles`: files renamed from the editor (the old path goes, the new one comes).
  func didRenameFiles(_ params: DidRenameFilesNotification) {
    syncWithDisk(forcing: params.files.flatMap { [$0.oldUri, $0.newUri] })
    // An open document renamed keeps its buffer under its new URI once the client reopens it; until then the
    // old attachment stays as it is.
  }

  /// Rescans the folder roots holding `uris`, forcing those files to be read again.
  private func syncWithDisk(forcing uris: [DocumentURI]) {
    var forced: [RootID: Set<String>] = [:]
    for uri in uris {
      guard let location = locate(uri), root(location.root)?.kind == .folder else { continue }
      forced[location.root, default: []].insert(location.path)
    }
    for (id, paths) in forced.sorted(by: { $0.key < $1.key }) { syncWithDisk(id, forcing: paths) }
  }

  /// Walks the folder root `id` again and brings the index up to date with the disk; open documents are left alone.
  func syncWithDisk(_ id: RootID, forcing forced: Set<String> = []) {
    guard let index = rootIndex(id), roots[index].kind == .folder else { return }
    let (next, changes) = roots[index].files.rescanned(fileSystem: options.reader)
    apply(next, changes, forcing: forced, in: id)
  }

  /// Applies a scan made off the loop, unless the root's files changed since the scan's base (then it is stale and
  /// the next scan will see the change again).
  func applyScan(_ result: ScanBoard.Result) {
    guard state == .running, let index = rootIndex(result.root), roots[index].filesGeneration == result.generation
    else { return }
    apply(result.files, result.changes, forcing: [], in: result.root)
  }

  /// Posts the folder roots' files for the background scan when they changed since the last post.
  func postScanTargetsIfChanged() {
    scanning.post(roots)
  }

  /// Brings folder root `id` up to date with a walk's result: `next` files and the `changes` since the current ones.
  private func apply(_ next: WorkspaceFiles, _ changes: FileChanges, forcing forced: Set<String>, in id: RootID) {
    guard let index = rootIndex(id) else { return }
    let settings = WorkspaceLayout.settingsFileNames
    if settings.contains(where: {
      forced.contains($0) || changes.created.contains($0) || changes.changed.contains($0)
        || changes.deleted.contains($0)
    }), reloadConfig(of: id) {
      return
    }
    guard !changes.isEmpty || !forced.isEmpty else { return }
    let oldOthers = Set(roots[index].files.otherFiles.map(\.path))
    roots[index].files = next
    reportSkipped(next.skipped, in: id)
    var changed: Set<String> = []
    let newOthers = Set(next.otherFiles.map(\.path))
    if newOthers != oldOthers { changed.formUnion(roots[index].workspace.setOtherFiles(newOthers)) }
    let paths = Set(changes.created + changes.changed + changes.deleted).union(forced)
    changed.formUnion(reload(paths, in: index))
    publishSorted(changed, in: id)
    refreshDecorations(afterChanging: paths, affecting: changed, in: id)
  }

  /// Re-reads `paths` of root `id` from disk (skipping open documents) and publishes what changed.
  func reloadFromDisk(_ paths: Set<String>, in id: RootID) {
    guard let index = rootIndex(id) else { return }
    let changed = reload(paths, in: index)
    publishSorted(changed, in: id)
    refreshDecorations(afterChanging: paths, affecting: changed, in: id)
  }

  /// Re-reads `paths` of the root at `index` from disk into its index; returns the paths whose diagnostics changed.
  private func reload(_ paths: Set<String>, in index: Int) -> Set<String> {
    var changed: Set<String> = []
    var paths = paths
    // Zotero's database, its log or Better BibTeX's database changed, or the base folder its preferences name: the
    // library is read again, once.
    if let zotero = roots[index].zotero {
      let place = roots[index].files.place
      func indexPaths(_ paths: [String]) -> Set<String> { Set(paths.map { place.indexPath(ofAbsolute: $0) ?? $0 }) }
      let library = indexPaths(zotero.libraryPaths)
      let preferences = indexPaths(zotero.preferenceFiles)
      var current = zotero
      if !paths.isDisjoint(with: preferences) {
        paths.subtract(preferences)
        current.readPreferences(fileSystem: options.reader)
      }
      if !paths.isDisjoint(with: library) || current != zotero {
        paths.subtract(library)
        changed.formUnion(reloadZotero(current, in: index))
      }
    }
    var skipped: [SkippedFile] = []
    var sourceDocuments: [(path: String, bytes: [UInt8])] = []
    let roles = Dictionary(roots[index].files.files.map { ($0.path, $0.role) }, uniquingKeysWith: { a, _ in a })
    for path in paths.sorted() where roots[index].openPaths[path] == nil {
      let role = roles[path] ?? (isReferenced(path, in: index) ? .bibliography : nil)
      guard let role, role != .config else {
        roots[index].texts[path] = nil
        roots[index].releasedTexts[path] = nil
        if isIndexed(path, in: index) { changed.formUnion(roots[index].workspace.remove(path: path)) }
        continue
      }
      if role == .sourceDocument, let format = ExtractedFormat(path: path) {
        changed.formUnion(loadExtracted(path, format: format, in: index))
        continue
      }
      switch roots[index].files.read(path, fileSystem: options.reader) {
      case .success(let bytes) where role == .sourceDocument:
        sourceDocuments.append((path, bytes))
      case .success(let bytes):
        changed.formUnion(set(path, role: role, bytes: bytes, in: index))
      case .failure(let problem):
        if problem.reason.hasPrefix("no such file") == false { skipped.append(problem) }
        roots[index].texts[path] = nil
        roots[index].releasedTexts[path] = nil
        if isIndexed(path, in: index) { changed.formUnion(roots[index].workspace.remove(path: path)) }
      }
    }
    changed.formUnion(setSourceDocuments(sourceDocuments, in: index))
    changed.formUnion(loadReferencedFiles(in: index))
    reportSkipped(skipped, in: roots[index].id)
    return changed
  }

  /// Puts the source documents `items` read from disk in place together: parsed and indexed for quotation checks on
  /// all cores, then filed at once, so that the notes citing them are checked again once, only where they cite them
  /// (a sync changing hundreds of sources used to re-check those notes whole once per source, on the loop).
  private func setSourceDocuments(_ items: [(path: String, bytes: [UInt8])], in index: Int) -> Set<String> {
    guard items.count > 1 else {
      return items.first.map { set($0.path, role: .sourceDocument, bytes: $0.bytes, in: index) } ?? []
    }
    for item in items { roots[index].texts[item.path] = nil }
    let preparation = roots[index].workspace.sourcePreparation
    let prepared = ParallelWork.map(count: items.count) {
      preparation.prepare(path: items[$0].path, text: items[$0].bytes)
    }
    return roots[index].workspace.setPreparedSourceDocuments(prepared)
  }

  /// Puts `bytes` into the index as the file at `path` with `role`; returns the paths whose diagnostics changed.
  private func set(_ path: String, role: FileRole, bytes: [UInt8], in index: Int) -> Set<String> {
    switch role {
    case .note:
      let text = WorkspaceRoot.noteText(bytes)
      roots[index].texts[path] = text
      roots[index].releasedTexts[path] = nil
      return roots[index].workspace.setNote(path: path, bytes: text.bytes)
    case .bibliography:
      roots[index].texts[path] = SourceText(bibliographyBytes: bytes)
      roots[index].releasedTexts[path] = nil
      return roots[index].workspace.setBibliography(path: path, bytes: bytes)
    case .sourceDocument:
      roots[index].texts[path] = nil
      return roots[index].workspace.setSourceDocument(path: path, bytes: bytes)
    case .config:
      return []
    }
  }

  /// Loads the bibliographies named by front matter and the source documents named by `file` fields that
  /// discovery did not find.
  private func loadReferencedFiles(in index: Int) -> Set<String> {
    var changed: Set<String> = []
    let known = Set(roots[index].files.files.map(\.path))
    // Read through `roots[index]` each time: a local copy of the workspace alive while it is mutated below would
    // make every mutation copy the whole index.
    let bibliographies = roots[index].workspace.referencedBibliographies.subtracting(known).filter {
      roots[index].workspace.bibliographies[$0] == nil
    }
    let documents = roots[index].workspace.unloadedEntryFiles.subtracting(known)
    for path in bibliographies.sorted() {
      if case .success(let bytes) = roots[index].files.read(path, fileSystem: options.reader) {
        watch(path, role: .bibliography, in: index)
        changed.formUnion(set(path, role: .bibliography, bytes: bytes, in: index))
      }
    }
    for path in documents.sorted() {
      guard watch(path, role: .sourceDocument, in: index) else { continue }
      if let format = ExtractedFormat(path: path) {
        changed.formUnion(loadExtracted(path, format: format, in: index))
      } else if case .success(let bytes) = roots[index].files.read(path, fileSystem: options.reader) {
        changed.formUnion(set(path, role: .sourceDocument, bytes: bytes, in: index))
      }
    }
    return changed
  }

  /// Adds a file the index asked for to those the periodic scan looks at; false when it does not exist.
  @discardableResult
  private func watch(_ path: String, role: FileRole, in index: Int) -> Bool {
    guard let status = try? options.reader.status(of: roots[index].files.absolutePath(path)), !status.isDirectory
    else { return false }
    guard roots[index].files.referenced[path] == nil else { return true }
    var files = roots[index].files
    files.referenced[path] = role
    files.otherFiles.removeAll { $0.path == path }
    if !files.files.contains(where: { $0.path == path }) {
      files.files.append(
        DiscoveredFile(path: path, role: role, status: status))
      files.files.sort { $0.path.utf8Precedes($1.path) }
    }
    roots[index].files = files
    return true
  }

  private func isIndexed(_ path: String, in index: Int) -> Bool {
    roots[index].workspace.notes[path] != nil || roots[index].workspace.bibliographies[path] != nil
      || roots[index].workspace.sourceDocuments[path] != nil
  }

  private func isReferenced(_ path: String, in index: Int) -> Bool {
    roots[index].workspace.referencedBibliographies.contains(path)
  }

  /// Reads the config of folder root `id` again and, when it means something new, re-indexes the root with it (files
  /// may change roles): every file's diagnostics are published again, and those of files that left the index are
  /// cleared. Returns whether it re-indexed.
  @discardableResult
  func reloadConfig(of id: RootID) -> Bool {
    guard let index = rootIndex(id), roots[index].kind == .folder else { return false }
    // Settings sent again unchanged (many clients send `didChangeConfiguration` right after start) or a config file
    // rewritten with the same meaning must not cost a re-index of the whole root.
    let loaded = WorkspaceFiles.loadConfig(
      root: roots[index].path, editorSettings: connection.editorSettings, fileSystem: options.reader)
    if loaded.config == roots[index].config.config, loaded.fileProblems == roots[index].config.fileProblems {
      return false
    }
    let oldPaths = Set(roots[index].workspace.diagnosedPaths)
    let old = roots[index]
    // A config read differently changes no note's parse: the notes whose text the note image holds are taken from it.
    let image = noteImage(ofRoot: old.path)
    var indexed = IndexedRoot(
      root: old.path, editorSettings: connection.editorSettings, fileSystem: options.reader,
      home: options.homeDirectory,
      cache: extractionCache, keepingNoteTexts: false,
      zoteroDirectory: options.defaultZoteroDirectory, noteImage: image)
    saveNoteImage(of: indexed, read: image)
    roots[index] = WorkspaceRoot(id: id, kind: .folder, folderURI: old.folderURI, indexed: indexed)
    roots[index].reportedSkips = old.reportedSkips
    roots[index].indexedSettings = canonicalEditorSettings
    // The root holds the texts now; this copy would keep them alive when they are released.
    indexed.texts = [:]
    reportSkipped(indexed.skipped, in: id)
    reportEditorProblems(indexed.config.editorProblems)
    rememberKeys(in: id)
    for (uri, location) in documents.locations where location.root == id {
      roots[index].openPaths[location.path] = uri
      guard let document = documents[uri] else { continue }
      switch roots[index].role(of: location.path) {
      case .note: roots[index].workspace.setNote(path: location.path, bytes: document.text.bytes)
      case .bibliography: roots[index].workspace.setBibliography(path: location.path, bytes: document.text.bytes)
      case .sourceDocument:
        roots[index].workspace.setSourceDocument(path: location.path, bytes: document.text.bytes)
      case .config, nil: break
      }
    }
    queueExtractions(indexed.pendingExtractions, in: id)
    let gone = oldPaths.subtracting(roots[index].workspace.diagnosedPaths)
    for path in gone.sorted() { publishEmpty(old.uri(for: path)) }
    releaseClosedTexts(in: id)
    publishAll(in: id)
    refreshDecorations()
    return true
  }

  /// Asks the client to watch the workspace's files, when it allows dynamic registration of watchers.
  func registerFileWatchers() {
    guard connection.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration == true else { return }
    let globs = ["**/*.{md,markdown,bib,json,txt,html,htm}", "**/.gloss.json"]
    let registerOptions = JSONValue.object([
      "watchers": .array(globs.map { .object(["globPattern": .string($0)]) })
    ])
    sendRequest(
      RegistrationRequest(registrations: [
        Registration(
          id: "gloss-watched-files", method: DidChangeWatchedFilesNotification.method, registerOptions: registerOptions)
      ]))
  }
}

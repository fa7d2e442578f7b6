import GlossIndex
import GlossSyntax

extension RestartSnapshot {
  /// The snapshot of `root`, whose published notifications are `published`, taken only when the files on disk are
  /// still exactly those the index read: a fresh walk gives the same stamps (size, modification and change time,
  /// inode) for every file, the same other files and the same unreadable ones, and every extracted text the index
  /// holds is what the extraction cache would give a cold start. Otherwise the reason it was not taken.
  ///
  /// The stamps come from this walk, made after the index read the files: a file that changed in between has another
  /// stamp than the one the index recorded before reading it, so it is caught here.
  static func capture(
    _ root: WorkspaceRoot, published: [PublishedDiagnostics], key: RestartKey, editorSettings: ConfigValue?,
    fileSystem: any FileReading, extractionCache: ExtractionCache?, openTexts: [String: SourceText] = [:]
  ) -> Result<RestartSnapshot, RestartRefusal> {
    // The files the index named outside the walk, present or not, so that one appearing is a change too.
    var referenced = root.files.referenced
    for path in root.workspace.unloadedEntryFiles where referenced[path] == nil { referenced[path] = .sourceDocument }
    for path in root.workspace.referencedBibliographies { referenced[path] = .bibliography }
    let config = WorkspaceFiles.loadConfig(root: root.path, editorSettings: editorSettings, fileSystem: fileSystem)
    let walk = WorkspaceFiles.discover(
      root: root.path, config: config.config, fileSystem: fileSystem, home: root.files.home, referenced: referenced)
    guard walk.files == root.files.files else { return .failure(.filesChanged) }
    guard walk.otherFiles.map(\.path) == root.files.otherFiles.map(\.path).filter({ referenced[$0] == nil }),
      walk.skipped == root.files.skipped
    else { return .failure(.filesChanged) }
    var entries: [StampedPath] = []
    for file in walk.files where file.role == .sourceDocument {
      guard let format = ExtractedFormat(path: file.path) else { continue }
      guard let extractionCache else { return .failure(.extractionPending) }
      let absolute = walk.absolutePath(file.path)
      let stamped = extractionCache.entryFiles(of: absolute).map { StampedPath(path: $0, fileSystem: fileSystem) }
      let job = ExtractionJob(
        root: 0, path: file.path, absolutePath: absolute, size: file.size, modificationTime: file.modificationTime,
        format: format)
      // What a cold start would find for this file must be what the index holds.
      switch extractionCache.lookup(job) {
      case .text(let bytes, let pageLabels)?:
        guard root.texts[file.path]?.bytes == bytes, root.workspace.textProblems[file.path] == nil,
          root.workspace.sourceDocuments[file.path]?.document.pageLabels == pageLabels
        else {
          return .failure(.extractionPending)
        }
      case .noText(let reason, _)?:
        guard root.workspace.textProblems[file.path] == reason else { return .failure(.extractionPending) }
      case nil:
        return .failure(.extractionPending)
      }
      guard stamped.map({ StampedPath(path: $0.path, fileSystem: fileSystem) }) == stamped else {
        return .failure(.extractionPending)
      }
      entries.append(contentsOf: stamped)
    }
    return .success(
      RestartSnapshot(
        key: key, files: walk.files, otherFiles: walk.otherFiles.map(\.path), skipped: walk.skipped,
        referenced: referenced, extractionEntries: entries, published: published,
        fileTexts: fileTexts(of: root, openTexts: openTexts, fileSystem: fileSystem)))
  }
}

extension RestartSnapshot {
  /// The text each closed note's record was parsed from: the text the root keeps, else the stamp of the one it
  /// released (`WorkspaceRoot.releasedTexts`, kept exactly for this: telling whether a file still holds it); the text
  /// of each open note whose buffer (`openTexts`, by path) is its file's text now, which its record was parsed from
  /// (the note an editor opens again at its next start); and the file each closed source document that has parts was
  /// parsed from (`SourceDocument.parts`: its text is its file, or it is HTML).
  static func fileTexts(
    of root: WorkspaceRoot, openTexts: [String: SourceText] = [:], fileSystem: any FileReading
  ) -> [String: TextStamp] {
    var out: [String: TextStamp] = [:]
    out.reserveCapacity(root.workspace.notes.count + root.workspace.sourceDocuments.count)
    for (path, record) in root.workspace.sourceDocuments
    where root.openPaths[path] == nil && ExtractedFormat(path: path) == nil {
      guard let stamp = record.document.fileStamp else { continue }
      out[path] = TextStamp(count: stamp.count, fingerprint: stamp.fingerprint)
    }
    for (path, text) in openTexts where root.openPaths[path] != nil && root.workspace.notes[path] != nil {
      guard case .success(let bytes) = root.files.read(path, fileSystem: fileSystem), bytes == text.bytes else {
        continue
      }
      out[path] = TextStamp(text.bytes)
    }
    for path in root.workspace.notes.keys where root.openPaths[path] == nil {
      if let text = root.texts[path] {
        out[path] = TextStamp(text.bytes)
      } else if let stamp = root.releasedTexts[path] {
        out[path] = TextStamp(count: stamp.count, fingerprint: stamp.fingerprint)
      }
    }
    return out
  }
}

/// Why no restart snapshot was taken.
package enum RestartRefusal: Error, Hashable, Sendable {
  /// A file changed, appeared or vanished since the index read it (the next change will be indexed and saved).
  case filesChanged
  /// An extracted text is not in the cache yet, or not the one the index holds.
  case extractionPending
  /// An open document's text is not the file's.
  case unsavedDocument

  /// A log sentence.
  package var description: String {
    switch self {
    case .filesChanged: "files changed since they were read"
    case .extractionPending: "text extraction is not finished"
    case .unsavedDocument: "a document has unsaved changes"
    }
  }
}

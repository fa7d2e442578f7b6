import Dispatch
package import GlossIndex
package import GlossSyntax

/// One workspace root read from disk and indexed: what the server keeps per workspace folder.
package struct IndexedRoot: Sendable {
  /// The files found, with the rules they were classified by (`files.layout.config` is the config in force).
  package var files: WorkspaceFiles
  /// The index of every note, source document and bibliography.
  package var workspace: Workspace
  /// The config and its problems (the file's are already in `workspace` as `malformed-config`).
  package var config: LoadedConfig
  /// Everything that could not be read: folders, files, link loops, binary files, missing bibliographies.
  package var skipped: [SkippedFile]
  /// The text the index holds for each note and bibliography, by path, for offset ⇄ position conversions.
  ///
  /// Source documents are left out: their text is as large as the notes' and rarely needed as positions, so it is
  /// read again from disk on demand. The index is given exactly these bytes (invalid UTF-8 already replaced), so
  /// its offsets always match the text's.
  package var texts: [String: SourceText]

  /// Reads and indexes `root`: config (the file over `editorSettings`), discovery, reading in parallel, indexing,
  /// then the files the index asks for (front-matter `bibliography:` files, BibTeX `file` fields). `progress` is
  /// called on the calling thread as each step starts.
  package init(
    root: String, editorSettings: ConfigValue?, fileSystem: any FileSystem,
    progress: (IndexingStep) -> Void = { _ in }
  ) {
    progress(.discovering)
    let config = WorkspaceFiles.loadConfig(root: root, editorSettings: editorSettings, fileSystem: fileSystem)
    let files = WorkspaceFiles.discover(root: root, config: config.config, fileSystem: fileSystem)
    progress(.reading(files: files.files.count))
    let (loaded, unreadable) = files.load(from: fileSystem)
    progress(.indexing(files: loaded.count))
    let prepared = Self.prepare(loaded)
    var texts: [String: SourceText] = [:]
    texts.reserveCapacity(prepared.count)
    for (file, text) in prepared {
      if let text { texts[file.path] = text }
    }
    // Nothing is diagnosed until every file is in: the files the index asks for would otherwise have the notes
    // citing them diagnosed (and their quotations checked) twice.
    var workspace = Workspace(
      indexing: prepared.map(\.file),
      config: config.config,
      configProblems: config.fileProblems,
      configPath: WorkspaceLayout.configFileName,
      otherFiles: Set(files.otherFiles.map(\.path))
    )
    var skipped = files.skipped + unreadable
    let known = Set(files.files.map(\.path))
    // Files the index asks for (front-matter `bibliography:` files, BibTeX `file` fields) are added in one batch, so
    // the notes citing them are diagnosed again once, not once per file.
    var extra: [WorkspaceFile] = []
    let referenced = workspace.referencedBibliographies.subtracting(known).sorted()
    if !referenced.isEmpty { progress(.resolving(files: referenced.count)) }
    for path in referenced {
      switch files.read(path, fileSystem: fileSystem) {
      case .success(let bytes):
        let text = SourceText(bytes: bytes)
        texts[path] = text
        extra.append(WorkspaceFile(path: path, role: .bibliography, bytes: text.bytes))
      case .failure(let problem): skipped.append(problem)
      }
    }
    if !extra.isEmpty { workspace.addFiles(extra) }
    extra = []
    for path in workspace.unloadedEntryFiles.subtracting(known).sorted() {
      switch files.read(path, fileSystem: fileSystem) {
      case .success(let bytes): extra.append(WorkspaceFile(path: path, role: .sourceDocument, bytes: bytes))
      case .failure(let problem): skipped.append(problem)
      }
    }
    if !extra.isEmpty { workspace.addFiles(extra) }
    workspace.diagnoseAll()
    self.files = files
    self.workspace = workspace
    self.config = config
    self.texts = texts
    self.skipped = skipped.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
  }

  /// Each loaded file as the index takes it, with its text for notes and bibliographies, made on all cores.
  private static func prepare(_ loaded: [LoadedFile]) -> [(file: WorkspaceFile, text: SourceText?)] {
    let files = loaded.filter { $0.file.role != .config }
    let slots = PreparedSlots(count: files.count)
    DispatchQueue.concurrentPerform(iterations: (files.count + 63) / 64) { chunk in
      for index in (chunk * 64)..<min(files.count, chunk * 64 + 64) {
        slots.set(index, prepared(files[index]))
      }
    }
    return slots.values
  }

  /// One file as the index takes it (notes and bibliographies as repaired UTF-8, with their text).
  static func prepared(_ loaded: LoadedFile) -> (file: WorkspaceFile, text: SourceText?) {
    let path = loaded.file.path
    switch loaded.file.role {
    case .note, .config:
      let text = SourceText(bytes: loaded.bytes)
      return (WorkspaceFile(path: path, role: .note, bytes: text.bytes), text)
    case .bibliography:
      let text = SourceText(bytes: loaded.bytes)
      return (WorkspaceFile(path: path, role: .bibliography, bytes: text.bytes), text)
    case .sourceDocument:
      return (WorkspaceFile(path: path, role: .sourceDocument, bytes: loaded.bytes), nil)
    }
  }
}

/// One slot per file, each written by exactly one worker of `concurrentPerform` before any is read.
private final class PreparedSlots: @unchecked Sendable {
  private var slots: [(file: WorkspaceFile, text: SourceText?)?]

  init(count: Int) {
    slots = Array(repeating: nil, count: count)
  }

  func set(_ index: Int, _ value: (file: WorkspaceFile, text: SourceText?)) {
    // Distinct indices touch distinct elements; the array is never resized, so no copy-on-write happens here.
    slots.withUnsafeMutableBufferPointer { $0[index] = value }
  }

  var values: [(file: WorkspaceFile, text: SourceText?)] {
    slots.compactMap { $0 }
  }
}

extension LoadedFile {
  /// The file as the index's bulk loader takes it; `nil` for the config file, which the index gets as a value.
  package var indexFile: WorkspaceFile? {
    switch file.role {
    case .note: WorkspaceFile(path: file.path, role: .note, bytes: bytes)
    case .sourceDocument: WorkspaceFile(path: file.path, role: .sourceDocument, bytes: bytes)
    case .bibliography: WorkspaceFile(path: file.path, role: .bibliography, bytes: bytes)
    case .config: nil
    }
  }
}

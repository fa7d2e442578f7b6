package import GlossIndex

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

  /// Reads and indexes `root`: config (the file over `editorSettings`), discovery, reading in parallel, indexing,
  /// then the files the index asks for (front-matter `bibliography:` files, BibTeX `file` fields).
  package init(root: String, editorSettings: ConfigValue?, fileSystem: any FileSystem) {
    let config = WorkspaceFiles.loadConfig(root: root, editorSettings: editorSettings, fileSystem: fileSystem)
    let files = WorkspaceFiles.discover(root: root, config: config.config, fileSystem: fileSystem)
    let (loaded, unreadable) = files.load(from: fileSystem)
    var workspace = Workspace(
      loading: loaded.compactMap(\.indexFile),
      config: config.config,
      configProblems: config.fileProblems,
      configPath: WorkspaceLayout.configFileName,
      otherFiles: Set(files.otherFiles.map(\.path))
    )
    var skipped = files.skipped + unreadable
    let known = Set(files.files.map(\.path))
    for path in workspace.referencedBibliographies.subtracting(known).sorted() {
      switch files.read(path, fileSystem: fileSystem) {
      case .success(let bytes): workspace.setBibliography(path: path, bytes: bytes)
      case .failure(let problem): skipped.append(problem)
      }
    }
    for path in workspace.unloadedEntryFiles.subtracting(known).sorted() {
      switch files.read(path, fileSystem: fileSystem) {
      case .success(let bytes): workspace.setSourceDocument(path: path, bytes: bytes)
      case .failure(let problem): skipped.append(problem)
      }
    }
    self.files = files
    self.workspace = workspace
    self.config = config
    self.skipped = skipped.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
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

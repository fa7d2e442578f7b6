package import GlossIndex
package import GlossSyntax
package import LanguageServerProtocol

/// The identity of one workspace root for the life of the server (roots come and go; ids are never reused).
package typealias RootID = Int

/// Where a document lives: its workspace root and its root-relative path (with `/`).
package struct DocumentLocation: Hashable, Sendable {
  /// The root holding the document.
  package var root: RootID
  /// The path relative to the root.
  package var path: String

  /// Makes a location.
  package init(root: RootID, path: String) {
    self.root = root
    self.path = path
  }
}

/// One workspace root held by the server: its files, its index and the text of every indexed note.
package struct WorkspaceRoot: Sendable {
  /// How the root came to be.
  package enum Kind: Hashable, Sendable {
    /// An LSP workspace folder, the `rootUri`/`rootPath`, or the folder of a single file holding `.gloss.json`.
    case folder
    /// The folder of documents opened outside every root (single-file mode): only its open documents are indexed.
    case looseFiles
  }

  /// The root's id.
  package let id: RootID
  /// How the root came to be.
  package let kind: Kind
  /// The workspace folder's URI as the client sent it (or made from the path).
  package var folderURI: DocumentURI
  /// The files found at the last scan, with the layout (config) they were classified by.
  package var files: WorkspaceFiles {
    didSet {
      filesGeneration += 1
      generation += 1
    }
  }
  /// How many times `files` changed (a background scan applies only to the generation it compared against).
  package private(set) var filesGeneration = 0
  /// The index.
  package var workspace: Workspace {
    didSet { generation += 1 }
  }
  /// The config in force and its problems.
  package var config: LoadedConfig
  /// The text of each indexed bibliography (and note, where kept) as last read from disk (open buffers are in
  /// `openPaths`): the server indexes roots without keeping the notes' texts (`IndexedRoot.noteStamps`), and notes
  /// indexed later (and bibliographies without entries) have theirs released (`releaseClosedTexts()`).
  package var texts: [String: SourceText] {
    didSet { generation += 1 }
  }
  /// What each released text was (a note's, or an empty bibliography's): it is read from disk again when needed, and used only while
  /// it is still that text (a file changed on disk waits for the scan that indexes it again).
  package var releasedTexts: [String: TextStamp] = [:]
  /// How many extracted texts (PDFs, office files) were put in place since the root was indexed.
  var extractedTexts = 0
  /// How many times the files, the index or the texts changed: a restart snapshot describes one generation.
  package private(set) var generation = 0
  /// The generation the last restart snapshot was taken of (or tried), and the one seen at the last tick (a
  /// snapshot is taken once a tick passes without change).
  var snapshotGeneration = -1
  /// What that snapshot was made from; a root that changed since but is again exactly this (a note opened with the
  /// text of its file changes the index, not the files or a diagnostic) needs no new snapshot.
  var snapshotBasis: SnapshotBasis?
  /// The editor settings this root was indexed with, written canonically: settings sent again with the same meaning
  /// do not re-index the root, so its restart snapshot still belongs to these.
  var indexedSettings = ""
  var generationAtLastTick = 0
  /// The generation whose key fingerprints were last saved (or found unchanged), the one seen at the last tick, and
  /// the keys saved then (`Server+KeyMemory.swift`).
  var keysGeneration = -1
  var keysGenerationAtLastTick = 0
  var savedKeys: Set<String>?
  /// Open documents of this root: path → the URI the client uses for it.
  package var openPaths: [String: DocumentURI] = [:]
  /// Files already reported as unreadable (each is logged once).
  var reportedSkips: Set<String> = []
  /// The Zotero data folder read as a library (docs/zotero.md), when there is one.
  package var zotero: ZoteroFolder?

  /// The absolute path of the root folder.
  package var path: String { files.root }

  /// A root indexed from disk.
  init(id: RootID, kind: Kind, folderURI: DocumentURI, indexed: IndexedRoot) {
    self.id = id
    self.kind = kind
    self.folderURI = folderURI
    self.files = indexed.files
    self.workspace = indexed.workspace
    self.config = indexed.config
    self.texts = indexed.texts
    // Notes indexed without their texts (`IndexedRoot.noteStamps`) are read again from disk like released ones.
    self.releasedTexts = indexed.noteStamps.filter { indexed.texts[$0.key] == nil }
    self.zotero = indexed.zotero
  }

  /// An empty root for documents opened in `folder` outside every workspace root; nothing is read from disk.
  init(id: RootID, looseFolder folder: String, config: WorkspaceConfig) {
    self.id = id
    self.kind = .looseFiles
    self.folderURI = FileURI(filePath: folder).string
    self.files = WorkspaceFiles(
      root: folder, layout: WorkspaceLayout(config: config, sourceFolders: []), files: [], skipped: [])
    self.workspace = Workspace(loading: [], config: config)
    self.config = LoadedConfig(config: config)
    self.texts = [:]
  }

  /// The role a file at `path` has in this root (for a loose root, from the extension alone).
  package func role(of path: String) -> FileRole? {
    if WorkspaceLayout.settingsFileNames.contains(path) { return kind == .folder ? .config : nil }
    if kind == .looseFiles {
      switch PathUtilities.pathExtension(path).lowercased() {
      case "md", "markdown", "qmd", "rmd": return .note
      case "bib": return .bibliography
      case "json": return path.lowercased().hasSuffix(".csl.json") ? .bibliography : nil
      default: return nil
      }
    }
    return files.layout.role(of: path)
  }

  /// The text the index holds for the file at `path` (notes and bibliographies), else the file read from disk
  /// (source documents); open documents are the server's business.
  package func storedText(of path: String, fileSystem: any FileReading) -> SourceText? {
    if let text = texts[path] { return text }
    // A Zotero library is a database, not a text: its diagnostics are all at its start.
    if workspace.bibliographies[path]?.isZoteroLibrary == true { return SourceText(bytes: []) }
    guard case .success(let bytes) = files.read(path, fileSystem: fileSystem) else { return nil }
    guard let stamp = releasedTexts[path] else { return SourceText(bytes: bytes) }
    // A released text is read as it was indexed, and only while it still holds the text the index has offsets in.
    let text =
      workspace.bibliographies[path] != nil ? SourceText(bibliographyBytes: bytes) : Self.noteText(bytes)
    return stamp.matches(text.bytes) ? text : nil
  }

  /// The position table kept with the released text of the closed note at `path` (`TextStamp.positions`), while its
  /// file is as the last scan found it (one `status` call): the offsets the index holds in it convert to positions
  /// without reading it again. Nil for open documents, kept texts, notes a restart indexed without reading (until
  /// their tables are made) and a file changed since, which is read again (`storedText(of:fileSystem:)`).
  package func positionTable(of path: String, fileSystem: any FileReading) -> PositionTable? {
    guard openPaths[path] == nil, texts[path] == nil, let table = releasedTexts[path]?.positions,
      files.fileLooksUnchanged(path, fileSystem: fileSystem)
    else { return nil }
    return table
  }

  /// The stamp of the text the index holds for the note at `path` (kept, or released with its stamp), when the
  /// index still has offsets in it; with `bytes`, only when they are that text.
  package func indexedStamp(of path: String, matching bytes: [UInt8]? = nil) -> TextStamp? {
    if let text = texts[path] {
      guard bytes == nil || bytes == text.bytes else { return nil }
      return TextStamp(text.bytes)
    }
    guard let stamp = releasedTexts[path], bytes.map(stamp.matches) ?? true else { return nil }
    return stamp
  }

  /// A note's bytes as the index takes them: UTF-16 decoded, invalid UTF-8 replaced.
  static func noteText(_ bytes: [UInt8]) -> SourceText {
    SourceText(bytes: BibliographyEncoding.decodingUTF16(bytes))
  }

  /// The bytes of `noteText(bytes)`, without its line table.
  static func noteBytes(_ bytes: [UInt8]) -> [UInt8] {
    SourceText.validBytes(BibliographyEncoding.decodingUTF16(bytes))
  }

  /// Releases the texts of the closed notes, and of the closed bibliographies without entries (the open ones are the
  /// editor's buffers): they are as large as the files themselves, and read again from disk when a position in one
  /// is needed. Each is stamped first. A JSON file that is not CSL-JSON is indexed as an empty bibliography: no
  /// definition or edit ever points into it. A bibliography with entries keeps its text, which definitions,
  /// references and renames read at once (reading a 2 MB BibTeX file again took 5-9 ms each time).
  package mutating func releaseClosedTexts() {
    let paths = texts.keys.filter { path in
      guard openPaths[path] == nil else { return false }
      if workspace.notes[path] != nil { return true }
      return workspace.bibliographies[path]?.bibliography.entries.isEmpty == true
    }
    let held = texts
    let stamps = ParallelWork.map(count: paths.count) {
      TextStamp(held[paths[$0]]?.bytes ?? [], keepingPositions: true)
    }
    for (path, stamp) in zip(paths, stamps) { releasedTexts[path] = stamp }
    // One new dictionary of what is kept (extracted texts, open files), assigned once.
    let released = Set(paths)
    texts = held.filter { !released.contains($0.key) }
  }

  /// The URI of the file at `path`: the client's own URI when the document is open, else a `file://` URI.
  package func uri(for path: String) -> DocumentURI {
    openPaths[path] ?? FileURI(filePath: files.absolutePath(path)).string
  }
}

/// What a restart snapshot is made from besides the open documents: the files (their generation), the settings the
/// root was indexed with and every file's diagnostics.
struct SnapshotBasis: Equatable {
  var filesGeneration: Int
  var settings: String
  var diagnostics: [String: [GlossIndex.Diagnostic]]
  /// How many extracted texts were put in place: a text that arrives without changing any diagnostic (every quotation
  /// against it found) still makes a snapshot refused while it was pending worth taking.
  var extractedTexts: Int
}

extension WorkspaceRoot {
  /// What a restart snapshot taken now would be made from (the diagnostics' arrays are shared with the index, so
  /// keeping this costs memory only for what changes later).
  var snapshotBasisNow: SnapshotBasis {
    SnapshotBasis(
      filesGeneration: filesGeneration, settings: indexedSettings, diagnostics: workspace.diagnosticsByPath,
      extractedTexts: extractedTexts)
  }
}

extension WorkspaceRoot {
  /// The notes among `paths` (each named once; every note, when nil) whose released text has a stamp without a position table: those a
  /// restart indexed without reading them (`IndexedRoot.notesNotRead`).
  func untabledNotes(among paths: [String]? = nil) -> [String] {
    (paths ?? Array(releasedTexts.keys)).filter { path in
      guard let stamp = releasedTexts[path] else { return false }
      return stamp.positions == nil && workspace.notes[path] != nil
    }.sorted()
  }

  /// The stamps with position tables of the notes at `paths`, made from their files now, each only while the file
  /// still holds the text indexed; on all cores (a request waits for them) or one after another (in the background,
  /// the other core answering requests meanwhile).
  func positionTables(of paths: [String], fileSystem: any FileReading, onAllCores: Bool) -> [String: TextStamp] {
    let make: @Sendable (Int) -> TextStamp? = { [self] item in
      guard case .success(let bytes) = files.read(paths[item], fileSystem: fileSystem) else { return nil }
      let made = TextStamp(WorkspaceRoot.noteBytes(bytes), keepingPositions: true)
      return made == releasedTexts[paths[item]] ? made : nil
    }
    let made = onAllCores ? ParallelWork.map(count: paths.count, make) : (0..<paths.count).map(make)
    var out: [String: TextStamp] = [:]
    for (path, stamp) in zip(paths, made) { if let stamp { out[path] = stamp } }
    return out
  }

  /// Keeps the position tables `made`, each only where the index still holds the text it was made of.
  mutating func keepPositionTables(_ made: [String: TextStamp]) {
    for (path, stamp) in made where releasedTexts[path] == stamp { releasedTexts[path] = stamp }
  }
}

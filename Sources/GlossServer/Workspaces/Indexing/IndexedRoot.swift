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
  /// The PDFs (and other extracted formats) whose text the cache did not have: to extract in the background.
  package var pendingExtractions: [ExtractionJob] = []
  /// The stamp of each note's text, when asked for (`stampingNotes`, or not `keepingNoteTexts`): made on the core that
  /// read the note, while its bytes are in the cache, so that releasing the texts once published
  /// (`WorkspaceRoot.releaseClosedTexts`) does not read them all again on the server's loop.
  ///
  /// Without `keepingNoteTexts` the notes are left out of `texts`: each note's text is dropped on the core that read
  /// and parsed it, and only its stamp is kept, with its position table (offsets convert to positions without the
  /// text; a note's text is read again from disk when its bytes are needed, and used only while it is still that
  /// text). Kept until published, the texts would hold as much memory as
  /// the notes, and once released leave holes among what the index keeps that the allocator cannot hand back.
  package var noteStamps: [String: TextStamp] = [:]
  /// The Zotero data folder read as a library (docs/zotero.md), when there is one.
  package var zotero: ZoteroFolder?
  /// Whether the reverse maps `noteMaps` gives were taken.
  package var adoptedNoteMaps = false
  /// How many notes were taken from the note image given (`noteImage`) rather than parsed.
  package var notesFromImage = 0
  /// How many of them were not even read (`knownTexts`).
  package var notesNotRead = 0
  /// How many source documents were taken from the note image (unread, by `knownTexts`, or read and found as they
  /// were parsed) rather than parsed.
  package var sourcesFromImage = 0
  /// The stamp of the file of each source document that has parts (its text is its file, or it is HTML:
  /// `SourceDocument.parts`), when a note image is given or notes are stamped: what the image must hold for it
  /// (`NoteImageCache.isOutdated`).
  package var sourceStamps: [String: TextStamp] = [:]
  /// The stamp of the bytes of each bibliography file read in the walk, when a note image is given or notes are
  /// stamped: what the image must hold for it. One the image holds parsed from those bytes is taken from it
  /// (`bibliographiesFromImage` counts them).
  package var bibliographyStamps: [String: TextStamp] = [:]
  /// How many bibliography files were taken from the note image rather than parsed.
  package var bibliographiesFromImage = 0

  /// Reads and indexes `root`: config (the file over `editorSettings`), discovery, reading and parsing on all cores
  /// (each file parsed as soon as it is read), then the files the index asks for (front-matter `bibliography:`
  /// files, BibTeX `file` fields), then every file diagnosed once. `progress` is called on the calling thread as each
  /// step starts. With `stampingNotes`, each note's text is stamped as it is read (`noteStamps`); without
  /// `keepingNoteTexts`, it is stamped and not kept. Without `diagnosing`, nothing is diagnosed and no quotation
  /// indexed: the workspace answers requests and waits for `IndexedRoot.diagnose(_:files:fileSystem:)` (a restart
  /// whose diagnostics were already shown, `Server+RestartDiagnosis.swift`). A note whose text is one `noteImage`
  /// holds parsed is taken from it rather than parsed again (`notesFromImage` counts them). `discovered` is the
  /// config and walk of `root` made a moment before (a restart's replay), used rather than walking again.
  /// `knownTexts` are notes and source documents whose text is known as long as their files are listed with the same
  /// stamps (size, times, inode): a restart snapshot's, `gloss check`'s kept report's. Such a note whose record
  /// `noteImage` holds is not read at all (`notesNotRead` counts them): its record is the image's, its text stamp the
  /// one given, with the position table the image keeps of it (when it keeps none, and the notes' texts are not kept,
  /// `WorkspaceRoot.positionTables(of:fileSystem:onAllCores:)` makes it from the file), and
  /// it has no entry in `texts`. Such a source is not read either (`sourcesFromImage`): its record is the image's, its
  /// text released, read again through the workspace's text provider when needed. While
  /// `workersMayRun` says no, only the calling thread reads and parses (a restart's diagnostics being written: the
  /// client needs a core to read them). `noteMaps` gives the reverse maps of notes `discovered` does not list, waited
  /// for once the files listed are in (while they were read, another core decoded them) and taken before the
  /// files they name are read (front-matter bibliographies): a restarted root answering before its notes are in
  /// (`Server+EarlyAnswers.swift`). `adoptedNoteMaps` says whether it gave them.
  package init(
    root: String, editorSettings: ConfigValue?, fileSystem: any FileReading, home: String? = nil,
    cache: ExtractionCache? = nil, stampingNotes: Bool = false, keepingNoteTexts: Bool = true,
    zoteroDirectory: String? = nil, diagnosing: Bool = true, noteImage: NoteImage? = nil,
    discovered: DiscoveredRoot? = nil, knownTexts: [String: KnownText] = [:],
    workersMayRun: (@Sendable () -> Bool)? = nil, noteMaps: BackgroundResult<NoteMaps>? = nil,
    progress: (IndexingStep) -> Void = { _ in }
  ) {
    // The allocator may have settled after an earlier root was published (`MemoryTuning.settle()`).
    MemoryTuning.keepFreedMemoryForReuse()
    let stampingNotes = stampingNotes || !keepingNoteTexts
    // A note whose text is not kept keeps its position table (its offsets are placed without reading it again).
    let keepingPositions = stampingNotes && !keepingNoteTexts
    progress(.discovering)
    let config =
      discovered?.config
      ?? WorkspaceFiles.loadConfig(root: root, editorSettings: editorSettings, fileSystem: fileSystem)
    var files =
      discovered?.files
      ?? WorkspaceFiles.discover(root: root, config: config.config, fileSystem: fileSystem, home: home)
    let indexed = files.files.filter { $0.role != .config }
    progress(.indexing(files: indexed.count))
    // Nothing is diagnosed until every file is in: the files the index asks for would otherwise have the notes
    // citing them diagnosed (and their quotations checked) twice.
    var workspace = Workspace(
      indexing: [],
      config: config.config,
      configProblems: config.fileProblems,
      configPath: WorkspaceLayout.configFileName,
      otherFiles: Set(files.otherFiles.map(\.path)),
      place: files.place
    )
    let slots = ParallelSlots<Result<SourceText?, SkippedFile>>(count: indexed.count)
    let extracted = ParallelSlots<ExtractedText>(count: indexed.count)
    let stamps = ParallelSlots<TextStamp>(count: stampingNotes ? indexed.count : 0)
    let fromImage = ParallelSlots<Bool>(count: noteImage == nil ? 0 : indexed.count)
    let unread = ParallelSlots<Bool>(count: noteImage == nil ? 0 : indexed.count)
    let sourceFromImage = ParallelSlots<Bool>(count: noteImage == nil ? 0 : indexed.count)
    let stampingSources = noteImage != nil || stampingNotes
    let sourceStamps = ParallelSlots<TextStamp>(count: stampingSources ? indexed.count : 0)
    let bibliographyStamps = ParallelSlots<TextStamp>(count: stampingSources ? indexed.count : 0)
    let bibliographyFromImage = ParallelSlots<Bool>(count: noteImage == nil ? 0 : indexed.count)
    let readFiles = files
    // A source document parsed before from exactly the bytes `stamp` describes: the image's record, without its text
    // (read again when a query or a check needs it).
    let sourceTakenFromImage = {
      @Sendable (index: Int, path: String, record: SourceDocumentRecord, stamp: TextStamp) -> WorkspaceFile in
      sourceFromImage.set(index, true)
      if stampingSources { sourceStamps.set(index, stamp) }
      slots.set(index, .success(nil))
      var prepared = WorkspaceFile(path: path, role: .sourceDocument, bytes: [])
      prepared.parsedSource = record
      return prepared
    }
    // Blocks are released as each note is parsed (`releaseNoteBlocks()` below does the same for the files added
    // later).
    workspace.addFiles(
      count: indexed.count, releasingNoteBlocks: true, indexingQuotations: diagnosing, workersMayRun: workersMayRun
    ) { index in
      let file = indexed[index]
      if file.role == .sourceDocument, let format = ExtractedFormat(path: file.path) {
        let job = ExtractionJob(
          root: 0, path: file.path, absolutePath: readFiles.absolutePath(file.path), size: file.size,
          modificationTime: file.modificationTime, format: format)
        let found = ExtractedText(job, cache: cache)
        extracted.set(index, found)
        slots.set(index, .success(found.text))
        return WorkspaceFile(
          path: file.path, role: .sourceDocument, bytes: found.text?.bytes ?? [], pageLabels: found.pageLabels)
      }
      if file.role == .sourceDocument, let known = knownTexts[file.path], known.file == file,
        let record = noteImage?.sourceRecord(at: file.path, count: known.count, fingerprint: known.fingerprint)
      {
        return sourceTakenFromImage(
          index, file.path, record, TextStamp(count: known.count, fingerprint: known.fingerprint))
      }
      if file.role == .note, let known = knownTexts[file.path], known.file == file,
        let (record, positions) = noteImage?.recordAndPositions(
          at: file.path, count: known.count, fingerprint: known.fingerprint, place: readFiles.place,
          withPositions: keepingPositions)
      {
        if stampingNotes {
          // With the position table the image keeps, if any: references then need not read the note.
          var stamp = TextStamp(count: known.count, fingerprint: known.fingerprint)
          stamp.positions = positions
          stamps.set(index, stamp)
        }
        fromImage.set(index, true)
        unread.set(index, true)
        slots.set(index, .success(nil))
        var prepared = WorkspaceFile(path: file.path, role: .note, bytes: [])
        prepared.parsedNote = record
        return prepared
      }
      switch readFiles.read(file.path, fileSystem: fileSystem) {
      case .success(let bytes):
        var (prepared, text) = Self.prepared(file, bytes: bytes, keepingNoteText: keepingNoteTexts)
        if prepared.role == .note, stampingNotes || noteImage != nil {
          let stamp = TextStamp(prepared.bytes, keepingPositions: keepingPositions)
          if stampingNotes { stamps.set(index, stamp) }
          if let record = noteImage?.record(
            at: file.path, count: stamp.count, fingerprint: stamp.fingerprint, place: readFiles.place)
          {
            prepared.parsedNote = record
            fromImage.set(index, true)
          }
        }
        if prepared.role == .bibliography, stampingSources {
          let stamp = TextStamp(count: prepared.bytes.count, fingerprint: TextFingerprint.of(prepared.bytes))
          bibliographyStamps.set(index, stamp)
          if let parsed = noteImage?.bibliography(at: file.path, count: stamp.count, fingerprint: stamp.fingerprint) {
            prepared.parsedBibliography = parsed
            bibliographyFromImage.set(index, true)
          }
        }
        if prepared.role == .sourceDocument, stampingSources {
          let stamp = TextStamp(count: prepared.bytes.count, fingerprint: TextFingerprint.of(prepared.bytes))
          // Read as it was parsed before: taken from the image as a source the snapshot vouches for is.
          if let record = noteImage?.sourceRecord(at: file.path, count: stamp.count, fingerprint: stamp.fingerprint) {
            return sourceTakenFromImage(index, file.path, record, stamp)
          }
          sourceStamps.set(index, stamp)
        }
        slots.set(index, .success(text))
        return prepared
      case .failure(let problem):
        slots.set(index, .failure(problem))
        return nil
      }
    }
    if noteMaps != nil {
      // A restarted root answering before its notes are in: the keys' search index, which a completion asked with the
      // first hover needs, is made on another core while the maps are waited for, taken from the image when it was
      // built from exactly these sources (files added below that bring sources make it be built again). A thread of
      // its own, started now: a completion asked meanwhile waits for it rather than building it again.
      let (listed, image) = (workspace, noteImage)
      BackgroundThread.start(name: "gloss-keys") { listed.prepareSourceSearch(kept: { image?.keyIndex() }) }
    }
    if let maps = noteMaps?.value() {
      workspace.adoptNoteMaps(maps)
      adoptedNoteMaps = true
    }
    notesFromImage = fromImage.values.reduce(0) { $0 + ($1 == true ? 1 : 0) }
    notesNotRead = unread.values.reduce(0) { $0 + ($1 == true ? 1 : 0) }
    sourcesFromImage = sourceFromImage.values.reduce(0) { $0 + ($1 == true ? 1 : 0) }
    bibliographiesFromImage = bibliographyFromImage.values.reduce(0) { $0 + ($1 == true ? 1 : 0) }
    for (file, stamp) in zip(indexed, bibliographyStamps.values) {
      if let stamp { self.bibliographyStamps[file.path] = stamp }
    }
    var texts: [String: SourceText] = [:]
    texts.reserveCapacity(indexed.count)
    var skipped = files.skipped
    var textProblems: [String: String] = [:]
    var pending: [ExtractionJob] = []
    for found in extracted.values {
      guard let found else { continue }
      if let problem = found.problem { textProblems[found.job.path] = problem }
      if found.isPending { pending.append(found.job) }
    }
    var noteStamps: [String: TextStamp] = [:]
    if stampingNotes {
      for (file, stamp) in zip(indexed, stamps.values) { if let stamp { noteStamps[file.path] = stamp } }
    }
    var stampedSources: [String: TextStamp] = [:]
    for (file, stamp) in zip(indexed, sourceStamps.values) { if let stamp { stampedSources[file.path] = stamp } }
    for (file, result) in zip(indexed, slots.values) {
      switch result {
      case .success(let text?): texts[file.path] = text
      case .success(nil): continue
      case .failure(let problem): skipped.append(problem)
      case nil: skipped.append(SkippedFile(path: file.path, reason: "not read"))
      }
    }
    // The Zotero library, when there is one (`zoteroDirectory` is the default data folder, `~/Zotero`).
    let zotero = ZoteroFolder.configured(
      config.config.zotero, root: files.root, home: home, defaultDirectory: zoteroDirectory, fileSystem: fileSystem)
    var watched: [DiscoveredFile] = []
    if let zotero {
      let loaded = zotero.load(fileSystem: fileSystem, place: files.place)
      if let record = loaded.record { workspace.addBibliography(record) }
      if let problem = loaded.skipped { skipped.append(problem) }
      for (path, status) in loaded.watched {
        files.referenced[path] = .bibliography
        if let status {
          watched.append(DiscoveredFile(path: path, role: .bibliography, status: status))
        } else if !files.missing.contains(path) {
          // The log and Better BibTeX's database may appear later: the periodic check looks for them.
          files.missing.append(path)
        }
      }
    }
    let known = Set(files.files.map(\.path))
    // Files the index asks for (front-matter `bibliography:` files, BibTeX `file` fields) are added in one batch, so
    // the notes citing them are diagnosed again once, not once per file.
    var extra: [WorkspaceFile] = []
    let referenced = workspace.referencedBibliographies.subtracting(known).sorted()
    if !referenced.isEmpty { progress(.resolving(files: referenced.count)) }
    for path in referenced {
      switch files.read(path, fileSystem: fileSystem) {
      case .success(let bytes):
        // The index decodes the raw bytes itself (UTF-16, a declared encoding) and reports what it cannot read.
        texts[path] = SourceText(bibliographyBytes: bytes)
        extra.append(WorkspaceFile(path: path, role: .bibliography, bytes: bytes))
      case .failure(let problem): skipped.append(problem)
      }
    }
    if !extra.isEmpty { workspace.addFiles(extra, indexingQuotations: diagnosing) }
    extra = []
    for path in referenced {
      guard let status = try? fileSystem.status(of: files.absolutePath(path)) else { continue }
      files.referenced[path] = .bibliography
      watched.append(
        DiscoveredFile(path: path, role: .bibliography, status: status))
    }
    // A `file` field may name several candidates (relative to the bibliography, then to the root): those that do
    // not exist are simply not there.
    for path in workspace.unloadedEntryFiles.subtracting(known).sorted() {
      guard let status = try? fileSystem.status(of: files.absolutePath(path)), !status.isDirectory else { continue }
      files.referenced[path] = .sourceDocument
      watched.append(
        DiscoveredFile(path: path, role: .sourceDocument, status: status))
      if let format = ExtractedFormat(path: path) {
        let job = ExtractionJob(
          root: 0, path: path, absolutePath: files.absolutePath(path), size: status.size,
          modificationTime: status.modificationTime, format: format)
        let found = ExtractedText(job, cache: cache)
        if let problem = found.problem { textProblems[path] = problem }
        if found.isPending { pending.append(job) }
        if let text = found.text { texts[path] = text }
        extra.append(
          WorkspaceFile(path: path, role: .sourceDocument, bytes: found.text?.bytes ?? [], pageLabels: found.pageLabels)
        )
        continue
      }
      // Named by a bibliography and listed as the earlier run found it: taken from the image, as in the walk.
      if let known = knownTexts[path], known.file == watched.last,
        let record = noteImage?.sourceRecord(at: path, count: known.count, fingerprint: known.fingerprint)
      {
        var prepared = WorkspaceFile(path: path, role: .sourceDocument, bytes: [])
        prepared.parsedSource = record
        extra.append(prepared)
        sourcesFromImage += 1
        if stampingSources { stampedSources[path] = TextStamp(count: known.count, fingerprint: known.fingerprint) }
        continue
      }
      switch files.read(path, fileSystem: fileSystem) {
      case .success(let bytes):
        extra.append(WorkspaceFile(path: path, role: .sourceDocument, bytes: bytes))
        if stampingSources {
          stampedSources[path] = TextStamp(count: bytes.count, fingerprint: TextFingerprint.of(bytes))
        }
      case .failure(let problem): skipped.append(problem)
      }
    }
    if !extra.isEmpty { workspace.addFiles(extra, indexingQuotations: diagnosing) }
    // Only the sources that have parts (their text is their file, or HTML) can be kept in the image.
    for (path, stamp) in stampedSources where workspace.sourceDocuments[path]?.document.hasParts == true {
      self.sourceStamps[path] = stamp
    }
    // The texts of the sources taken from the image are read again when needed.
    if sourcesFromImage > 0 { workspace.useSourceTextProvider(Self.sourceTextProvider(files, fileSystem)) }
    if !watched.isEmpty {
      files.files = (files.files + watched).sorted { $0.path.utf8Precedes($1.path) }
      // A watched file inside the root is no longer an "other file" (as in `WorkspaceFiles.discover`); left there,
      // the next scan saw it change from unread to source and read it again.
      let watchedPaths = Set(watched.map(\.path))
      files.otherFiles.removeAll { watchedPaths.contains($0.path) }
    }
    workspace.setTextProblems(textProblems)
    if diagnosing {
      progress(
        .diagnosing(
          files: workspace.notes.count + workspace.bibliographies.count + workspace.sourceDocuments.count))
      Self.diagnose(&workspace, files: files, fileSystem: fileSystem)
    }
    // The notes' blocks are read only by folding, outline, completion and export, given the text (not by diagnosing).
    workspace.releaseNoteBlocks()
    // Parsing and checking freed far more than the index keeps (without diagnosing, the diagnosis does this).
    if diagnosing { MemoryTuning.releaseFreedMemory() }
    self.files = files
    self.workspace = workspace
    self.config = config
    self.texts = texts
    self.skipped = skipped.sorted { $0.path.utf8Precedes($1.path) }
    self.pendingExtractions = pending
    self.noteStamps = noteStamps
    self.zotero = zotero
  }

  /// Diagnoses every file of a workspace loaded in bulk (checking every quotation), then releases the sources'
  /// texts: they are as large as the notes' and needed only by a few queries (a passage shown, a quotation checked
  /// again, a search), so they are read again from `files` when needed, and checked against what was indexed.
  package static func diagnose(_ workspace: inout Workspace, files: WorkspaceFiles, fileSystem: any FileReading) {
    workspace.diagnoseAll()
    workspace.releaseSourceTexts(readingWith: sourceTextProvider(files, fileSystem))
  }

  /// Reads a source document's file again (one whose text is not extracted by a tool), for the workspace's released
  /// texts.
  static func sourceTextProvider(_ files: WorkspaceFiles, _ fileSystem: any FileReading) -> SourceTextProvider {
    SourceTextProvider(
      canRead: { ExtractedFormat(path: $0) == nil }, read: { try? files.read($0, fileSystem: fileSystem).get() })
  }

  /// One file read as the index takes it (notes and bibliographies as repaired UTF-8, with their text; a note's text
  /// only when `keepingNoteText`: its line table costs as much as scanning the note again).
  static func prepared(
    _ file: DiscoveredFile, bytes: [UInt8], keepingNoteText: Bool = true
  ) -> (file: WorkspaceFile, text: SourceText?) {
    switch file.role {
    case .note, .config:
      guard keepingNoteText else {
        return (WorkspaceFile(path: file.path, role: .note, bytes: WorkspaceRoot.noteBytes(bytes)), nil)
      }
      let text = WorkspaceRoot.noteText(bytes)
      return (WorkspaceFile(path: file.path, role: .note, bytes: text.bytes), text)
    case .bibliography:
      // The index decodes the raw bytes itself (UTF-16, a declared encoding) and reports what it cannot read.
      return (WorkspaceFile(path: file.path, role: .bibliography, bytes: bytes), SourceText(bibliographyBytes: bytes))
    case .sourceDocument:
      return (WorkspaceFile(path: file.path, role: .sourceDocument, bytes: bytes), nil)
    }
  }
}

/// A note or a source document as an earlier run found it: its stamp in the listing, and the length and fingerprint
/// of its text then (`IndexedRoot.init(…knownTexts:…)`).
package struct KnownText: Sendable {
  /// The file as it was listed.
  package var file: DiscoveredFile
  /// The length of its text.
  package var count: Int
  /// `TextFingerprint.of` its text.
  package var fingerprint: UInt64

  /// A file known so.
  package init(file: DiscoveredFile, count: Int, fingerprint: UInt64) {
    self.file = file
    self.count = count
    self.fingerprint = fingerprint
  }
}

/// The text of one file whose text is extracted, as far as the cache knows it at load time.
struct ExtractedText: Sendable {
  /// The file.
  var job: ExtractionJob
  /// Its text, when the cache had it.
  var text: SourceText?
  /// The page numbers its PDF prints, when the cache had its text and the PDF has page labels.
  var pageLabels: PageLabels?
  /// Why it has no text (yet).
  var problem: String?
  /// Whether it waits for an extraction.
  var isPending: Bool

  /// What the cache says of `job`'s file; without a cache, or on a miss, the file waits for its extraction.
  init(_ job: ExtractionJob, cache: ExtractionCache?) {
    self.job = job
    switch cache?.lookup(job) {
    case .text(let bytes, let labels)?:
      text = SourceText(bytes: bytes)
      pageLabels = labels
      isPending = false
    case .noText(let reason, _)?:
      problem = reason
      isPending = false
    case nil:
      problem = ExtractedText.pendingProblem
      isPending = true
    }
  }

  /// The `no-text` reason while a text is being extracted.
  static let pendingProblem = Workspace.pendingTextProblem
}

/// A root's config and the walk of its files (`WorkspaceFiles.walk`), made together.
package struct DiscoveredRoot: Sendable {
  package var config: LoadedConfig
  package var files: WorkspaceFiles

  /// Keeps a config and the walk made with it.
  package init(config: LoadedConfig, files: WorkspaceFiles) {
    self.config = config
    self.files = files
  }
}

import GlossMatching
package import GlossSyntax

/// One file handed to the bulk loader, with the role the caller chose for it.
package struct WorkspaceFile: Sendable {
  /// The role a file plays in the workspace.
  package enum Role: Sendable { case note, sourceDocument, bibliography }

  /// The root-relative path.
  package var path: String
  package var role: Role
  package var bytes: [UInt8]
  /// The page numbers a source document's PDF prints, read when its text was extracted.
  package var pageLabels: PageLabels?
  /// A note's record when it was parsed before from exactly `bytes` (taken from the note image): used as it is
  /// rather than parsed again.
  package var parsedNote: NoteRecord?
  /// A source document's record when it was parsed before from its file as it is now, its text released (taken from
  /// the note image): used as it is rather than read and parsed; its text is read again through the workspace's
  /// `sourceTextProvider` when needed.
  package var parsedSource: SourceDocumentRecord?
  /// A bibliography file's parse when it was parsed before from exactly `bytes` (taken from the note image): used as
  /// it is rather than parsed again.
  package var parsedBibliography: Bibliography?

  /// A file to load.
  package init(path: String, role: Role, bytes: [UInt8], pageLabels: PageLabels? = nil) {
    self.path = path
    self.role = role
    self.bytes = bytes
    self.pageLabels = pageLabels
  }
}

extension Workspace {
  /// Indexes `files` at once: parses them in parallel, merges single-threaded, then diagnoses in parallel.
  package init(
    loading files: [WorkspaceFile], config: WorkspaceConfig = WorkspaceConfig(), configProblems: [SyntaxProblem] = [],
    configPath: String = ".gloss.json", otherFiles: Set<String> = [], place: WorkspacePlace = WorkspacePlace()
  ) {
    self.init(
      indexing: files, config: config, configProblems: configProblems, configPath: configPath, otherFiles: otherFiles,
      place: place)
    diagnoseAll()
  }

  /// Indexes `files` at once without diagnosing anything: more files may follow (`addFiles`) before `diagnoseAll()`
  /// diagnoses every file once. Until then the diagnostics are empty.
  package init(
    indexing files: [WorkspaceFile], config: WorkspaceConfig = WorkspaceConfig(), configProblems: [SyntaxProblem] = [],
    configPath: String = ".gloss.json", otherFiles: Set<String> = [], place: WorkspacePlace = WorkspacePlace()
  ) {
    self.init()
    self.place = place
    self.config = config
    self.configProblems = configProblems
    self.configPath = configPath
    ignoreGlobs = config.diagnosticsIgnore.map(Glob.init)
    self.otherFiles = otherFiles
    for path in otherFiles { otherFilesByName[PathUtilities.fileName(path).lowercased(), default: []].insert(path) }
    addFiles(files)
  }

  /// Puts files the workspace does not hold yet in place (parsed on all cores) without diagnosing anything; for
  /// the bulk load, before `diagnoseAll()` (see `addFiles(count:…)` for `indexingQuotations`).
  package mutating func addFiles(_ files: [WorkspaceFile], indexingQuotations: Bool = true) {
    addFiles(count: files.count, indexingQuotations: indexingQuotations) { files[$0] }
  }

  /// Puts an already read bibliography (a Zotero library) in place without diagnosing anything; for the bulk load,
  /// before `diagnoseAll()`.
  package mutating func addBibliography(_ record: BibliographyRecord) {
    awaitsDiagnoseAll = true
    _ = removeOtherRoles(record.path, keeping: .bibliography)
    _ = replaceBibliography(at: record.path, with: record)
  }

  /// Puts `count` files the workspace does not hold yet in place without diagnosing anything; for the bulk load,
  /// before `diagnoseAll()`. `load(i)` gives the `i`-th file (nil leaves it out); it is called once for each `i`, on
  /// all cores, and each file is parsed right after it is loaded, while its bytes are still in the cache. With
  /// quotation checks on, each source document's quotation index is built there too, so that `diagnoseAll()` only
  /// has to look the quotations up.
  ///
  /// `releasingNoteBlocks` releases each note's blocks (`releaseNoteBlocks()`) as soon as it is parsed, on the core
  /// that parsed it: nothing the bulk load and `diagnoseAll()` do reads them, and their memory (about a third of a
  /// parsed note) is then reused by the next notes parsed there rather than freed at the end between the pages of
  /// what stays. Without `indexingQuotations` the sources' quotation indexes are left for `diagnoseAll()` to build
  /// (a diagnosis made later, off the requests' way: `Workspace+DeferredDiagnosis.swift`). `workersMayRun` pauses
  /// the other cores' parsing while it says no (`ParallelWork.stream`).
  package mutating func addFiles(
    count: Int, releasingNoteBlocks: Bool = false, indexingQuotations: Bool = true,
    workersMayRun: (@Sendable () -> Bool)? = nil, load: @Sendable (Int) -> WorkspaceFile?
  ) {
    let lexicon = config.quoteCheck && indexingQuotations ? quotes.lexicon : nil
    let place = self.place
    awaitsDiagnoseAll = true
    notes.reserveCapacity(notes.count + count)
    // Notes the workspace does not hold yet are put in place as they come, and filed in the reverse maps at the end,
    // on all cores (`fileNewNotes`): filing them one by one on the merging thread was the longest part of a load.
    var newNotes = NewNoteContributions()
    // Each file is put in place (single-threaded) while the files after it are still being parsed.
    ParallelWork.stream(count: count, workersMayRun: workersMayRun) { index -> ParsedFile? in
      guard let file = load(index) else { return nil }
      let parsed = Self.parse(file, place: place, indexingQuotationsWith: lexicon)
      guard releasingNoteBlocks, case .note(var record, let contributions) = parsed else { return parsed }
      record.releaseBlocks()
      return .note(record, contributions)
    } consume: { file in
      switch file {
      case .note(let record, let contributions)
      where notes[record.path] == nil && sourceDocuments[record.path] == nil
        && bibliographies[record.path] == nil:
        notes[record.path] = record
        newNotes.append(record.path, contributions)
      case .note(let record, let contributions):
        _ = removeOtherRoles(record.path, keeping: .note)
        _ = replaceNote(at: record.path, with: record, collectingAffected: false, contributions: contributions)
      case .sourceDocument(let record, let index):
        _ = removeOtherRoles(record.path, keeping: .sourceDocument)
        _ = replaceSourceDocument(at: record.path, with: record, collectingAffected: false)
        if let index { quotes.indexes[record.path] = index }
      case .bibliography(let record):
        _ = removeOtherRoles(record.path, keeping: .bibliography)
        _ = replaceBibliography(at: record.path, with: record, collectingAffected: false)
      case nil:
        break
      }
    }
    fileNewNotes(newNotes)
  }

  /// Checks every quotation and diagnoses every file from scratch (the end of the bulk load).
  package mutating func diagnoseAll() {
    updateRenamedKeys()
    ensureQuoteChecks(for: notes.keys)
    // The bulk load indexed every source as it was parsed; only the large texts' indexes stay resident.
    quotes.indexes = quotes.indexes.filter { $0.value.textCount >= Self.residentIndexBytes }
    diagnosedWithSources = !knowsNoSources
    var paths = diagnosedPaths
    if !paths.contains(configPath) { paths.append(configPath) }
    let results = computeDiagnostics(for: paths)
    diagnosticsCache = [:]
    diagnosticsCache.reserveCapacity(paths.count)
    for (path, diagnostics) in zip(paths, results) where !diagnostics.isEmpty {
      diagnosticsCache[path] = diagnostics
    }
    pendingPaths = []
    awaitsDiagnoseAll = false
  }

  /// Puts several files in place at once (parsed on all cores) and re-diagnoses the files they affect once;
  /// returns the paths whose diagnostics changed. Loading many files one by one would re-diagnose the notes citing
  /// each of them again and again.
  @discardableResult
  package mutating func setFiles(_ files: [WorkspaceFile]) -> Set<String> {
    let parsed = Self.parse(files, place: place)
    var affected: Set<String> = []
    var always: Set<String> = []
    for file in parsed {
      switch file {
      case .note(let record, let contributions):
        affected.formUnion(removeOtherRoles(record.path, keeping: .note))
        affected.formUnion(replaceNote(at: record.path, with: record, contributions: contributions))
        always.insert(record.path)
      case .sourceDocument(let record, _):
        affected.formUnion(removeOtherRoles(record.path, keeping: .sourceDocument))
        affected.formUnion(replaceSourceDocument(at: record.path, with: record))
        always.insert(record.path)
      case .bibliography(let record):
        affected.formUnion(removeOtherRoles(record.path, keeping: .bibliography))
        affected.formUnion(replaceBibliography(at: record.path, with: record))
        always.insert(record.path)
      }
    }
    pendingPaths.subtract(always)
    return refreshDiagnostics(affected, always: always)
  }

  private static func parse(_ files: [WorkspaceFile], place: WorkspacePlace) -> [ParsedFile] {
    ParallelWork.map(count: files.count) { parse(files[$0], place: place, indexingQuotationsWith: nil) }
  }

  /// One file parsed into its record; a source document's quotation index is built too when `lexicon` is given, and
  /// a note's contributions to the reverse maps are found, on the core that parsed it rather than the one merging.
  private static func parse(
    _ file: WorkspaceFile, place: WorkspacePlace, indexingQuotationsWith lexicon: QuoteLexicon?
  ) -> ParsedFile {
    switch file.role {
    case .note:
      let record = file.parsedNote ?? NoteRecord(path: file.path, bytes: file.bytes, place: place)
      return .note(record, NoteContributions(record))
    case .sourceDocument:
      // A record taken from the image has no text here: its quotation index is made when a check needs it.
      if let record = file.parsedSource { return .sourceDocument(record, nil) }
      let record = SourceDocumentRecord(path: file.path, bytes: file.bytes, pageLabels: file.pageLabels)
      return .sourceDocument(record, lexicon.map { QuoteIndex(text: record.document.text, lexicon: $0) })
    case .bibliography:
      if let bibliography = file.parsedBibliography {
        return .bibliography(BibliographyRecord(path: file.path, bibliography: bibliography, place: place))
      }
      return .bibliography(BibliographyRecord(path: file.path, bytes: file.bytes, place: place))
    }
  }

  private enum ParsedFile: Sendable {
    case note(NoteRecord, NoteContributions)
    case sourceDocument(SourceDocumentRecord, QuoteIndex?)
    case bibliography(BibliographyRecord)
  }
}

package import GlossSyntax

extension Workspace {
  /// Parses `bytes` as the note at `path` (replacing whatever was there) and returns the paths whose diagnostics
  /// changed (always including `path`).
  ///
  /// With `deferringOthers`, only `path` is re-diagnosed now: the other notes it affects (links to its names and
  /// headings) wait in `pendingPaths` until `refreshPending()`, so an editor gets the edited note's diagnostics first.
  @discardableResult
  package mutating func setNote(path: String, bytes: [UInt8], deferringOthers: Bool = false) -> Set<String> {
    setNote(NoteRecord(path: path, bytes: bytes, place: place), deferringOthers: deferringOthers)
  }

  /// Like `setNote(path:bytes:deferringOthers:)` for a note whose previous text `edit` changed into `bytes`: only
  /// the blocks around the edit are parsed again (`Note(reparsing:…)`), when the note held is the one parsed from
  /// that previous text; else the whole note is parsed.
  @discardableResult
  package mutating func setNote(
    path: String, bytes: [UInt8], after edit: TextEditSpan?, deferringOthers: Bool = false
  ) -> Set<String> {
    guard let edit,
      notes[path].map({
        !$0.blocksReleased && edit.range.upperBound <= $0.byteCount && $0.byteCount + edit.delta == bytes.count
      }) == true,
      var old = notes[path]
    else {
      return setNote(path: path, bytes: bytes, deferringOthers: deferringOthers)
    }
    // The note and the arrays derived from it leave the index, which keeps the summary its reverse maps are updated
    // from: the re-parse and the summary then move the elements after the edit in place rather than copying them (a
    // 10 MB note holds 100,000 citations). The summary is kept first, as it is otherwise found from the note.
    old.keepSummary()
    notes[path]?.keptSummary = old.keptSummary
    notes[path]?.note = Note()
    notes[path]?.quotations = []
    notes[path]?.locators = []
    var oldNote = Note()
    swap(&oldNote, &old.note)
    var splice: NoteSplice?
    let note = Note(
      reparsing: consume oldNote, replacing: edit.range, insertedCount: edit.insertedCount, in: bytes,
      splice: &splice)
    guard let splice else {
      return setNote(NoteRecord(path: path, note: note, bytes: bytes, place: place), deferringOthers: deferringOthers)
    }
    // Only the blocks the re-parse replaced are summarised and diagnosed again (`NoteSplice`).
    let record = NoteRecord(updating: consume old, to: note, splice: splice, bytes: bytes)
    return setNote(record, deferringOthers: deferringOthers, splice: splice)
  }

  /// Puts an already summarised note in place; with `splice`, the note is the one held re-parsed around an edit
  /// (`NoteRecord(updating:to:splice:bytes:)`), and its diagnostics outside the splice are kept when they still hold
  /// (`diagnosticsOutlive(_:becoming:)`).
  @discardableResult
  package mutating func setNote(
    _ record: NoteRecord, deferringOthers: Bool = false, splice: NoteSplice? = nil
  ) -> Set<String> {
    let path = record.path
    let reusable = splice != nil && notes[path].map { diagnosticsOutlive($0, becoming: record) } == true
    var affected = removeOtherRoles(path, keeping: .note)
    affected.formUnion(replaceNote(at: path, with: record))
    affected.remove(path)
    if deferringOthers {
      pendingPaths.formUnion(affected)
      affected = []
    }
    pendingPaths.remove(path)
    guard reusable, let splice else { return refreshDiagnostics(affected, always: [path]) }
    refreshDiagnostics(ofEdited: record, splice: splice)
    return refreshDiagnostics(affected, always: []).union([path])
  }

  /// Whether the cached diagnostics of the note `old` stay right outside the blocks an edit re-parsed when it becomes
  /// `new`: they are current (not waiting for `refreshPending()` or `diagnoseAll()`), and what a diagnostic depends on
  /// beyond its own block stays: the note's names, headings and labels (links and cross-references within the note
  /// resolve through them) and
  /// whether the workspace knows any source. Keys, sources and other notes do not change with an edit of this note.
  private func diagnosticsOutlive(_ old: NoteRecord, becoming new: NoteRecord) -> Bool {
    !awaitsDiagnoseAll && !pendingPaths.contains(old.path) && diagnosedWithSources != knowsNoSources
      && old.nameKeys == new.nameKeys && old.headingSignature == new.headingSignature
      && old.note.labels.map(\.id) == new.note.labels.map(\.id)
  }

  /// Re-diagnoses the note `record` (in place, re-parsed around an edit) inside `splice` only: the cached diagnostics
  /// before it are kept, those after it are moved by the edit's length.
  private mutating func refreshDiagnostics(ofEdited record: NoteRecord, splice: NoteSplice) {
    ensureQuoteChecks(of: record, startingIn: splice.newRange)
    let inside = noteDiagnostics(of: record, startingIn: splice.newRange)
    // Taken out of the cache so that it is changed in place.
    var diagnostics = diagnosticsCache.removeValue(forKey: record.path) ?? []
    let replaced = NoteSplice.indices(of: diagnostics, startingIn: splice.oldRange) { $0.range.lowerBound }
    diagnostics.replaceSubrange(replaced, with: inside)
    let delta = splice.delta
    if delta != 0 {
      for index in replaced.lowerBound + inside.count..<diagnostics.count {
        let range = diagnostics[index].range
        diagnostics[index].range = range.lowerBound + delta..<range.upperBound + delta
      }
    }
    diagnosticsCache[record.path] = diagnostics.isEmpty ? nil : diagnostics
  }

  /// Re-diagnoses the files left waiting by `setNote(…, deferringOthers: true)`; returns those whose diagnostics
  /// changed.
  @discardableResult
  package mutating func refreshPending() -> Set<String> {
    let paths = pendingPaths
    pendingPaths = []
    return refreshDiagnostics(paths, always: [])
  }

  /// Parses `bytes` as the source document at `path` (format from the extension).
  @discardableResult
  package mutating func setSourceDocument(path: String, bytes: [UInt8]) -> Set<String> {
    setSourceDocument(SourceDocumentRecord(path: path, bytes: bytes))
  }

  /// Puts the text an external tool extracted from the file at `path` (a PDF, …) in place as its source document,
  /// with the page numbers its PDF prints, or, with `problem`, records why it has none (it stays a source, without
  /// text); returns the paths whose diagnostics changed.
  @discardableResult
  package mutating func setExtractedText(
    path: String, text: [UInt8], pageLabels: PageLabels? = nil, problem: String? = nil
  ) -> Set<String> {
    textProblems[path] = problem
    return setSourceDocument(SourceDocumentRecord(path: path, bytes: text, pageLabels: pageLabels))
  }

  /// Records why files have no text, all at once, without diagnosing anything (the bulk load, before
  /// `diagnoseAll()`).
  package mutating func setTextProblems(_ problems: [String: String]) {
    textProblems.merge(problems) { _, new in new }
  }

  /// Puts an already parsed source document in place.
  @discardableResult
  package mutating func setSourceDocument(_ record: SourceDocumentRecord) -> Set<String> {
    var affected = removeOtherRoles(record.path, keeping: .sourceDocument)
    affected.formUnion(replaceSourceDocument(at: record.path, with: record))
    return refreshDiagnostics(affected, always: [record.path])
  }

  /// Parses `bytes` as the bibliography at `path` (`.json` → CSL-JSON, else BibTeX).
  @discardableResult
  package mutating func setBibliography(path: String, bytes: [UInt8]) -> Set<String> {
    setBibliography(BibliographyRecord(path: path, bytes: bytes, place: place))
  }

  /// Puts an already parsed bibliography in place.
  @discardableResult
  package mutating func setBibliography(_ record: BibliographyRecord) -> Set<String> {
    var affected = removeOtherRoles(record.path, keeping: .bibliography)
    affected.formUnion(replaceBibliography(at: record.path, with: record))
    // A key gone in an earlier run may have come back under another key in this file.
    affected.formUnion(citersOfRememberedUnknownKeys)
    return refreshDiagnostics(affected, always: [record.path])
  }

  /// Forgets the file at `path`, whatever its role; its own diagnostics become empty.
  @discardableResult
  package mutating func remove(path: String) -> Set<String> {
    let affected = removeOtherRoles(path, keeping: nil)
    var changed: Set<String> = []
    if otherFiles.contains(path) {
      var others = otherFiles
      others.remove(path)
      changed = setOtherFiles(others)
    }
    return changed.union(refreshDiagnostics(affected, always: [path]))
  }

  /// Sets the other files that exist (links to them are not broken).
  @discardableResult
  package mutating func setOtherFiles(_ paths: Set<String>) -> Set<String> {
    let changed = paths.symmetricDifference(otherFiles)
    guard !changed.isEmpty else { return [] }
    for path in otherFiles.subtracting(paths) {
      otherFilesByName[PathUtilities.fileName(path).lowercased()]?.remove(path)
    }
    for path in paths.subtracting(otherFiles) {
      otherFilesByName[PathUtilities.fileName(path).lowercased(), default: []].insert(path)
    }
    otherFiles = paths
    var affected: Set<String> = []
    for path in changed { affected.formUnion(linkersOfFile(path)) }
    // A bibliography file appearing or going while the config names others changes the config's hint.
    if config.bibliography != nil, changed.contains(where: Self.isBibliographyName) { affected.insert(configPath) }
    return refreshDiagnostics(affected, always: [])
  }

  /// Whether a file's name is a bibliography's by default (`*.bib`, `*.csl.json`).
  static func isBibliographyName(_ path: String) -> Bool {
    let name = PathUtilities.fileName(path).lowercased()
    return name.hasSuffix(".bib") || name.hasSuffix(".csl.json")
  }

  /// Sets the config (and what could not be read of the config file at `path`); every file is re-diagnosed.
  @discardableResult
  package mutating func setConfig(
    _ config: WorkspaceConfig, problems: [SyntaxProblem] = [], path: String = ".gloss.json"
  ) -> Set<String> {
    let oldPath = configPath
    self.config = config
    configProblems = problems
    configPath = path
    ignoreGlobs = config.diagnosticsIgnore.map(Glob.init)
    var all = Set(notes.keys).union(bibliographies.keys).union(sourceDocuments.keys)
    all.insert(path)
    all.insert(oldPath)
    return refreshDiagnostics(all, always: [])
  }

  /// Recomputes the diagnostics of `paths` and returns those that changed, plus `always`.
  mutating func refreshDiagnostics(_ paths: Set<String>, always: Set<String>) -> Set<String> {
    updateRenamedKeys()
    var paths = paths
    if diagnosedWithSources == knowsNoSources {
      // The first bibliography or source document arrived, or the last one left: every citation's report changes.
      diagnosedWithSources = !knowsNoSources
      paths.formUnion(notes.keys)
    }
    pendingPaths.subtract(paths)
    var changed = always
    let targets = Array(paths.union(always))
    wholeDiagnoses += targets.count
    ensureQuoteChecks(for: targets)
    let results = computeDiagnostics(for: targets)
    for (path, fresh) in zip(targets, results) {
      let old = diagnosticsCache[path] ?? []
      if fresh.isEmpty {
        diagnosticsCache[path] = nil
      } else {
        diagnosticsCache[path] = fresh
      }
      if fresh != old { changed.insert(path) }
    }
    return changed
  }

  /// Diagnoses `paths`; many files (a config change, a much-cited key) on all cores.
  func computeDiagnostics(for paths: [String]) -> [[Diagnostic]] {
    guard paths.count > 64 else { return paths.map { computeDiagnostics(for: $0) } }
    let snapshot = self
    return ParallelWork.map(count: paths.count) { snapshot.computeDiagnostics(for: paths[$0]) }
  }

  /// The roles a file can have.
  enum Role { case note, sourceDocument, bibliography }

  /// Removes `path` from every role but `keeping`, returning the paths affected.
  mutating func removeOtherRoles(_ path: String, keeping role: Role?) -> Set<String> {
    var affected: Set<String> = []
    if role != .note, notes[path] != nil { affected.formUnion(replaceNote(at: path, with: nil)) }
    if role != .sourceDocument, sourceDocuments[path] != nil {
      affected.formUnion(replaceSourceDocument(at: path, with: nil))
    }
    if role != .bibliography, bibliographies[path] != nil {
      affected.formUnion(replaceBibliography(at: path, with: nil))
    }
    return affected
  }

  /// The notes with a link that a file appearing or disappearing at `path` may satisfy or break.
  func linkersOfFile(_ path: String) -> Set<String> {
    var out: Set<String> = []
    for key in LinkKeys.keys(satisfiedBy: path) { out.formUnion(linkers[key] ?? []) }
    return out
  }
}

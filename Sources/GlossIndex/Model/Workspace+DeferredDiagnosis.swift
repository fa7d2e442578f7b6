import GlossSyntax

/// A bulk-loaded workspace answering requests before it is diagnosed: after a restart whose diagnostics were already
/// shown (the server's restart snapshot), navigation, hover and completion need only what the files hold, while
/// `diagnoseAll()` (quotation checks above all) is most of a load's time. A copy is diagnosed off the requests'
/// way and what diagnosing made is then taken back (`adoptDiagnosis(of:)`): the files must not change in between
/// (docs/contributing/architecture.md, "Restarts").
extension Workspace {
  /// Whether files were added in bulk (`addFiles`) and wait for `diagnoseAll()`: until then every file's diagnostics
  /// are empty, and a change must not be diagnosed against them.
  package var awaitsDiagnosis: Bool { awaitsDiagnoseAll }

  /// Makes what requests read besides the files current before diagnosing: the keys renamed since the last run,
  /// which hover names (`renamedKey(for:)`); `diagnoseAll()` finds them otherwise.
  package mutating func prepareForRequestsBeforeDiagnosis() {
    updateRenamedKeys()
  }

  /// Takes from `diagnosed` (a copy of this workspace on which `diagnoseAll()` ran, its source texts maybe released)
  /// what diagnosing made: diagnostics, quotation checks and indexes, renamed keys, the released source documents.
  /// What this workspace built meanwhile for requests (completion and search structures, restored note blocks) stays.
  /// Returns false, and takes nothing, when the two no longer hold the same files (this one changed since the copy):
  /// the caller must then diagnose this one itself.
  @discardableResult
  package mutating func adoptDiagnosis(of diagnosed: Workspace) -> Bool {
    guard awaitsDiagnoseAll, !diagnosed.awaitsDiagnoseAll, holdsSameFiles(as: diagnosed) else { return false }
    diagnosticsCache = diagnosed.diagnosticsCache
    quotes = diagnosed.quotes
    diagnosedWithSources = diagnosed.diagnosedWithSources
    pendingPaths = diagnosed.pendingPaths
    renamedKeyMap = diagnosed.renamedKeyMap
    renamedKeysAreStale = diagnosed.renamedKeysAreStale
    sourceDocuments = diagnosed.sourceDocuments
    sourceTextProvider = diagnosed.sourceTextProvider
    awaitsDiagnoseAll = false
    return true
  }

  /// Whether `other` holds the same notes, bibliographies and source documents of the same sizes, config and
  /// remembered keys: a cheap check of the records' sizes, not of every byte (the caller keeps the files
  /// from changing; this catches a misuse).
  private func holdsSameFiles(as other: Workspace) -> Bool {
    guard notes.count == other.notes.count, bibliographies.count == other.bibliographies.count,
      sourceDocuments.count == other.sourceDocuments.count, config == other.config,
      configProblems == other.configProblems, textProblems == other.textProblems,
      rememberedKeys == other.rememberedKeys, otherFiles == other.otherFiles
    else { return false }
    for (path, record) in notes where other.notes[path]?.byteCount != record.byteCount { return false }
    for (path, record) in bibliographies
    where other.bibliographies[path]?.bibliography.entries.count != record.bibliography.entries.count {
      return false
    }
    for (path, record) in sourceDocuments
    where other.sourceDocuments[path]?.document.textCount != record.document.textCount {
      return false
    }
    return true
  }
}

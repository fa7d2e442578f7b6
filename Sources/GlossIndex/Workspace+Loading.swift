import Dispatch
package import GlossSyntax

/// One file handed to the bulk loader, with the role the caller chose for it.
package struct WorkspaceFile: Sendable {
  /// The role a file plays in the workspace.
  package enum Role: Sendable { case note, sourceDocument, bibliography }

  /// The root-relative path.
  package var path: String
  package var role: Role
  package var bytes: [UInt8]

  /// A file to load.
  package init(path: String, role: Role, bytes: [UInt8]) {
    self.path = path
    self.role = role
    self.bytes = bytes
  }
}

extension Workspace {
  /// Indexes `files` at once: parses them in parallel, merges single-threaded, then diagnoses in parallel.
  package init(
    loading files: [WorkspaceFile], config: WorkspaceConfig = WorkspaceConfig(), configProblems: [SyntaxProblem] = [],
    configPath: String = ".gloss.json", otherFiles: Set<String> = []
  ) {
    self.init(
      indexing: files, config: config, configProblems: configProblems, configPath: configPath, otherFiles: otherFiles)
    diagnoseAll()
  }

  /// Indexes `files` at once without diagnosing anything: more files may follow (`addFiles`) before `diagnoseAll()`
  /// diagnoses every file once. Until then the diagnostics are empty.
  package init(
    indexing files: [WorkspaceFile], config: WorkspaceConfig = WorkspaceConfig(), configProblems: [SyntaxProblem] = [],
    configPath: String = ".gloss.json", otherFiles: Set<String> = []
  ) {
    self.init()
    self.config = config
    self.configProblems = configProblems
    self.configPath = configPath
    ignoreGlobs = config.diagnosticsIgnore.map(Glob.init)
    self.otherFiles = otherFiles
    for path in otherFiles { otherFilesByName[PathUtilities.fileName(path).lowercased(), default: []].insert(path) }
    addFiles(files)
  }

  /// Puts files the workspace does not hold yet in place (parsed on all cores) without diagnosing anything; for
  /// the bulk load, before `diagnoseAll()`.
  package mutating func addFiles(_ files: [WorkspaceFile]) {
    let parsed = Self.parse(files)
    let noteCount = parsed.reduce(0) { if case .note = $1 { $0 + 1 } else { $0 } }
    notes.reserveCapacity(notes.count + noteCount)
    for file in parsed {
      switch file {
      case .note(let record):
        _ = removeOtherRoles(record.path, keeping: .note)
        _ = replaceNote(at: record.path, with: record, collectingAffected: false)
      case .sourceDocument(let record):
        _ = removeOtherRoles(record.path, keeping: .sourceDocument)
        _ = replaceSourceDocument(at: record.path, with: record)
      case .bibliography(let record):
        _ = removeOtherRoles(record.path, keeping: .bibliography)
        _ = replaceBibliography(at: record.path, with: record)
      }
    }
  }

  /// Checks every quotation and diagnoses every file from scratch (the end of the bulk load).
  package mutating func diagnoseAll() {
    ensureQuoteChecks(for: notes.keys)
    var paths = diagnosedPaths
    if !paths.contains(configPath) { paths.append(configPath) }
    let results = computeDiagnostics(for: paths)
    diagnosticsCache = [:]
    diagnosticsCache.reserveCapacity(paths.count)
    for (path, diagnostics) in zip(paths, results) where !diagnostics.isEmpty {
      diagnosticsCache[path] = diagnostics
    }
    pendingPaths = []
  }

  /// Puts several files in place at once (parsed on all cores) and re-diagnoses the files they affect once;
  /// returns the paths whose diagnostics changed. Loading many files one by one would re-diagnose the notes citing
  /// each of them again and again.
  @discardableResult
  package mutating func setFiles(_ files: [WorkspaceFile]) -> Set<String> {
    let parsed = Self.parse(files)
    var affected: Set<String> = []
    var always: Set<String> = []
    for file in parsed {
      switch file {
      case .note(let record):
        affected.formUnion(removeOtherRoles(record.path, keeping: .note))
        affected.formUnion(replaceNote(at: record.path, with: record))
        always.insert(record.path)
      case .sourceDocument(let record):
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

  private static func parse(_ files: [WorkspaceFile]) -> [ParsedFile] {
    parallelMap(files) { file -> ParsedFile in
      switch file.role {
      case .note: return .note(NoteRecord(path: file.path, bytes: file.bytes))
      case .sourceDocument: return .sourceDocument(SourceDocumentRecord(path: file.path, bytes: file.bytes))
      case .bibliography: return .bibliography(BibliographyRecord(path: file.path, bytes: file.bytes))
      }
    }
  }

  private enum ParsedFile: Sendable {
    case note(NoteRecord)
    case sourceDocument(SourceDocumentRecord)
    case bibliography(BibliographyRecord)
  }

  /// `transform` applied to every element on all cores, results in order.
  static func parallelMap<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
    if items.count < 2 { return items.map(transform) }
    let results = UnsafeMutableBufferPointer<R?>.allocate(capacity: items.count)
    results.initialize(repeating: nil)
    defer { results.deallocate() }
    // Each index is written by exactly one iteration, so the unsynchronised writes never overlap.
    nonisolated(unsafe) let shared = results
    let chunk = max(1, items.count / 64)
    let chunks = (items.count + chunk - 1) / chunk
    DispatchQueue.concurrentPerform(iterations: chunks) { c in
      for i in (c * chunk)..<min(items.count, (c + 1) * chunk) { shared[i] = transform(items[i]) }
    }
    return results.map { $0! }
  }
}

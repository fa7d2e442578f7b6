package import GlossIndex
import GlossSyntax

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `gloss check` reports about one workspace: every diagnostic placed by line and column, sorted, with counts.
///
/// It indexes the root with the server's own loading code (`IndexedRoot`), so the command and the language server
/// can never disagree. Lines and columns are 1-based; columns count Unicode scalars (a precomposed `ế` is one, an
/// `e` with a combining accent two, an emoji one), which is what the UTF-32 position encoding counts.
package struct CheckReport: Sendable {
  /// One diagnostic, placed.
  package struct Item: Hashable, Sendable, Codable {
    /// The path relative to the checked folder.
    package var path: String
    /// 1-based line of the start.
    package var line: Int
    /// 1-based column of the start, in Unicode scalars.
    package var column: Int
    /// 1-based line of the end.
    package var endLine: Int
    /// 1-based column of the end (exclusive), in Unicode scalars.
    package var endColumn: Int
    /// `error`, `warning`, `info` or `hint`.
    package var severity: String
    /// The code listed in docs/diagnostics.md.
    package var code: String
    /// The message.
    package var message: String
    /// For an unknown key whose work has another key now (docs/literature-notes.md): the old key and the new one.
    package var renamedKey: Renamed? = nil
  }

  /// A key that changed: `{"from", "to"}` in the JSON.
  package struct Renamed: Hashable, Sendable, Codable {
    /// The key the notes cite.
    package var from: String
    /// The key the same work has now.
    package var to: String

    /// A renamed key.
    package init(from: String, to: String) {
      self.from = from
      self.to = to
    }
  }

  /// Every diagnostic, by path (byte order) then position.
  package var items: [Item]
  /// The number of notes checked.
  package var noteCount: Int
  /// Files and folders that could not be read.
  package var skipped: [SkippedFile]
  /// Whether notes cite sources but the folder holds no bibliography and no source document (then no citation is
  /// an unknown source, and the command says once that none was found).
  package var citesWithoutSources: Bool

  /// Indexes the folder at `root` and places its diagnostics; `progress` is told each indexing step as it starts.
  /// PDFs and other formats an external tool reads are extracted first (or taken from the cache) with `extract`; the
  /// cache folder and home come from `environment`.
  /// With `keyMemory`, the key fingerprints an earlier run (of the server or of this command) saved are read first,
  /// so that a key gone since is reported with its new key, and the current ones are saved after.
  package init(
    root: String, fileSystem: any FileReading, progress: (IndexingStep) -> Void = { _ in },
    keyMemory: KeyMemory? = nil,
    extract: @escaping @Sendable (String, ExtractedFormat) -> ExtractionOutcome = {
      TextExtractor.extract($0, format: $1)
    },
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    var indexed = IndexedRoot.forCommandLine(
      root: root, fileSystem: fileSystem, progress: progress, extract: extract, environment: environment)
    keyMemory?.apply(to: &indexed, root: root, fileSystem: fileSystem)
    self.init(indexed: indexed, root: root, fileSystem: fileSystem)
  }

  /// The nearest source keys (as the editor's quick fixes offer them) of every unknown key in `diagnostics` not
  /// renamed since an earlier run, each key worked out once, on all cores.
  static func nearestKeys(
    in workspace: Workspace, diagnostics: some Sequence<(key: String, value: [Diagnostic])>
  ) -> [String: [String]] {
    var unknown: Set<String> = []
    for (_, diagnostics) in diagnostics {
      for diagnostic in diagnostics {
        if case .unknownSource(let key) = diagnostic.related, workspace.renamedKey(for: key) == nil {
          unknown.insert(key)
        }
      }
    }
    guard !unknown.isEmpty else { return [:] }
    let keys = Array(unknown)
    let suggestions = workspace.keySuggestions
    let nearest = ParallelWork.map(count: keys.count) { suggestions.nearest(to: keys[$0], limit: 3) }
    return Dictionary(uniqueKeysWithValues: zip(keys, nearest))
  }

  /// Places the diagnostics of `indexed`, the workspace at `root` indexed for the command line.
  init(indexed: IndexedRoot, root: String, fileSystem: any FileReading) {
    self.init(
      indexed: indexed, diagnostics: indexed.workspace.diagnosticsByPath, kept: nil, root: root,
      fileSystem: fileSystem)
  }

  /// Places `diagnostics` (by path) of `indexed`, the workspace at `root` indexed for the command line, beside `kept`:
  /// the items of the other files, kept from the last check (whose items for the config's missing bibliographies are
  /// among them); without `kept`, `diagnostics` are every file's, and those items are made here.
  init(
    indexed: IndexedRoot, diagnostics: [String: [Diagnostic]], kept: [Item]?, root: String,
    fileSystem: any FileReading
  ) {
    let nearest = Self.nearestKeys(in: indexed.workspace, diagnostics: diagnostics)
    var items: [Item] = kept ?? []
    for (path, diagnostics) in diagnostics {
      let text: SourceText
      if let indexedText = indexed.texts[path] {
        text = indexedText
      } else if case .success(let bytes) = indexed.files.read(path, fileSystem: fileSystem) {
        // A note left unread by the load (`KnownText`) is placed in its text as the index takes it.
        text = indexed.workspace.notes[path] != nil ? WorkspaceRoot.noteText(bytes) : SourceText(bytes: bytes)
      } else {
        text = SourceText("")
      }
      for diagnostic in diagnostics {
        let (start, end) = text.positions(of: diagnostic.range, in: .utf32)
        var message = diagnostic.message
        var renamed: Renamed?
        if case .unknownSource(let key) = diagnostic.related, let now = indexed.workspace.renamedKey(for: key) {
          renamed = Renamed(from: key, to: now)
        } else if case .unknownSource(let key) = diagnostic.related {
          // As the editor's quick fixes offer them: a mistyped key's nearest keys.
          if let nearest = nearest[key], !nearest.isEmpty {
            message += "; did you mean " + nearest.map { "'\($0)'" }.joined(separator: " or ") + "?"
          }
        }
        items.append(
          Item(
            path: path, line: start.line + 1, column: start.column + 1, endLine: end.line + 1,
            endColumn: end.column + 1, severity: diagnostic.severity.rawValue, code: diagnostic.code,
            message: message, renamedKey: renamed))
      }
    }
    var skipped = indexed.skipped
    let missing = Self.missingBibliographies(of: indexed.files)
    if !missing.isEmpty {
      // A bibliography the config names and the disk lacks is an error on the config, not a file skipped in passing:
      // every citation of it would otherwise be an unknown source with no word of why.
      let configPath = WorkspaceLayout.configFileName
      let bytes = (try? fileSystem.contents(of: PathComponents.join(root, configPath))) ?? []
      let text = SourceText(bytes: bytes)
      let (start, end) = text.positions(
        of: WorkspaceConfig.range(ofKeyPath: ["bibliography"], in: bytes), in: .utf32)
      for path in missing where kept == nil {
        items.append(
          Item(
            path: configPath, line: start.line + 1, column: start.column + 1, endLine: end.line + 1,
            endColumn: end.column + 1, severity: Diagnostic.Severity.error.rawValue,
            code: DiagnosticCode.malformedConfig,
            message: "the bibliography '\(path)' named in '.gloss.json' does not exist"))
      }
      skipped.removeAll { missing.contains($0.path) }
    }
    items.sort { a, b in
      if a.path != b.path { return a.path.utf8Precedes(b.path) }
      if a.line != b.line { return a.line < b.line }
      if a.column != b.column { return a.column < b.column }
      return (a.code, a.message) < (b.code, b.message)
    }
    self.items = items
    self.noteCount = indexed.workspace.notes.count
    self.skipped = skipped
    self.citesWithoutSources =
      indexed.workspace.knowsNoSources && indexed.workspace.notes.values.contains { !$0.note.citations.isEmpty }
  }

  /// The bibliographies named in the config (by path, not glob) that do not exist, as index paths.
  private static func missingBibliographies(of files: WorkspaceFiles) -> [String] {
    let place = files.place
    let named = (files.layout.configuredBibliographies + files.layout.outsideBibliographies).compactMap {
      place.path(of: $0, from: "")
    }
    return named.filter { files.missing.contains($0) }
  }

  /// Keeps only the diagnostics of the file at `path` (root-relative): `gloss check FILE`.
  package mutating func keepOnly(_ path: String) {
    items.removeAll { $0.path != path }
    noteCount = 1
  }

  /// Whether any diagnostic is an error (the command then exits 1).
  package var hasErrors: Bool { items.contains { $0.severity == Diagnostic.Severity.error.rawValue } }

  /// `path:line:col: severity: message [code]`, one line per diagnostic.
  package var textLines: [String] {
    items.map { "\($0.path):\($0.line):\($0.column): \($0.severity): \($0.message) [\($0.code)]" }
  }

  /// `3 errors, 2 warnings, 1 hint in 15 notes` (infos are counted only when there are some).
  package var summary: String {
    func count(_ severity: Diagnostic.Severity) -> Int { items.count { $0.severity == severity.rawValue } }
    func plural(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
    var parts = [plural(count(.error), "error"), plural(count(.warning), "warning")]
    if count(.info) > 0 { parts.append(plural(count(.info), "info")) }
    parts.append(plural(count(.hint), "hint"))
    return parts.joined(separator: ", ") + " in " + plural(noteCount, "note")
  }

  /// The JSON array of `{code, column, endColumn, endLine, line, message, path, severity}` (and `renamedKey`).
  package var json: String {
    let encoder = JSONEncoder()
    // Sorted members: the same report is the same bytes on every run.
    encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes, .sortedKeys]
    guard let data = try? encoder.encode(items) else { return "[]" }
    return String(decoding: data, as: UTF8.self)
  }
}

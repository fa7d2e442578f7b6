package import GlossSyntax

/// The pure workspace index: notes, bibliographies and source documents, with reverse maps kept current by diff.
///
/// A copy-on-write value: a snapshot is a `let`. Files enter as (root-relative path, bytes) with a role chosen by
/// the caller; every mutation returns the paths whose diagnostics changed.
package struct Workspace: Sendable {
  /// Notes by path.
  package internal(set) var notes: [String: NoteRecord] = [:]
  /// Bibliography files by path.
  package internal(set) var bibliographies: [String: BibliographyRecord] = [:]
  /// Source documents by path.
  package internal(set) var sourceDocuments: [String: SourceDocumentRecord] = [:]
  /// Other files that exist (images, PDFs, …), which links may point at.
  package internal(set) var otherFiles: Set<String> = []
  /// The settings in force.
  package internal(set) var config = WorkspaceConfig()
  /// Where the root lies, for paths named from inside that leave it (set before any file is added).
  package internal(set) var place = WorkspacePlace()
  /// Why a file named as a source's text has none (`pdftotext` missing, encrypted, scanned), by index path.
  package internal(set) var textProblems: [String: String] = [:]
  /// The path of the config file, and what could not be read of it.
  package internal(set) var configPath = ".gloss.json"
  /// What could not be read of the config file (reported as `malformed-config`).
  package internal(set) var configProblems: [SyntaxProblem] = []
  /// Each key's fingerprint as an earlier run saw it (`setRememberedKeys`), for `renamedKey(for:)`.
  package internal(set) var rememberedKeys: [String: KeyFingerprint] = [:]
  /// Each remembered key that is gone → the one key its work has now (`Workspace+RenamedKeys.swift`), and whether a
  /// bibliography changed since it was found.
  var renamedKeyMap: [String: String] = [:]
  var renamedKeysAreStale = false

  // Reverse maps, each updated from the difference between a file's old and new contributions.
  /// Citation key → notes citing it.
  var citers: [String: PathSet] = [:]
  /// Lowercased wiki name → notes with that name.
  var notesByName: [String: PathSet] = [:]
  /// Citation key → notes whose front matter says `citekey:` it (its literature notes).
  var citekeyNotes: [String: PathSet] = [:]
  /// Path key → notes (Markdown links).
  var notesByPathKey: [String: PathSet] = [:]
  /// Link key → notes with a link filed under it.
  var linkers: [String: PathSet] = [:]
  /// Cross-reference label → notes defining it.
  var labelOwners: [String: PathSet] = [:]
  /// Lowercased tag → (note → uses).
  var tagUses: [String: PathCounts] = [:]
  /// Key → its definitions.
  var definitions: [String: SourceDefinitions] = [:]
  /// Source document path → keys of entries whose `file` field names it.
  var entriesByFile: [String: PathSet] = [:]
  /// Bibliography path named by front matter → notes naming it.
  var bibliographyUsers: [String: PathSet] = [:]
  /// Lowercased file name of other files → their paths (wiki embeds resolve by name).
  var otherFilesByName: [String: PathSet] = [:]
  /// Compiled `diagnosticsIgnore` globs.
  var ignoreGlobs: [Glob] = []
  /// Diagnostics of every file, kept current (except `pendingPaths`).
  var diagnosticsCache: [String: [Diagnostic]] = [:]
  /// Quotation checks: the shared lexicon, source indexes and cached results (`Workspace+Quotations.swift`).
  var quotes = QuoteState()
  /// Whether the cached diagnostics were computed while the workspace had a bibliography or a source document (when
  /// that changes, every note's `unknown-source` diagnostics change: see `knowsNoSources`).
  var diagnosedWithSources = false
  /// Whether files were added in bulk (`addFiles`) and wait for `diagnoseAll()`: their cached diagnostics are empty.
  var awaitsDiagnoseAll = false
  /// Files whose cached diagnostics wait for `refreshPending()`.
  package internal(set) var pendingPaths: Set<String> = []
  /// How many files were diagnosed whole after a change (`refreshDiagnostics(_:always:)`), and how many notes only
  /// where they cite the keys whose sources changed (`refreshDiagnostics(in:)`): counts a test tells them apart by.
  package internal(set) var wholeDiagnoses = 0
  package internal(set) var keyScopedDiagnoses = 0
  /// Completion's search structures, built lazily and replaced whenever the sources change.
  var completionCache = CompletionCache()
  /// The search structures over the sources' text, built on first search (`replaceSourceDocument` installs one
  /// that forgets the changed document).
  var textSearchCache = SourceTextSearchCache()
  /// The workspace-symbol catalog of this state, built on first use (`replace…` installs a fresh one).
  var symbolCatalogCache = SymbolCatalogCache()
  /// Reads released source texts again (`releaseSourceTexts`); nil while every text is kept.
  package internal(set) var sourceTextProvider: SourceTextProvider?

  /// An empty workspace.
  package init() {}

  /// The note at `path`.
  package func note(at path: String) -> NoteRecord? { notes[path] }

  /// Every path that has diagnostics: notes, bibliographies, source documents and the config file.
  package var diagnosedPaths: [String] {
    var paths = Array(notes.keys) + Array(bibliographies.keys) + Array(sourceDocuments.keys)
    if !configProblems.isEmpty || !unreadBibliographies.isEmpty { paths.append(configPath) }
    return paths.sorted()
  }

  /// Whether the workspace holds no bibliography file and no source document: nothing can be cited, so no citation
  /// is reported as an `unknown-source` (the server says once that none was found instead).
  package var knowsNoSources: Bool { bibliographies.isEmpty && sourceDocuments.isEmpty }

  /// The keys every source is known by, in no particular order.
  package var sourceKeys: Dictionary<String, SourceDefinitions>.Keys { definitions.keys }

  /// Where `key` is defined (bibliography entries and source documents, each in path order).
  package func definitions(ofKey key: String) -> SourceDefinitions? { definitions[key] }

  /// Bibliography files named by some note's front matter.
  package var referencedBibliographies: Set<String> {
    Set(bibliographyUsers.keys).union(projectBibliographies)
  }

  /// Bibliography files named by the Quarto project's metadata (relative to the root, as Quarto reads them).
  package var projectBibliographies: Set<String> {
    Set(config.project.bibliography.compactMap { place.path(of: $0, from: "") })
  }

  /// Source documents named by a BibTeX `file` field that are not loaded as source documents.
  package var unloadedEntryFiles: Set<String> {
    var out: Set<String> = []
    for record in bibliographies.values {
      for paths in record.entryFiles
      where !paths.contains(where: { sourceDocuments[$0] != nil && textProblems[$0] == nil }) {
        // Every candidate is asked for (the reader skips those that do not exist); a note named by a `file` field
        // stays a note: loading it as a source document would take its role.
        for path in paths
        where notes[path] == nil && sourceDocuments[path] == nil && BibliographyRecord.textRank(path) < 2 {
          out.insert(path)
        }
      }
    }
    return out
  }

  /// Every citation of `key`: the citing note, the citation and item indices, and the item.
  package func citations(ofKey key: String) -> [CitationOccurrence] {
    var out: [CitationOccurrence] = []
    for path in (citers[key] ?? []).sorted() {
      guard let record = notes[path] else { continue }
      let citations = record.note.citations
      // Read in place: only the items of the citations citing `key` are copied out.
      for ci in citations.indices where citations[ci].items.cite(key) {
        for (ii, item) in citations[ci].items.enumerated() where item.key == key {
          out.append(CitationOccurrence(path: path, citationIndex: ci, itemIndex: ii, item: item))
        }
      }
    }
    return out
  }

  /// Where every citation item of `key` writes it (the citing note's path and the key's range), by path then
  /// position: the citations are read in place and only the matching items copied (references to a key cited a
  /// thousand times, hover's count); the notes of a key cited in many are read on all cores.
  package func citationKeyLocations(ofKey key: String) -> [FileLocation] {
    let paths = (citers[key] ?? []).sorted()
    guard paths.count >= Self.citingNotesReadOnAllCores else {
      return paths.flatMap { citationKeyLocations(ofKey: key, in: $0) }
    }
    return ParallelWork.map(count: paths.count) { citationKeyLocations(ofKey: key, in: paths[$0]) }.flatMap { $0 }
  }

  /// From how many citing notes `citationKeyLocations(ofKey:)` reads them on all cores: below, the cores would cost
  /// more to start than the notes to read.
  static let citingNotesReadOnAllCores = 64

  /// Where the citation items of the note at `path` write `key`, in order.
  private func citationKeyLocations(ofKey key: String, in path: String) -> [FileLocation] {
    (notes[path]?.note.citations.keyRanges(of: key) ?? []).map { FileLocation(path: path, range: $0) }
  }

  /// The notes using `tag` (case-insensitive), with their number of uses; nested tags `tag/…` count only when asked
  /// (hover counts exact tags; a notebook export may take the nested ones too).
  package func notes(withTag tag: String, includingNested: Bool = false) -> [String: Int] {
    let lower = tag.lowercased()
    var out = tagUses[lower]?.dictionary ?? [:]
    if includingNested {
      let prefix = lower + "/"
      for (name, uses) in tagUses where name.hasPrefix(prefix) {
        out.merge(uses.dictionary, uniquingKeysWith: +)
      }
    }
    return out
  }

  /// Every use of `tag` (case-insensitive; nested `tag/…` uses too when asked), by note path then position.
  package func uses(ofTag tag: String, includingNested: Bool = false) -> [TagOccurrence] {
    let lower = tag.lowercased()
    var out: [TagOccurrence] = []
    for path in notes(withTag: tag, includingNested: includingNested).keys.sorted() {
      guard let record = notes[path] else { continue }
      for (index, use) in record.note.tags.enumerated() {
        let name = use.name.lowercased()
        if name == lower || (includingNested && name.hasPrefix(lower + "/")) {
          out.append(TagOccurrence(path: path, tagIndex: index, use: use))
        }
      }
    }
    return out
  }

  /// Every tag (lowercased) with the number of notes using it.
  package var tagCounts: [String: Int] { tagUses.mapValues(\.count) }
}

/// One tag use in a note.
package struct TagOccurrence: Hashable, Sendable {
  /// The note's path.
  package var path: String
  /// Index into the note's `tags`.
  package var tagIndex: Int
  /// The use, with its range in the note.
  package var use: TagUse
}

/// One citation item of a note.
package struct CitationOccurrence: Hashable, Sendable {
  /// The citing note's path.
  package var path: String
  package var citationIndex: Int
  package var itemIndex: Int
  /// The item, with its key range.
  package var item: CitationItem
}

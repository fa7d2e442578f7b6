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
  /// The path of the config file, and what could not be read of it.
  package internal(set) var configPath = ".gloss.json"
  package internal(set) var configProblems: [SyntaxProblem] = []

  // Reverse maps, each updated from the difference between a file's old and new contributions.
  /// Citation key → notes citing it.
  var citers: [String: Set<String>] = [:]
  /// Lowercased wiki name → notes with that name.
  var notesByName: [String: Set<String>] = [:]
  /// Path key → notes (Markdown links).
  var notesByPathKey: [String: Set<String>] = [:]
  /// Link key → notes with a link filed under it.
  var linkers: [String: Set<String>] = [:]
  /// Lowercased tag → (note → uses).
  var tagUses: [String: [String: Int]] = [:]
  /// Key → its definitions.
  var definitions: [String: SourceDefinitions] = [:]
  /// Source document path → keys of entries whose `file` field names it.
  var entriesByFile: [String: Set<String>] = [:]
  /// Bibliography path named by front matter → notes naming it.
  var bibliographyUsers: [String: Set<String>] = [:]
  /// Lowercased file name of other files → their paths (wiki embeds resolve by name).
  var otherFilesByName: [String: Set<String>] = [:]
  /// Compiled `diagnosticsIgnore` globs.
  var ignoreGlobs: [Glob] = []
  /// Diagnostics of every file, kept current (except `pendingPaths`).
  var diagnosticsCache: [String: [Diagnostic]] = [:]
  /// Files whose cached diagnostics wait for `refreshPending()`.
  package internal(set) var pendingPaths: Set<String> = []

  /// An empty workspace.
  package init() {}

  /// The note at `path`.
  package func note(at path: String) -> NoteRecord? { notes[path] }

  /// Every path that has diagnostics: notes, bibliographies, source documents and the config file.
  package var diagnosedPaths: [String] {
    var paths = Array(notes.keys) + Array(bibliographies.keys) + Array(sourceDocuments.keys)
    if !configProblems.isEmpty { paths.append(configPath) }
    return paths.sorted()
  }

  /// The keys every source is known by, in no particular order.
  package var sourceKeys: Dictionary<String, SourceDefinitions>.Keys { definitions.keys }

  /// Where `key` is defined (bibliography entries and source documents, each in path order).
  package func definitions(ofKey key: String) -> SourceDefinitions? { definitions[key] }

  /// Bibliography files named by some note's front matter.
  package var referencedBibliographies: Set<String> { Set(bibliographyUsers.keys) }

  /// Source documents named by a BibTeX `file` field that are not loaded as source documents.
  package var unloadedEntryFiles: Set<String> {
    var out: Set<String> = []
    for record in bibliographies.values {
      for paths in record.entryFiles where !paths.contains(where: { sourceDocuments[$0] != nil }) {
        if let first = paths.first, SourceFormat(pathExtension: PathUtilities.pathExtension(first)) != nil {
          out.insert(first)
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
      for (ci, citation) in record.note.citations.enumerated() {
        for (ii, item) in citation.items.enumerated() where item.key == key {
          out.append(CitationOccurrence(path: path, citationIndex: ci, itemIndex: ii, item: item))
        }
      }
    }
    return out
  }

  /// The notes using `tag` (case-insensitive), with their number of uses; nested tags `tag/…` count when asked.
  package func notes(withTag tag: String, includingNested: Bool = true) -> [String: Int] {
    let lower = tag.lowercased()
    var out = tagUses[lower] ?? [:]
    if includingNested {
      let prefix = lower + "/"
      for (name, uses) in tagUses where name.hasPrefix(prefix) {
        out.merge(uses, uniquingKeysWith: +)
      }
    }
    return out
  }

  /// Every tag (lowercased) with the number of notes using it.
  package var tagCounts: [String: Int] { tagUses.mapValues(\.count) }
}

/// One citation item of a note.
package struct CitationOccurrence: Hashable, Sendable {
  package var path: String
  package var citationIndex: Int
  package var itemIndex: Int
  package var item: CitationItem
}

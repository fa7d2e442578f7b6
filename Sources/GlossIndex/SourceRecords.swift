package import GlossSyntax

/// What the index keeps of one bibliography file.
package struct BibliographyRecord: Sendable {
  /// The root-relative path.
  package var path: String
  /// The parsed entries and problems.
  package var bibliography: Bibliography
  /// For each entry, the root-relative paths its `file` field may name (relative to the file's folder, then root).
  var entryFiles: [[String]]

  /// Parses `bytes` as BibTeX, or as CSL-JSON when the path ends in `.json`, after decoding them to UTF-8
  /// (`BibliographyEncoding`: a file that is not UTF-8 and declares no encoding is a problem on the file).
  package init(path: String, bytes: [UInt8]) {
    let isJSON = PathUtilities.pathExtension(path) == "json"
    // A plain `.json` found in the workspace is a bibliography only when it holds CSL-JSON; anything else is left
    // alone, without diagnostics. A `.csl.json` file is CSL-JSON, and its errors are reported.
    if isJSON, !path.lowercased().hasSuffix(".csl.json"), !CSLJSON.looksLikeCSL(bytes) {
      self.init(path: path, bibliography: Bibliography())
      return
    }
    let (text, encodingProblem) = BibliographyEncoding.utf8(bytes)
    var bibliography = isJSON ? CSLJSON.parse(text) : BibTeX.parse(text)
    if let encodingProblem { bibliography.problems.insert(encodingProblem, at: 0) }
    self.init(path: path, bibliography: bibliography)
  }

  /// Summarises an already parsed bibliography.
  package init(path: String, bibliography: Bibliography) {
    self.path = path
    self.bibliography = bibliography
    let folder = PathUtilities.folder(path)
    entryFiles = bibliography.entries.map { entry in
      var paths: [String] = []
      for file in entry.files {
        for candidate in LinkKeys.markdownCandidates(file, from: folder) where !paths.contains(candidate) {
          paths.append(candidate)
        }
      }
      return paths
    }
  }

  /// The entries grouped by key with their ranges blanked, to tell which keys an edit really changed.
  var contentByKey: [String: [BibliographyEntry]] {
    var out: [String: [BibliographyEntry]] = [:]
    for var entry in bibliography.entries {
      entry.range = 0..<0
      entry.keyRange = 0..<0
      out[entry.key, default: []].append(entry)
    }
    return out
  }
}

/// What the index keeps of one source document.
package struct SourceDocumentRecord: Sendable {
  /// The root-relative path.
  package var path: String
  /// The parsed document (metadata and text).
  package var document: SourceDocument
  /// Front-matter `id`, else the file name without extension.
  package var key: String
  /// Where the key is defined: the `id` value, else the file's first line.
  package var keyRange: Range<Int>

  /// Parses `bytes` as the source document at `path`, its format from the extension (plain text when unknown).
  package init(path: String, bytes: [UInt8]) {
    let format = SourceFormat(pathExtension: PathUtilities.pathExtension(path)) ?? .plainText
    self.init(path: path, document: SourceDocument(parsing: bytes, format: format), bytes: bytes)
  }

  /// Summarises an already parsed document.
  package init(path: String, document: SourceDocument, bytes: [UInt8]) {
    self.path = path
    self.document = document
    if let entry = document.frontMatter?["id"], case .scalar(let id, let range) = entry.value, !id.isEmpty {
      key = id
      keyRange = range
    } else if let id = document.metadata.id, !id.isEmpty {
      key = id
      keyRange = Self.firstLine(bytes)
    } else {
      let name = PathUtilities.fileName(path)
      let ext = PathUtilities.pathExtension(name)
      key = ext.isEmpty ? name : String(name.dropLast(ext.count + 1))
      keyRange = Self.firstLine(bytes)
    }
  }

  private static func firstLine(_ bytes: [UInt8]) -> Range<Int> {
    var end = 0
    while end < bytes.count, bytes[end] != 10, bytes[end] != 13 { end += 1 }
    return 0..<end
  }
}

/// Where one key is defined: bibliography entries and source documents, each in path order.
package struct SourceDefinitions: Sendable {
  /// (bibliography path, entry index), sorted.
  package var entries: [EntryLocation] = []
  /// Source document paths, sorted.
  package var documents: [String] = []

  /// True when nothing defines the key.
  package var isEmpty: Bool { entries.isEmpty && documents.isEmpty }

  /// Every file defining the key.
  package var paths: Set<String> { Set(entries.map(\.path)).union(documents) }
}

/// One entry of one bibliography file.
package struct EntryLocation: Hashable, Sendable, Comparable {
  /// The bibliography file.
  package var path: String
  package var index: Int

  /// The entry at `index` of the file at `path`.
  package init(path: String, index: Int) {
    self.path = path
    self.index = index
  }

  /// Path order, then order in the file.
  package static func < (a: EntryLocation, b: EntryLocation) -> Bool {
    a.path != b.path ? a.path < b.path : a.index < b.index
  }
}

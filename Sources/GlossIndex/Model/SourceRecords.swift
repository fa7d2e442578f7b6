package import GlossSyntax

/// What the index keeps of one bibliography file.
package struct BibliographyRecord: Sendable {
  /// The root-relative path.
  package var path: String
  /// The parsed entries and problems.
  package var bibliography: Bibliography
  /// For each entry, the index paths its `file` field may name, best first (see `entryFileCandidates`).
  var entryFiles: [[String]]
  /// For a Zotero library (docs/zotero.md), each entry's attachments with their annotations; empty for a file.
  package var zoteroAttachments: [[ZoteroAttachment]] = []
  /// For a Zotero library, what the user should know once about it (`ZoteroLibrary.notices`).
  package var zoteroNotices: [String] = []
  /// Whether the record is a Zotero library rather than a bibliography file.
  package var isZoteroLibrary = false

  /// Parses `bytes` as BibTeX, or as CSL-JSON when the path ends in `.json`, after decoding them to UTF-8
  /// (`BibliographyEncoding`: a file that is not UTF-8 and declares no encoding is a problem on the file).
  package init(path: String, bytes: [UInt8], place: WorkspacePlace = WorkspacePlace()) {
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
    self.init(path: path, bibliography: bibliography, place: place)
  }

  /// Summarises a Zotero library read from its database at the index path `path`: its entries name their
  /// attachments' files by absolute path, which the index loads as their texts.
  package init(path: String, zotero library: ZoteroLibrary, place: WorkspacePlace = WorkspacePlace()) {
    self.init(path: path, bibliography: library.bibliography, place: place)
    zoteroAttachments = library.attachments
    zoteroNotices = library.notices
    isZoteroLibrary = true
  }

  /// Summarises an already parsed bibliography.
  package init(path: String, bibliography: Bibliography, place: WorkspacePlace = WorkspacePlace()) {
    self.path = path
    self.bibliography = bibliography
    let folder = PathUtilities.folder(path)
    entryFiles = bibliography.entries.map { Self.entryFileCandidates($0.files, from: folder, place: place) }
  }

  /// The index paths the `file` field's `files` may name, the text-bearing ones first (PDF, text, Markdown, office
  /// formats), then HTML snapshots, each group in the field's order: the first of them that is loaded with text
  /// gives the entry its text. A relative path is tried against the bibliography's folder, then the root (older
  /// exports); `~/` and absolute paths are placed by `place`. URLs are not files.
  static func entryFileCandidates(_ files: [String], from folder: String, place: WorkspacePlace) -> [String] {
    var ranked: [(rank: Int, path: String)] = []
    for file in files where !file.contains("://") {
      var candidates: [String] = []
      if let here = place.path(of: file, from: folder) { candidates.append(here) }
      if !file.hasPrefix("/"), !file.hasPrefix("~/"), let rooted = place.path(of: file, from: "") {
        candidates.append(rooted)
      }
      for candidate in candidates where !ranked.contains(where: { $0.path == candidate }) {
        ranked.append((Self.textRank(candidate), candidate))
      }
    }
    // A stable sort keeps the field's order within a rank.
    return ranked.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(
      \.element.path)
  }

  /// 0 for a file whose text Gloss reads as a whole (PDF, text, Markdown, office formats), 1 for an HTML snapshot,
  /// 2 for anything else.
  static func textRank(_ path: String) -> Int {
    switch PathUtilities.pathExtension(path) {
    case "html", "htm": 1
    case let ext where SourceFormat(pathExtension: ext) != nil || ExtractedFormat(pathExtension: ext) != nil: 0
    default: 2
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

  /// Parses `bytes` as the source document at `path`, its format from the extension (plain text when unknown, and
  /// for the formats whose text an external tool extracts: `bytes` is then that text, pages at form feeds, and
  /// `pageLabels` the page numbers its PDF prints).
  package init(path: String, bytes: [UInt8], pageLabels: PageLabels? = nil) {
    let format = SourceFormat(pathExtension: PathUtilities.pathExtension(path)) ?? .plainText
    var document = SourceDocument(parsing: bytes, format: format)
    document.pageLabels = pageLabels
    self.init(path: path, document: document, bytes: bytes)
  }

  /// A record from its parts (as an image kept between runs holds it).
  package init(path: String, document: SourceDocument, key: String, keyRange: Range<Int>) {
    self.path = path
    self.document = document
    self.key = key
    self.keyRange = keyRange
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

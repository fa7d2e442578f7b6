import GlossSyntax

/// The formats `gloss.export` writes.
package enum ExportFormat: String, CaseIterable, Sendable {
  /// Self-contained Markdown: citations rendered author–date, a References list, wiki links as plain text.
  case markdown
  /// One standalone HTML5 page, every piece of note text escaped.
  case html
  /// Pandoc Markdown keeping the citations, with a CSL-JSON file of the cited sources beside it.
  case pandoc
  /// The note model as JSON, for other tools.
  case json

  /// The file name ending of the main output.
  package var fileExtension: String {
    switch self {
    case .markdown: "md"
    case .html: "html"
    case .pandoc: "pandoc.md"
    case .json: "json"
    }
  }
}

/// What `gloss.export` exports.
package enum ExportSelection: Hashable, Sendable {
  /// These notes (root-relative paths): one note alone, or several as one notebook in the order given.
  case notes([String])
  /// Every note with the tag (nested tags too), in title order, as one notebook.
  case tag(String)
}

/// One file an export writes.
package struct ExportFile: Hashable, Sendable {
  /// Where it goes, root-relative.
  package var path: String
  /// Its bytes.
  package var bytes: [UInt8]

  /// Makes a file.
  package init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }
}

/// The files of one export; the first is the main one.
package struct ExportOutput: Hashable, Sendable {
  /// The files, main one first.
  package var files: [ExportFile]
  /// The main file's path.
  package var primaryPath: String { files.first?.path ?? "" }
  /// The cited keys no source has, in order of first citation: the export shows them as `key?`.
  package var unknownKeys: [String] = []
  /// The cross-references whose label does not exist, as written, in order of first use: the export shows them as
  /// Quarto does (`?@fig-x`).
  package var unknownCrossrefs: [String] = []

  /// Makes an output of `files`, the main one first.
  package init(files: [ExportFile], unknownKeys: [String] = [], unknownCrossrefs: [String] = []) {
    self.files = files
    self.unknownKeys = unknownKeys
    self.unknownCrossrefs = unknownCrossrefs
  }
}

/// The notes of one export with their text, and everything cited in them, resolved once for every format.
struct ExportDocument {
  /// One note of the export.
  struct Part {
    var record: NoteRecord
    var bytes: [UInt8]
  }

  /// The document's title: the note's title, or the tag for a notebook.
  var title: String
  /// Whether several notes are bound into one document (their headings move one level down).
  var isNotebook: Bool
  var parts: [Part]
  /// The cited keys that have a source, in order of first citation.
  var citedKeys: [String]
  /// The cited keys that have none, in order of first citation.
  var unknownKeys: [String] = []
  /// The cross-references naming no label, in order of first use.
  var unknownCrossrefs: [String] = []
}

extension Workspace {
  /// Exports `selection` as `format` to `output` (else `exportDir/<slug>.<ext>`); `text` gives a note's current
  /// text. Whether a file may be written there (never over a note, a bibliography or anything Gloss did not export
  /// itself) is the writer's decision, made in GlossServer against the disk.
  package func export(
    _ selection: ExportSelection, format: ExportFormat, output: String?, text: (String) -> [UInt8]?
  ) throws(CommandError) -> ExportOutput {
    let document = try exportDocument(selection, text: text)
    let path: String
    if let output, !output.isEmpty {
      path = output
    } else {
      guard let folder = Self.folderInside(config.exportDir) else {
        throw CommandError("the export folder '\(config.exportDir)' is outside the workspace")
      }
      let slug = Slug.github(document.title)
      path = PathComponents.join(folder, "\(slug.isEmpty ? "export" : slug).\(format.fileExtension)")
    }
    var output: ExportOutput
    switch format {
    case .markdown:
      output = ExportOutput(files: [ExportFile(path: path, bytes: Array(markdownExport(document).utf8))])
    case .html:
      output = ExportOutput(files: [ExportFile(path: path, bytes: Array(htmlExport(document).utf8))])
    case .json:
      output = ExportOutput(files: [ExportFile(path: path, bytes: Array(jsonExport(document).utf8))])
    case .pandoc:
      let bibliography = Self.bibliographyPath(beside: path)
      let name = PathUtilities.fileName(bibliography)
      output = ExportOutput(files: [
        ExportFile(path: path, bytes: Array(pandocExport(document, bibliography: name).utf8)),
        ExportFile(path: bibliography, bytes: Array(cslJSON(keys: document.citedKeys).utf8)),
      ])
    }
    output.unknownKeys = document.unknownKeys
    output.unknownCrossrefs = document.unknownCrossrefs
    return output
  }

  /// The notes of `selection` with their text, and the keys they cite.
  func exportDocument(_ selection: ExportSelection, text: (String) -> [UInt8]?) throws(CommandError) -> ExportDocument {
    var records: [NoteRecord]
    let title: String
    var isNotebook = true
    switch selection {
    case .notes(let paths):
      records = []
      for path in paths {
        guard let record = notes[path] else { throw CommandError("'\(path)' is not a note of the workspace") }
        records.append(record)
      }
      guard let first = records.first else { throw CommandError("nothing to export: no note given") }
      title = records.count == 1 ? first.title : "\(first.title) and \(records.count - 1) more"
      isNotebook = records.count > 1
    case .tag(let tag):
      let name = tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
      records = notes(withTag: name, includingNested: true).keys.compactMap { notes[$0] }
      records.sort {
        let order = $0.title.localizedStandardCompareFree($1.title)
        return order != 0 ? order < 0 : $0.path < $1.path
      }
      guard !records.isEmpty else { throw CommandError("no note has the tag '\(name)'") }
      title = name
    }
    var parts: [ExportDocument.Part] = []
    var cited: [String] = []
    var unknown: [String] = []
    var unknownCrossrefs: [String] = []
    var seen: Set<String> = []
    var seenCrossrefs: Set<String> = []
    for record in records {
      guard let bytes = text(record.path) else { throw CommandError("'\(record.path)' cannot be read") }
      parts.append(ExportDocument.Part(record: record.withBlocks(from: bytes), bytes: bytes))
      for citation in record.note.citations {
        for item in citation.items {
          if isCrossref(item, in: record.path) {
            if isUnknownCrossref(item, in: record.path), seenCrossrefs.insert(item.key).inserted {
              unknownCrossrefs.append(item.key)
            }
            continue
          }
          let key = citedSourceKey(item.key)
          guard seen.insert(key).inserted else { continue }
          if hasSource(key) { cited.append(key) } else { unknown.append(key) }
        }
      }
    }
    return ExportDocument(
      title: title, isNotebook: isNotebook, parts: parts, citedKeys: cited, unknownKeys: unknown,
      unknownCrossrefs: unknownCrossrefs)
  }

  /// `out/name.pandoc.md` → `out/name.csl.json`.
  static func bibliographyPath(beside path: String) -> String {
    var stem = path
    for ending in [".pandoc.md", ".md", ".markdown"] where stem.hasSuffix(ending) {
      stem.removeLast(ending.count)
      break
    }
    return stem + ".csl.json"
  }
}

extension String {
  /// Compares titles without case, as a reader sorts them (negative, zero or positive).
  func localizedStandardCompareFree(_ other: String) -> Int {
    let a = lowercased()
    let b = other.lowercased()
    return a == b ? 0 : (a < b ? -1 : 1)
  }
}

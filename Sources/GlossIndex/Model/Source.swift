package import GlossSyntax

/// A citable source as docs/configuration.md merges it: a bibliography entry and/or a source document sharing one key.
package struct Source: Sendable {
  /// The citation key.
  package var key: String
  /// The winning bibliography entry (first in path order), when there is one.
  package var entry: BibliographyEntry?
  /// Where that entry is defined.
  package var entryLocation: EntryLocation?
  /// The winning source document with this key (first in path order), when there is one.
  package var document: SourceDocument?
  /// The path of that document.
  package var documentPath: String?
  /// The document giving the source its text: the same-key document, else one named by the entry's `file` field.
  package var textDocument: SourceDocument?
  /// The path of the text document.
  package var textPath: String?
  /// Zotero's item key of the PDF attachment giving the text, when the source comes from a Zotero library.
  package var zoteroAttachmentKey: String?
  /// The annotations made on that attachment in Zotero, in Zotero's order (empty for other libraries).
  package var annotations: [ZoteroAnnotation] = []

  /// True when the source has text that locators and quotations are checked against.
  package var hasText: Bool { textDocument != nil }

  /// The title: the entry's, else the document's.
  package var title: String? { entry?.title ?? document?.metadata.title ?? textDocument?.metadata.title }

  /// The authors: the entry's, else the document's.
  package var authors: [PersonName] {
    if let entry, !entry.authors.isEmpty { return entry.authors }
    return document?.metadata.authors ?? []
  }

  /// The year: the entry's, else the document's.
  package var year: String? { entry?.year ?? document?.metadata.year }

  /// The URL: the entry's, else the document's.
  package var url: String? { entry?.url ?? document?.metadata.url }
}

extension Workspace {
  /// The source with `key` (keys compare exactly, as Pandoc's do), merged from its definitions.
  package func source(forKey key: String) -> Source? {
    guard let defs = definitions[key], !defs.isEmpty else { return nil }
    var source = Source(key: key)
    if let location = defs.entries.first, let record = bibliographies[location.path],
      location.index < record.bibliography.entries.count
    {
      source.entry = record.bibliography.entries[location.index]
      source.entryLocation = location
      if defs.documents.isEmpty {
        for path in record.entryFiles[location.index] where textProblems[path] == nil {
          if let doc = sourceDocuments[path] {
            source.textDocument = doc.document
            source.textPath = path
            break
          }
        }
      }
    }
    if let location = defs.entries.first, let record = bibliographies[location.path], record.isZoteroLibrary,
      let attachment = ZoteroLibrary(attachments: record.zoteroAttachments).attachment(
        ofEntry: location.index,
        where: { $0.path != nil && $0.path.flatMap(place.indexPath(ofAbsolute:)) == source.textPath })
    {
      source.zoteroAttachmentKey = attachment.key
      source.annotations = attachment.annotations
    }
    if let path = defs.documents.first, let record = sourceDocuments[path] {
      source.document = record.document
      source.documentPath = path
      if textProblems[path] == nil {
        source.textDocument = record.document
        source.textPath = path
      }
    }
    return source
  }

  /// Why the source `key` has no text, when a file meant to give it one could not (`pdftotext` missing, encrypted,
  /// scanned pages, extraction still running); nil when nothing was tried or the text is there.
  package func textProblem(forKey key: String) -> String? {
    textProblemFile(forKey: key).map { "'\(PathUtilities.fileName($0.path))': \($0.problem)" }
      ?? missingZoteroAttachment(forKey: key).map { "Zotero attachment '\($0)' is missing" }
  }

  /// For a source of a Zotero library without text, the attachment file that would give it one and is not there
  /// (a stored file deleted outside Zotero, a linked file moved): as Zotero names it, `storage/KEY/file.pdf` in the
  /// data folder, else the file's path as shown. Nil when the source has text or its entry is not Zotero's.
  func missingZoteroAttachment(forKey key: String) -> String? {
    guard textPath(forKey: key) == nil, let location = definitions[key]?.entries.first,
      let record = bibliographies[location.path], record.isZoteroLibrary, location.index < record.entryFiles.count,
      let path = record.entryFiles[location.index].first(where: { BibliographyRecord.textRank($0) < 2 }),
      sourceDocuments[path] == nil, textProblems[path] == nil
    else { return nil }
    let dataFolder = PathUtilities.folder(record.path)
    let inFolder =
      dataFolder.isEmpty ? path : path.hasPrefix(dataFolder + "/") ? String(path.dropFirst(dataFolder.count + 1)) : ""
    return inFolder.hasPrefix("storage/") ? inFolder : place.shown(path)
  }

  /// Whether the source `key` has no text only because its text is still being extracted
  /// (`Workspace.pendingTextProblem`): nothing is wrong with its citations yet, so they get no `no-text` hint (on a
  /// first start on a library, every citation of it would carry one until its text arrived).
  package func isTextPending(forKey key: String) -> Bool {
    textProblemFile(forKey: key)?.problem == Self.pendingTextProblem
  }

  /// The problem recorded for a file meant to give `key` its text, when it has none: what `textProblem` reports.
  private func textProblemFile(forKey key: String) -> (path: String, problem: String)? {
    guard textPath(forKey: key) == nil, let defs = definitions[key] else { return nil }
    var paths = defs.documents
    if let location = defs.entries.first, let record = bibliographies[location.path],
      location.index < record.entryFiles.count
    {
      paths += record.entryFiles[location.index]
    }
    for path in paths {
      if let problem = textProblems[path] { return (path, problem) }
    }
    return nil
  }

  /// The text problem of a file whose text an external tool is extracting in the background.
  package static let pendingTextProblem = "its text is being extracted"

  /// Whether any source has `key` (cheaper than building the source).
  package func hasSource(_ key: String) -> Bool { !(definitions[key]?.isEmpty ?? true) }

  /// Up to `limit` source keys nearest to `key` by edit distance (for the `unknown-source` quick fix).
  package func nearestSourceKeys(to key: String, limit: Int = 3) -> [String] {
    KeySuggestions(keys: definitions.keys).nearest(to: key, limit: limit)
  }

  /// The source keys made ready to suggest for many unknown keys (`gloss check`, which suggests for each).
  package var keySuggestions: KeySuggestions { KeySuggestions(keys: definitions.keys) }
}

/// Source keys made ready to be suggested for a mistyped key: each lowercased once, so that suggesting for many keys
/// (every unknown key of a workspace) does not lowercase every key again for each.
package struct KeySuggestions: Sendable {
  /// Each key with its lowercased scalars.
  private let candidates: [(key: String, scalars: [Unicode.Scalar])]

  /// The keys `keys`, ready.
  package init(keys: some Sequence<String>) {
    candidates = keys.map { ($0, Array($0.lowercased().unicodeScalars)) }
  }

  /// Up to `limit` keys nearest to `key` by edit distance (case-insensitive), nearest first, then in key order;
  /// only keys within half the key's length (at least 2 edits).
  package func nearest(to key: String, limit: Int = 3) -> [String] {
    let target = Array(key.lowercased().unicodeScalars)
    let bound = max(2, target.count / 2)
    // The target's scalars counted in 128 buckets (a scalar's value modulo 128): a candidate sharing fewer than
    // `max(lengths) - bound` of them with it is more than `bound` edits away, whatever the order (the bag distance,
    // a lower bound of the edit distance; scalars sharing a bucket only make it lower), and costs no table.
    var counts = [Int16](repeating: 0, count: 128)
    for scalar in target { counts[Int(scalar.value & 127)] += 1 }
    var scored: [(Int, String)] = []
    var scratch = EditDistance.Scratch()
    for candidate in candidates where abs(candidate.scalars.count - target.count) <= bound {
      var shared = 0
      for scalar in candidate.scalars {
        let bucket = Int(scalar.value & 127)
        if counts[bucket] > 0 { shared += 1 }
        counts[bucket] -= 1
      }
      for scalar in candidate.scalars { counts[Int(scalar.value & 127)] += 1 }
      guard max(candidate.scalars.count, target.count) - shared <= bound else { continue }
      let distance = EditDistance.between(target, candidate.scalars, bound: bound, scratch: &scratch)
      if distance <= bound { scored.append((distance, candidate.key)) }
    }
    scored.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
    return scored.prefix(limit).map(\.1)
  }
}

/// Levenshtein distance, cut off early past a bound.
enum EditDistance {
  /// The edit distance between `a` and `b`, or a value above `bound` when it exceeds it.
  static func between(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], bound: Int = .max) -> Int {
    var scratch = Scratch()
    return between(a, b, bound: bound, scratch: &scratch)
  }

  /// The two rows of the distance table, kept between calls so that comparing one key with thousands allocates them
  /// once.
  struct Scratch {
    var previous: [Int] = []
    var current: [Int] = []
  }

  /// `between(_:_:bound:)`, with its rows in `scratch`.
  static func between(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], bound: Int, scratch: inout Scratch) -> Int {
    if abs(a.count - b.count) > bound { return bound + 1 }
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = scratch.previous
    var current = scratch.current
    scratch = Scratch()
    defer { scratch = Scratch(previous: previous, current: current) }
    previous.removeAll(keepingCapacity: true)
    previous.append(contentsOf: 0...b.count)
    current.removeAll(keepingCapacity: true)
    current.append(contentsOf: repeatElement(0, count: b.count + 1))
    for i in 1...a.count {
      current[0] = i
      var rowMin = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        rowMin = min(rowMin, current[j])
      }
      if rowMin > bound { return bound + 1 }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}

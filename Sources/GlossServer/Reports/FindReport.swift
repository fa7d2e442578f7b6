package import GlossIndex
import GlossSyntax

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `gloss find` reports: every place a phrase occurs in the sources' text (and the notes', when asked), placed
/// by line and column, or the closest passages when it occurs nowhere.
///
/// Lines and columns are 1-based; columns count Unicode scalars, as `gloss check`'s do.
package struct FindReport: Sendable {
  /// One place, placed in its file.
  package struct Item: Codable, Hashable, Sendable {
    /// The root-relative path.
    package var path: String
    package var line: Int
    /// 1-based column of the start, in Unicode scalars.
    package var column: Int
    package var endLine: Int
    /// 1-based column of the end (exclusive), in Unicode scalars.
    package var endColumn: Int
    /// The citation a note would need for it (`[@key, p. 4]`); nil for a note.
    package var citation: String?
    /// The source key (nil for a note).
    package var key: String?
    /// The locator alone (`p. 4`, `ll. 3-4`).
    package var locator: String?
    /// The place's words with some around them.
    package var context: String
    /// How alike, 0...1 (1 for the phrase itself).
    package var likeness: Double
  }

  /// A Zotero highlight whose words or comment hold the phrase (docs/zotero.md).
  package struct Highlight: Codable, Hashable, Sendable {
    /// The citation that quotes it (`[@key, p. 214]`, the page Zotero stored).
    package var citation: String
    /// The source key.
    package var key: String
    /// The highlighted words.
    package var text: String
    /// The reader's comment.
    package var comment: String
    /// The page label Zotero stored (empty when none).
    package var pageLabel: String
    /// Zotero's item key of the annotation.
    package var annotationKey: String
  }

  /// Where the phrase occurs: sources in path order, then notes.
  package var places: [Item]
  /// The Zotero highlights whose words or comment hold the phrase.
  package var highlights: [Highlight] = []
  /// When it occurs nowhere: the closest passages, most alike first.
  package var closest: [Item]
  /// Files and folders that could not be read.
  package var skipped: [SkippedFile]
  /// The user's home folder, for paths shown as `~/…` (a Zotero library's run to 150 characters).
  package var home: String?

  /// Indexes the folder at `root` and searches it for `phrase`. PDFs and other formats an external tool reads are
  /// extracted first (or taken from the cache) with `extract`, as `gloss check` does; the cache folder and home come
  /// from `environment`.
  package init(
    root: String, phrase: String, limit: Int, includingNotes: Bool, fileSystem: any FileReading,
    progress: (IndexingStep) -> Void = { _ in },
    extract: @escaping @Sendable (String, ExtractedFormat) -> ExtractionOutcome = {
      TextExtractor.extract($0, format: $1)
    },
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    let indexed = IndexedRoot.forCommandLine(
      root: root, fileSystem: fileSystem, progress: progress, extract: extract, environment: environment)
    self.init(indexed: indexed, phrase: phrase, limit: limit, includingNotes: includingNotes, fileSystem: fileSystem)
  }

  /// Searches the indexed workspace `indexed` for `phrase`.
  package init(indexed: IndexedRoot, phrase: String, limit: Int, includingNotes: Bool, fileSystem: any FileReading) {
    let result = indexed.workspace.find(phrase, limit: limit)
    var found = result.places
    if includingNotes, found.count < limit {
      var texts: [String: [UInt8]] = [:]
      for path in indexed.workspace.notes.keys { texts[path] = indexed.texts[path]?.bytes }
      found += Workspace.find(phrase, inNotes: texts, limit: limit - found.count)
    }
    let text = Self.texts { path in
      if let text = indexed.texts[path] { return text }
      if case .success(let bytes) = indexed.files.read(path, fileSystem: fileSystem) { return SourceText(bytes: bytes) }
      return nil
    }
    places = found.map { Self.item($0, in: text($0.path)) }
    highlights = indexed.workspace.highlights(matching: phrase, limit: limit).map { key, highlight in
      Self.highlight(
        key: key, text: highlight.quotedText, comment: highlight.comment, pageLabel: highlight.pageLabel,
        annotationKey: highlight.key)
    }
    closest = places.isEmpty ? result.closest.map { Self.item($0, in: text($0.path)) } : []
    skipped = indexed.skipped
    home = indexed.files.home
  }

  /// Searches a kept image of the workspace at `root` (`FindImage`) for `phrase`, reading its files (each as it was
  /// when the image was made), paths under `home` shown as `~/…`; nil when a source's text is no longer the one
  /// indexed.
  package init?(
    image: FindImage, root: String, home: String?, phrase: String, limit: Int, includingNotes: Bool,
    fileSystem: any FileReading
  ) {
    let find = image.find
    let root = PathComponents.normalize(root)
    func read(_ path: String) -> [UInt8]? {
      if case .success(let bytes) = WorkspaceFiles.read(path, root: root, fileSystem: fileSystem) { return bytes }
      return nil
    }
    guard let result = find.find(phrase, limit: limit, read: read) else { return nil }
    var found = result.places
    if includingNotes, found.count < limit {
      var texts: [String: [UInt8]] = [:]
      for path in find.notePaths { texts[path] = read(path) }
      found += Workspace.find(phrase, inNotes: texts, limit: limit - found.count)
    }
    let text = Self.texts { path in
      if let extracted = find.sources[path]?.extracted { return SourceText(bytes: extracted.text) }
      return read(path).map { SourceText(bytes: $0) }
    }
    places = found.map { Self.item($0, in: text($0.path)) }
    highlights = find.highlights(matching: phrase, limit: limit).map {
      Self.highlight(
        key: $0.key, text: $0.quotedText, comment: $0.comment, pageLabel: $0.pageLabel,
        annotationKey: $0.annotationKey)
    }
    closest = places.isEmpty ? result.closest.map { Self.item($0, in: text($0.path)) } : []
    skipped = image.skipped
    self.home = home
  }

  /// The text of each file a place is in, from `load` (an empty text when it gives none), each loaded once.
  private static func texts(_ load: @escaping (String) -> SourceText?) -> (String) -> SourceText {
    var loaded: [String: SourceText] = [:]
    return { path in
      if let text = loaded[path] { return text }
      let text = load(path) ?? SourceText("")
      loaded[path] = text
      return text
    }
  }

  /// `place` placed in its file's text `text`.
  private static func item(_ place: FoundPlace, in text: SourceText) -> Item {
    let (start, end) = text.positions(of: place.fileRange, in: .utf32)
    return Item(
      path: place.path, line: start.line + 1, column: start.column + 1, endLine: end.line + 1,
      endColumn: end.column + 1, citation: place.citation, key: place.key, locator: place.locator,
      context: place.context, likeness: place.likeness)
  }

  /// A Zotero highlight as `gloss find` shows it.
  private static func highlight(
    key: String, text: String, comment: String, pageLabel: String, annotationKey: String
  ) -> Highlight {
    Highlight(
      citation: pageLabel.isEmpty ? "[@\(key)]" : "[@\(key), p. \(pageLabel)]", key: key, text: text,
      comment: comment, pageLabel: pageLabel, annotationKey: annotationKey)
  }

  /// True when the phrase was found (the command then exits 0).
  package var isFound: Bool { !places.isEmpty || !highlights.isEmpty }

  /// `path:line:col: [@key, p. 4] …context…`, one line per place, then `zotero: [@key, p. 214] highlight "…" — comment`
  /// per Zotero highlight; when nothing was found, a line saying so and
  /// the closest passages as `path:line:col: 80% alike [@key, l. 3] …context…`.
  package var textLines: [String] {
    func line(_ item: Item, _ prefix: String) -> String {
      let path = Self.shown(item.path, home: home)
      return "\(path):\(item.line):\(item.column): \(prefix)\(item.citation.map { $0 + " " } ?? "")\(item.context)"
    }
    let marked = highlights.map { highlight in
      "zotero: \(highlight.citation) highlight \"\(highlight.text)\""
        + (highlight.comment.isEmpty ? "" : " — \(highlight.comment)")
    }
    if isFound { return places.map { line($0, "") } + marked }
    var lines = ["not found" + (closest.isEmpty ? "" : "; closest:")]
    lines += closest.map { line($0, "\(Self.percent($0.likeness))% alike ") }
    return lines
  }

  /// `{"found": true, "places": [...], "closest": [...], "highlights": [...]}`, each place `{path, line, column, endLine, endColumn,
  /// citation, key, locator, context, likeness}`.
  package var json: String {
    struct Output: Encodable {
      var found: Bool
      var places: [Item]
      var closest: [Item]
      var highlights: [Highlight]
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes, .sortedKeys]
    guard
      let data = try? encoder.encode(
        Output(found: isFound, places: places, closest: closest, highlights: highlights))
    else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }

  /// `path` as a line shows it: `~/…` for an absolute path in the home folder (the shell reads it back), else as is.
  static func shown(_ path: String, home: String?) -> String {
    guard let home, !home.isEmpty, home != "/", path.hasPrefix(home + "/") else { return path }
    return "~" + path.dropFirst(home.count)
  }

  /// A likeness as a whole percentage, never 100 for a passage that is not the phrase.
  static func percent(_ likeness: Double) -> Int {
    likeness >= 1 ? 100 : min(99, max(0, Int((likeness * 100).rounded())))
  }
}

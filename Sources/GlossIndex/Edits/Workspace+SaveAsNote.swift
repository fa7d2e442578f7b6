import GlossSyntax

#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// Where `gloss.saveAsNote` takes its text from.
package enum SaveAsNoteOrigin: Hashable, Sendable {
  /// A selection (UTF-8 offsets) in the note at `path`, whose current text is `bytes`.
  case note(path: String, bytes: [UInt8], selection: Range<Int>)
  /// A selection (file byte offsets) in the source document at `path`.
  case sourceDocument(path: String, selection: Range<Int>)
  /// Text given outright.
  case text(String)
}

extension Workspace {
  /// `gloss.saveAsNote`: a new note in `newNoteDir` made from `origin`, with front matter (title, created, the
  /// origin's tags, `origin:`), and — for a note selection — the selection replaced by a wiki link to the new note.
  ///
  /// A selection in a source document becomes a blockquote of the passage ending with a citation of its lines
  /// (`[@key, ll. 40-52]`), so the note cites what it quotes. `isTaken` says whether a path is in use on disk.
  package func saveAsNote(
    from origin: SaveAsNoteOrigin, title: String?, created: Date, isTaken: (String) -> Bool
  ) throws(CommandError) -> WorkspaceChange {
    var body: String
    var tags: [String] = []
    var originValue: String?
    var originEdit: (path: String, range: Range<Int>)?
    switch origin {
    case .text(let text):
      body = text
    case .note(let path, let bytes, let selection):
      let lower = min(max(selection.lowerBound, 0), bytes.count)
      let range = lower..<min(max(selection.upperBound, lower), bytes.count)
      body = String(decoding: bytes[range], as: UTF8.self)
      if let record = notes[path] {
        tags = Self.uniqueTags(record.note.tags.map(\.name))
      }
      originValue = "[[\(wikiTarget(forPath: path, excluding: nil))]]"
      originEdit = (path, range)
    case .sourceDocument(let path, let selection):
      guard let record = sourceDocuments[path] else { throw CommandError("'\(path)' is not a source document") }
      guard let document = textDocument(at: path) else {
        throw CommandError("'\(path)' changed on disk since it was read; try again once it is read again")
      }
      let (passage, lines) = Self.passage(of: document, selection: selection)
      let locator = lines.count == 1 ? "l. \(lines.lowerBound)" : "ll. \(lines.lowerBound)-\(lines.upperBound - 1)"
      body = Self.blockQuote(passage) + "\n> — [@\(record.key), \(locator)]"
      tags = Self.uniqueTags(record.document.metadata.tags)
      originValue = "@\(record.key), \(locator)"
    }
    guard !body.trimming(.whitespacesAndNewlines).isEmpty else {
      throw CommandError("the selection is empty: nothing to save as a note")
    }
    let noteTitle = Self.cleanTitle(title ?? "").isEmpty ? Self.title(fromText: body) : Self.cleanTitle(title ?? "")
    var near: String? = nil
    if case .note(let originPath, _, _) = origin { near = originPath }
    let path = try newNotePath(title: noteTitle, dir: nil, near: near, isTaken: isTaken)
    var front: [(String, String)] = [("title", NoteText.yamlScalar(noteTitle)), ("created", NoteText.iso8601(created))]
    if !tags.isEmpty { front.append(("tags", NoteText.yamlList(tags))) }
    if let originValue { front.append(("origin", NoteText.yamlScalar(originValue))) }
    // The citations kept must still resolve: the origin's front-matter bibliographies, relative to the new note.
    if case .note(let originPath, _, _) = origin, let bibliographies = notes[originPath]?.bibliographyPaths,
      !bibliographies.isEmpty
    {
      let folder = PathUtilities.folder(path)
      let relative = bibliographies.map { NameRules.relativePath(from: folder, to: $0) }
      front.append(
        ("bibliography", relative.count == 1 ? NoteText.yamlScalar(relative[0]) : NoteText.yamlList(relative)))
    }
    if !body.hasSuffix("\n") { body += "\n" }
    var change = WorkspaceChange(
      edits: [:], operations: [.create(path: path, contents: NoteText.frontMatter(front) + "\n" + body)],
      primaryPath: path)
    if let originEdit {
      let link = "[[\(wikiTarget(forPath: path, excluding: originEdit.path))]]"
      // A selection ending in a line break keeps it, so the link does not swallow the next line.
      let text = bodyEndsWithNewline(origin) ? link + "\n" : link
      change.replace(originEdit.range, in: originEdit.path, with: text)
    }
    return change
  }

  /// `gloss.newNote`: an empty note titled `title` in `dir` (root-relative; `newNoteDir` when nil).
  package func newNote(
    title: String, dir: String?, created: Date, isTaken: (String) -> Bool
  ) throws(CommandError) -> WorkspaceChange {
    let clean = Self.cleanTitle(title)
    guard !clean.isEmpty else { throw CommandError("a new note needs a title") }
    let path = try newNotePath(title: clean, dir: dir, isTaken: isTaken)
    let text = NoteText.frontMatter([("title", NoteText.yamlScalar(clean)), ("created", NoteText.iso8601(created))])
    return WorkspaceChange(edits: [:], operations: [.create(path: path, contents: text + "\n")], primaryPath: path)
  }

  /// A free path for a note titled `title` in `dir` (else `newNoteDir`, else `newNoteFolder(near:)` of the note
  /// at `near`), never one in use.
  package func newNotePath(
    title: String, dir: String?, near origin: String? = nil, isTaken: (String) -> Bool
  ) throws(CommandError) -> String {
    let wanted = dir ?? config.newNoteDir ?? newNoteFolder(near: origin)
    guard let folder = Self.folderInside(wanted) else {
      throw CommandError("the folder '\(wanted)' is outside the workspace")
    }
    return NoteFileName.availablePath(folder: folder, stem: NoteFileName.stem(for: title), extension: "md") {
      isTaken($0) || isKnownPath($0)
    }
  }

  /// Where a new note goes when `newNoteDir` is not set: `notes` when the workspace keeps notes there, else the folder
  /// of the note at `origin` (the note the text came from), else the folder holding the most notes (the root on a
  /// tie or when there are none): never a `notes/` folder a workspace organised otherwise does not have.
  func newNoteFolder(near origin: String?) -> String {
    var counts: [String: Int] = [:]
    for path in notes.keys {
      if path.hasPrefix("notes/") { return "notes" }
      counts[PathUtilities.folder(path), default: 0] += 1
    }
    if let origin, notes[origin] != nil, !WorkspacePlace.isOutside(origin) { return PathUtilities.folder(origin) }
    let most = counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }
    return most.map { WorkspacePlace.isOutside($0.key) ? "" : $0.key } ?? ""
  }

  /// The target a wiki link to the note at `path` uses: its file name, or its path when another note shares the name.
  func wikiTarget(forPath path: String, excluding other: String?) -> String {
    let stem = PathUtilities.removingNoteExtension(PathUtilities.fileName(path))
    let holders = Set(notesByName[stem.lowercased()] ?? []).subtracting([path])
    return holders.isEmpty ? stem : PathUtilities.removingNoteExtension(path)
  }

  private func bodyEndsWithNewline(_ origin: SaveAsNoteOrigin) -> Bool {
    guard case .note(_, let bytes, let selection) = origin, selection.upperBound > selection.lowerBound,
      selection.upperBound <= bytes.count
    else { return false }
    return bytes[selection.upperBound - 1] == 0x0A
  }

  /// The extracted text of `selection` and the 1-based lines (half-open) it spans.
  static func passage(of document: SourceDocument, selection: Range<Int>) -> (String, Range<Int>) {
    let first = document.fileLine(containing: selection.lowerBound)
    var lastOffset = max(selection.lowerBound, selection.upperBound - 1)
    // A selection ending at the start of a line does not take that line.
    if let range = document.fileRange(ofLine: document.fileLine(containing: selection.upperBound)),
      range.lowerBound == selection.upperBound, selection.upperBound > selection.lowerBound
    {
      lastOffset = selection.upperBound - 1
    }
    let last = max(first, document.fileLine(containing: lastOffset))
    let text = document.string(document.textRange(ofFile: selection))
    return (text, first..<(last + 1))
  }

  /// `text` as a Markdown blockquote, one `> ` per line, without a final line break.
  static func blockQuote(_ text: String) -> String {
    let lines = text.trimming(.newlines).split(separator: "\n", omittingEmptySubsequences: false)
    return lines.map { $0.isEmpty ? ">" : "> " + $0.trimming(.whitespaces) }.joined(separator: "\n")
  }

  /// Tags in first-use order, each once (compared without case).
  static func uniqueTags(_ tags: [String]) -> [String] {
    var seen: Set<String> = []
    return tags.filter { seen.insert($0.lowercased()).inserted }
  }

  /// A title from the first non-blank line of `text`: Markdown markers, citations' brackets and emphasis removed,
  /// cut at a word boundary near 80 characters.
  static func title(fromText text: String) -> String {
    let line = text.split(whereSeparator: \.isNewline).first { !cleanTitle(String($0)).isEmpty } ?? ""
    var title = cleanTitle(String(line))
    if title.count > 80 {
      let cut = title.prefix(80)
      title = String(cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut) + "…"
    }
    return title.isEmpty ? "Untitled" : title
  }

  /// `text` without leading Markdown markers (`#`, `>`, list markers), emphasis characters and outer whitespace.
  static func cleanTitle(_ text: String) -> String {
    // Every line feed a space (one ending "\r\n" too: the "\r" is removed below).
    var line = Substring(String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" ? " " : $0 })))
    while true {
      let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "#" || $0 == ">" }
      if let first = trimmed.first, "-*+".contains(first), trimmed.dropFirst().first == " " {
        line = trimmed.dropFirst(2)
      } else if let dot = trimmed.firstIndex(where: { $0 == "." || $0 == ")" }), dot != trimmed.startIndex,
        trimmed[..<dot].allSatisfy(\.isASCII), trimmed[..<dot].allSatisfy(\.isNumber),
        trimmed[trimmed.index(after: dot)...].first == " "
      {
        line = trimmed[trimmed.index(after: dot)...]
      } else {
        line = trimmed
        break
      }
    }
    let kept = line.filter { $0 != "*" && $0 != "`" && !$0.isNewline }
    return kept.trimming(.whitespaces)
  }
}

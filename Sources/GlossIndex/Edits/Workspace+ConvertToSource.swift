import GlossSyntax

extension Workspace {
  /// `gloss.convertToSource`: the note at `path` (current text `bytes`) given a front-matter `id` and moved into
  /// `sourceFolder`, so it is citable as soon as the move is done; neither the key nor the file replaces another.
  package func convertToSource(
    path: String, bytes: [UInt8], sourceFolder: String, isTaken: (String) -> Bool
  ) throws(CommandError) -> WorkspaceChange {
    guard let record = notes[path] else { throw CommandError("'\(path)' is not a note") }
    guard let folder = Self.folderInside(sourceFolder) else {
      throw CommandError("the sources folder '\(sourceFolder)' is outside the workspace")
    }
    let fileName = PathUtilities.fileName(path)
    let stem = PathUtilities.removingNoteExtension(fileName)
    let ext = PathUtilities.pathExtension(fileName).isEmpty ? "md" : PathUtilities.pathExtension(fileName)
    let newPath = NoteFileName.availablePath(folder: folder, stem: stem, extension: ext) {
      $0 != path && (isTaken($0) || isKnownPath($0))
    }
    var edits: [String: [WorkspaceChange.Edit]] = [:]
    if record.note.frontMatter?["id"] == nil {
      let key = availableKey(Self.sourceKey(from: stem))
      edits[path] = [Self.idInsertion(key: key, note: record.note, bytes: bytes)]
    }
    let operations: [WorkspaceChange.FileOperation] = newPath != path ? [.rename(old: path, new: newPath)] : []
    return WorkspaceChange(edits: edits, operations: operations, primaryPath: newPath)
  }

  /// A citation key made from a file stem: lowercased letters and digits (non-ASCII kept), other runs as `-`.
  static func sourceKey(from stem: String) -> String {
    var key = ""
    for character in stem.lowercased() {
      if character.isLetter || character.isNumber {
        key.append(character)
      } else if !key.isEmpty, key.last != "-" {
        key.append("-")
      }
    }
    while key.last == "-" { key.removeLast() }
    return key.isEmpty ? "source" : key
  }

  /// `key`, else `key-2`, `key-3`, … : the first no source has yet.
  func availableKey(_ key: String) -> String {
    var candidate = key
    var number = 1
    while hasSource(candidate) {
      number += 1
      candidate = "\(key)-\(number)"
    }
    return candidate
  }

  /// Where `id: key` goes: the first line of the front matter, or a new front-matter block at the start.
  static func idInsertion(key: String, note: Note, bytes: [UInt8]) -> WorkspaceChange.Edit {
    guard let front = note.frontMatter, front.range.lowerBound < bytes.count else {
      return WorkspaceChange.Edit(range: 0..<0, newText: "---\nid: \(key)\n---\n")
    }
    var lineEnd = front.range.lowerBound
    while lineEnd < min(front.range.upperBound, bytes.count), bytes[lineEnd] != 0x0A { lineEnd += 1 }
    let at = min(lineEnd + 1, bytes.count)
    let text = lineEnd < bytes.count ? "id: \(key)\n" : "\nid: \(key)\n"
    return WorkspaceChange.Edit(range: at..<at, newText: text)
  }
}

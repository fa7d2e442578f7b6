import GlossSyntax

extension Workspace {
  /// `gloss.createLiteratureNote`: a new note for the source `key` (`LiteratureNoteText`), named by the first of
  /// `literatureNoteNames` in `literatureNoteDir` (else where new notes go), never over a file in use (`isTaken`
  /// says whether a path is in use on disk; a taken name gets `-2`, `-3`, …, and the front matter's `citekey` still
  /// makes it the literature note). Refused when the source is unknown or already has a literature note.
  package func createLiteratureNote(
    forKey written: String, isTaken: (String) -> Bool
  ) throws(CommandError) -> WorkspaceChange {
    let key = citedSourceKey(written)
    guard let source = source(forKey: key) else { throw CommandError("unknown source '\(written)'") }
    if let existing = literatureNote(forKey: key) {
      throw CommandError("'\(key)' already has a literature note: '\(existing)'")
    }
    let wanted = config.literatureNoteDir ?? config.newNoteDir ?? newNoteFolder(near: nil)
    guard let folder = Self.folderInside(wanted) else {
      throw CommandError("the folder '\(wanted)' is outside the workspace")
    }
    let name = literatureNoteStems(forKey: NameRules.safeFileName(key)).first ?? key
    let stem = NoteFileName.stem(for: name)
    let path = NoteFileName.availablePath(folder: folder, stem: stem, extension: "md") {
      isTaken($0) || isKnownPath($0)
    }
    return WorkspaceChange(
      edits: [:], operations: [.create(path: path, contents: LiteratureNoteText.text(for: source))],
      primaryPath: path)
  }
}

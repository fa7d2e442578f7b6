import GlossSyntax

extension Workspace {
  /// The literature note of the source `key` (docs/literature-notes.md): the first note, in path order, whose front
  /// matter says `citekey: key` (or `@key`), else the first note named by one of `literatureNoteNames` in their
  /// order (`key.md`, then `@key.md` by default); nil when there is none.
  package func literatureNote(forKey key: String) -> String? {
    guard !key.isEmpty else { return nil }
    if let first = (citekeyNotes[key] ?? []).min(by: { $0.utf8Precedes($1) }) { return first }
    for stem in literatureNoteStems(forKey: key) {
      let named = (notesByName[stem.lowercased()] ?? []).filter {
        PathUtilities.removingNoteExtension(PathUtilities.fileName($0)) == stem
      }
      if let first = named.min(by: { $0.utf8Precedes($1) }) { return first }
    }
    return nil
  }

  /// The file stems `literatureNoteNames` give the source `key`, in order.
  func literatureNoteStems(forKey key: String) -> [String] {
    config.literatureNoteNames.map {
      $0.split(separator: "{key}", omittingEmptySubsequences: false).joined(separator: key)
    }
  }

  /// `Literature note: notes/smith2020.md`, for hover and completion; nil when the source has none.
  func literatureNoteLine(forKey key: String, excluding path: String? = nil) -> String? {
    guard let note = literatureNote(forKey: key), note != path else { return nil }
    return "Literature note: `\(note)`"
  }
}

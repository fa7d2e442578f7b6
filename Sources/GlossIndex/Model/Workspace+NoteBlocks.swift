package import GlossSyntax

extension Workspace {
  /// Releases the block structure of every note held (31 of the 80 MB the parsed notes of the standard workspace hold: every paragraph, list item and
  /// quote with its children), keeping everything the index and the diagnostics read: front matter, headings,
  /// citations, links, tags. Notes set afterwards (an open buffer, a file read again) keep theirs. The few queries
  /// that walk blocks are given the note's text and parse it again (`NoteRecord.withBlocks(from:)`).
  package mutating func releaseNoteBlocks() {
    for path in Array(notes.keys) { notes[path]?.releaseBlocks() }
  }
}

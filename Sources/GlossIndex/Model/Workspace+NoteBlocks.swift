package import GlossSyntax

extension Workspace {
  /// Releases the block structure of every note held (31 of the 80 MB the parsed notes of the standard workspace hold: every paragraph, list item and
  /// quote with its children), keeping everything the index and the diagnostics read: front matter, headings,
  /// citations, links, tags. Notes set afterwards (an open buffer, a file read again) keep theirs. The few queries
  /// that walk blocks are given the note's text and parse it again (`NoteRecord.withBlocks(from:)`).
  package mutating func releaseNoteBlocks() {
    for path in Array(notes.keys) { notes[path]?.releaseBlocks() }
  }

  /// Gives the note at `path` back the blocks of `parsed`, the note parsed again from exactly the text it was indexed
  /// from (the caller knows the text; the length is checked here). Nothing else changes: summary, reverse maps and
  /// diagnostics came from that same text. Returns whether the blocks were put back (false when the note is gone,
  /// kept its blocks, or was set again from another text meanwhile).
  @discardableResult
  package mutating func restoreNoteBlocks(path: String, from parsed: Note, byteCount: Int) -> Bool {
    guard let record = notes[path], record.blocksReleased, record.byteCount == byteCount else { return false }
    notes[path]?.restoreBlocks(parsed.blocks)
    return true
  }
}

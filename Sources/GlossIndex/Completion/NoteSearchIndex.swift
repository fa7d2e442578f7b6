/// Every note's lowercased names (file name, path, title, aliases) and the words inside them, sorted for prefix
/// search, with the notes numbered in title order; built once per change of the notes' names, not per request.
struct NoteSearchIndex: Sendable {
  /// The note paths, in title order (then path order).
  private(set) var paths: [String] = []
  /// Every name and name suffix starting at a word, owned by its note's id; quality 0 for a whole name, 1 for a
  /// suffix (which points into the name's bytes).
  private var words = PrefixTable()

  /// Indexes the names of every note of `workspace`.
  init(_ workspace: Workspace) {
    let records = workspace.notes.values.sorted { a, b in a.title != b.title ? a.title < b.title : a.path < b.path }
    paths = records.map(\.path)
    for (index, record) in records.enumerated() {
      let id = Int32(index)
      for name in record.nameKeys {
        let bytes = Array(name.utf8)
        let nameStart = words.insert(bytes, owner: id, quality: 0)
        for start in bytes.indices.dropFirst()
        where Self.isSeparator(bytes[start - 1]) && !Self.isSeparator(bytes[start]) {
          words.insert(start: nameStart + start, count: bytes.count - start, owner: id, quality: 1)
        }
      }
    }
    words.seal()
  }

  /// Each note with a name or name word starting with `prefix` (lowercased UTF-8), with its best match quality.
  func matches(_ prefix: [UInt8]) -> [Int32: UInt8] {
    var out: [Int32: UInt8] = [:]
    words.forEachWord(startingWith: prefix) { note, quality, _ in
      if (out[note] ?? .max) > quality { out[note] = quality }
    }
    return out
  }

  /// Space, `-`, `_`, `/` and `.`: what separates the words of a name.
  static func isSeparator(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x2D || byte == 0x5F || byte == 0x2F || byte == 0x2E
  }
}

/// Every note's lowercased names (file name, path, title, aliases) and the words inside them, sorted for prefix
/// search, with the notes numbered in title order; built once per change of the notes' names, not per request.
struct NoteSearchIndex: Sendable {
  /// One searchable name or name suffix starting at a word, and its note.
  struct Token: Sendable {
    var word: [UInt8]
    var note: Int32
    /// 0 for a whole name, 1 for a word inside one.
    var quality: UInt8
  }

  /// The note paths, in title order (then path order).
  private(set) var paths: [String] = []
  /// Every token, sorted by bytes.
  private(set) var tokens: [Token] = []

  /// Indexes the names of every note of `workspace`.
  init(_ workspace: Workspace) {
    let records = workspace.notes.values.sorted { a, b in a.title != b.title ? a.title < b.title : a.path < b.path }
    paths = records.map(\.path)
    for (index, record) in records.enumerated() {
      let id = Int32(index)
      for name in record.nameKeys {
        let bytes = Array(name.utf8)
        tokens.append(Token(word: bytes, note: id, quality: 0))
        for start in bytes.indices.dropFirst()
        where Self.isSeparator(bytes[start - 1]) && !Self.isSeparator(bytes[start]) {
          tokens.append(Token(word: Array(bytes[start...]), note: id, quality: 1))
        }
      }
    }
    tokens.sort { $0.word.lexicographicallyPrecedes($1.word) }
  }

  /// Each note with a name or name word starting with `prefix` (lowercased UTF-8), with its best match quality.
  func matches(_ prefix: [UInt8]) -> [Int32: UInt8] {
    var low = 0
    var high = tokens.count
    while low < high {
      let mid = (low + high) / 2
      if tokens[mid].word.lexicographicallyPrecedes(prefix) { low = mid + 1 } else { high = mid }
    }
    var out: [Int32: UInt8] = [:]
    var index = low
    while index < tokens.count, tokens[index].word.starts(with: prefix) {
      let token = tokens[index]
      if (out[token.note] ?? .max) > token.quality { out[token.note] = token.quality }
      index += 1
    }
    return out
  }

  /// Space, `-`, `_`, `/` and `.`: what separates the words of a name.
  static func isSeparator(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x2D || byte == 0x5F || byte == 0x2F || byte == 0x2E
  }
}

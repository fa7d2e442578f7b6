import Foundation
import GlossSyntax

/// Every source's key, completion detail and filter text, and a sorted table of word prefixes to find them by key,
/// author family name, year or title word; built once per change of the sources, not per request.
struct SourceSearchIndex: Sendable {
  /// How well a word matched, best first.
  enum Quality: UInt8, Comparable {
    case exactKey = 0, key, author, keyPart, year, title

    static func < (a: Quality, b: Quality) -> Bool { a.rawValue < b.rawValue }
  }

  /// One searchable word (folded: lowercased, accents removed) and the source it belongs to.
  struct Token: Sendable {
    var word: [UInt8]
    var source: Int32
    var quality: Quality
  }

  /// The keys, sorted.
  private(set) var keys: [String] = []
  /// `Author Year — Title` per key.
  private(set) var details: [String] = []
  /// The key, family names, year and title per key.
  private(set) var filterTexts: [String] = []
  /// Every word, sorted by bytes.
  private(set) var tokens: [Token] = []

  /// Indexes every source of `workspace`.
  init(_ workspace: Workspace) {
    keys = workspace.sourceKeys.sorted()
    details.reserveCapacity(keys.count)
    filterTexts.reserveCapacity(keys.count)
    for (index, key) in keys.enumerated() {
      let id = Int32(index)
      guard let source = workspace.source(forKey: key) else {
        details.append("")
        filterTexts.append(key)
        continue
      }
      details.append(Self.detail(of: source))
      let people = source.authors.filter { !$0.isOthers }
      let names = people.map(\.shortName).filter { !$0.isEmpty }
      var filter = [key] + names
      if let year = source.year { filter.append(year) }
      if let title = source.title { filter.append(title) }
      filterTexts.append(filter.joined(separator: " "))

      let foldedKey = Array(Self.fold(key).utf8)
      tokens.append(Token(word: foldedKey, source: id, quality: .key))
      for part in Self.words(in: foldedKey).dropFirst() {
        tokens.append(Token(word: part, source: id, quality: .keyPart))
      }
      for name in names {
        for word in Self.words(in: Array(Self.fold(name).utf8)) {
          tokens.append(Token(word: word, source: id, quality: .author))
        }
      }
      if let year = source.year { tokens.append(Token(word: Array(year.utf8), source: id, quality: .year)) }
      if let title = source.title {
        for word in Self.words(in: Array(Self.fold(title).utf8)) {
          tokens.append(Token(word: word, source: id, quality: .title))
        }
      }
    }
    tokens.sort { $0.word.lexicographicallyPrecedes($1.word) }
  }

  /// Each source with a word starting with `prefix` (folded), with its best match quality.
  func matches(_ prefix: String) -> [Int32: Quality] {
    let wanted = Array(Self.fold(prefix).utf8)
    var low = 0
    var high = tokens.count
    while low < high {
      let mid = (low + high) / 2
      if tokens[mid].word.lexicographicallyPrecedes(wanted) { low = mid + 1 } else { high = mid }
    }
    var out: [Int32: Quality] = [:]
    var index = low
    while index < tokens.count, tokens[index].word.starts(with: wanted) {
      let token = tokens[index]
      var quality = token.quality
      if quality == .key, token.word.count == wanted.count { quality = .exactKey }
      if let best = out[token.source], best <= quality {
        index += 1
        continue
      }
      out[token.source] = quality
      index += 1
    }
    return out
  }

  /// The completion candidate of the source `id`, replacing `replace` with its key.
  func candidate(_ id: Int, replace: Range<Int>) -> CompletionCandidate {
    CompletionCandidate(
      kind: .source, label: keys[id], detail: details[id].isEmpty ? nil : details[id], filterText: filterTexts[id],
      newText: keys[id], replaceRange: replace, sourceKey: keys[id])
  }

  /// `Author Year — Title`: family names (`A and B`, `A et al.` past two or with `and others`), pieces left out
  /// when unknown.
  static func detail(of source: Source) -> String {
    let people = source.authors.filter { !$0.isOthers }.map(\.shortName).filter { !$0.isEmpty }
    let hasOthers = source.authors.contains(where: \.isOthers)
    var author: String
    switch people.count {
    case 0: author = ""
    case 1: author = hasOthers ? people[0] + " et al." : people[0]
    case 2: author = hasOthers ? people[0] + " et al." : people[0] + " and " + people[1]
    default: author = people[0] + " et al."
    }
    if let year = source.year { author = author.isEmpty ? year : author + " " + year }
    guard let title = source.title, !title.isEmpty else { return author }
    return author.isEmpty ? title : author + " — " + title
  }

  /// Lowercased with accents removed (`Nguyễn` → `nguyen`); ASCII takes a fast path.
  static func fold(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
    return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
  }

  /// The words of folded UTF-8 text: runs of letters, digits and non-ASCII bytes.
  static func words(in bytes: [UInt8]) -> [[UInt8]] {
    var out: [[UInt8]] = []
    var start: Int?
    for (index, byte) in bytes.enumerated() {
      let isWord = byte >= 0x80 || (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte)
      if isWord, start == nil { start = index }
      if !isWord, let begin = start {
        out.append(Array(bytes[begin..<index]))
        start = nil
      }
    }
    if let begin = start { out.append(Array(bytes[begin...])) }
    return out
  }
}

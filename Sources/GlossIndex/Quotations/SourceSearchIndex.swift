import GlossSyntax

/// Every source's key, completion detail and filter text, and a sorted table of word prefixes to find them by key,
/// author family name, year or title word; built once per change of the sources, not per request.
struct SourceSearchIndex: Sendable {
  /// How well a word matched, best first.
  enum Quality: UInt8, Comparable {
    case exactKey = 0, key, author, keyPart, year, title

    static func < (a: Quality, b: Quality) -> Bool { a.rawValue < b.rawValue }
  }

  /// The keys, sorted.
  private(set) var keys: [String] = []
  /// `Author Year — Title` per key.
  private(set) var details: [String] = []
  /// The key, family names, year and title per key.
  private(set) var filterTexts: [String] = []
  /// Every searchable word (folded: lowercased, accents removed), owned by its source's id, with its `Quality`.
  private var words = PrefixTable()

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
      let keyStart = words.insert(foldedKey, owner: id, quality: Quality.key.rawValue)
      // The key's parts point into the key's own bytes.
      for part in Self.wordRanges(in: foldedKey).dropFirst() {
        words.insert(start: keyStart + part.lowerBound, count: part.count, owner: id, quality: Quality.keyPart.rawValue)
      }
      for name in names {
        for word in Self.words(in: Array(Self.fold(name).utf8)) {
          words.insert(word, owner: id, quality: Quality.author.rawValue)
        }
      }
      if let year = source.year { words.insert(Array(year.utf8), owner: id, quality: Quality.year.rawValue) }
      if let title = source.title {
        for word in Self.words(in: Array(Self.fold(title).utf8)) {
          words.insert(word, owner: id, quality: Quality.title.rawValue)
        }
      }
    }
    words.seal()
  }

  /// Each source with a word starting with `prefix` (folded), with its best match quality.
  func matches(_ prefix: String) -> [Int32: Quality] {
    var out: [Int32: Quality] = [:]
    words.forEachWord(startingWith: Array(Self.fold(prefix).utf8)) { source, raw, exact in
      guard var quality = Quality(rawValue: raw) else { return }
      if quality == .key, exact { quality = .exactKey }
      if let best = out[source], best <= quality { return }
      out[source] = quality
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
    AccentFolding.folded(text)
  }

  /// The words of folded UTF-8 text: runs of letters, digits and non-ASCII bytes.
  static func words(in bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    wordRanges(in: bytes).map { bytes[$0] }
  }

  /// Where the words of folded UTF-8 text lie (see `words(in:)`).
  static func wordRanges(in bytes: [UInt8]) -> [Range<Int>] {
    var out: [Range<Int>] = []
    var start: Int?
    for (index, byte) in bytes.enumerated() {
      let isWord = byte >= 0x80 || (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte)
      if isWord, start == nil { start = index }
      if !isWord, let begin = start {
        out.append(begin..<index)
        start = nil
      }
    }
    if let begin = start { out.append(begin..<bytes.count) }
    return out
  }
}

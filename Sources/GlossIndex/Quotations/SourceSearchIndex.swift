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

/// The keys' search index as kept between runs (the note image), with the fingerprint of exactly what it was built
/// from: a workspace takes it only when its own sources give the same fingerprint
/// (`Workspace.prepareSourceSearch(kept:)`), so a kept index is never another workspace state's.
package struct KeptKeyIndex: Sendable, Equatable {
  /// `SourceSearchIndex.inputsFingerprint` of the workspace it was built from.
  package var fingerprint: UInt64
  package var keys: [String]
  package var details: [String]
  package var filterTexts: [String]
  /// The words' bytes, and each word's start, length, owner and quality, sorted.
  package var wordBytes: [UInt8]
  package var wordStarts: [UInt32]
  package var wordCounts: [UInt32]
  package var wordOwners: [Int32]
  package var wordQualities: [UInt8]

  /// A kept index from its fields.
  package init(
    fingerprint: UInt64, keys: [String], details: [String], filterTexts: [String], wordBytes: [UInt8],
    wordStarts: [UInt32], wordCounts: [UInt32], wordOwners: [Int32], wordQualities: [UInt8]
  ) {
    self.fingerprint = fingerprint
    self.keys = keys
    self.details = details
    self.filterTexts = filterTexts
    self.wordBytes = wordBytes
    self.wordStarts = wordStarts
    self.wordCounts = wordCounts
    self.wordOwners = wordOwners
    self.wordQualities = wordQualities
  }
}

extension SourceSearchIndex {
  /// A fingerprint of everything `init(_:)` reads of `workspace`: each key, in order, with its source's authors (their
  /// short names, and whether they stand for others), year and title. Equal fingerprints build equal indexes.
  static func inputsFingerprint(of workspace: Workspace) -> UInt64 {
    // Each piece as its length then its bytes, in one buffer fingerprinted once (the same in every run).
    var bytes: [UInt8] = []
    func add(_ text: String?) {
      guard let text else {
        bytes.append(0xFF)
        return
      }
      bytes.append(0xFE)
      var count = text.utf8.count
      while count >= 0x80 {
        bytes.append(UInt8(truncatingIfNeeded: count) | 0x80)
        count >>= 7
      }
      bytes.append(UInt8(count))
      bytes.append(contentsOf: text.utf8)
    }
    for key in workspace.sourceKeys.sorted() {
      add(key)
      guard let source = workspace.source(forKey: key) else {
        bytes.append(0)
        continue
      }
      bytes.append(1)
      for author in source.authors {
        bytes.append(author.isOthers ? 2 : 3)
        add(author.shortName)
      }
      bytes.append(4)
      add(source.year)
      add(source.title)
    }
    return TextFingerprint.of(bytes)
  }

  /// The index as kept between runs, with the fingerprint of what it was built from.
  func kept(fingerprint: UInt64) -> KeptKeyIndex {
    let (bytes, entries) = words.raw
    return KeptKeyIndex(
      fingerprint: fingerprint, keys: keys, details: details, filterTexts: filterTexts, wordBytes: bytes,
      wordStarts: entries.map(\.start), wordCounts: entries.map(\.count), wordOwners: entries.map(\.owner),
      wordQualities: entries.map(\.quality))
  }

  /// The index `kept` holds when it is the one `workspace` would build: nil when its fingerprint is not that of the
  /// workspace's sources.
  init?(kept: KeptKeyIndex, for workspace: Workspace) {
    guard kept.fingerprint == Self.inputsFingerprint(of: workspace) else { return nil }
    self.init(kept: kept)
  }

  /// The index `kept` holds; nil when its parts do not fit together (a word outside the bytes or owned by no key,
  /// unsorted words, lists of other lengths).
  init?(kept: KeptKeyIndex) {
    let count = kept.wordStarts.count
    guard kept.details.count == kept.keys.count, kept.filterTexts.count == kept.keys.count,
      kept.wordCounts.count == count, kept.wordOwners.count == count, kept.wordQualities.count == count,
      kept.wordOwners.allSatisfy({ $0 >= 0 && Int($0) < kept.keys.count }),
      zip(kept.keys, kept.keys.dropFirst()).allSatisfy({ $0 < $1 })
    else { return nil }
    let entries = (0..<count).map { index in
      PrefixTable.Entry(
        start: kept.wordStarts[index], count: kept.wordCounts[index], owner: kept.wordOwners[index],
        quality: kept.wordQualities[index])
    }
    guard let words = PrefixTable(raw: (kept.wordBytes, entries)) else { return nil }
    self.keys = kept.keys
    self.details = kept.details
    self.filterTexts = kept.filterTexts
    self.words = words
  }
}

extension KeptKeyIndex {
  /// The keys' search index of `workspace`, built now (whatever it holds already), as kept.
  package init(building workspace: Workspace) {
    self = SourceSearchIndex(workspace).kept(fingerprint: SourceSearchIndex.inputsFingerprint(of: workspace))
  }

  /// Whether this index is the one `workspace` would build (its fingerprint is that of the workspace's sources, and
  /// its parts fit together).
  package func fits(_ workspace: Workspace) -> Bool {
    SourceSearchIndex(kept: self, for: workspace) != nil
  }
}

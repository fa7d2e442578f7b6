import GlossSyntax

/// Case- and accent-insensitive fuzzy matching of a query against a name: prefix, then word start, then subsequence.
struct FuzzyMatch: Comparable {
  /// 3: the name starts with the query; 2: the query starts at a word start; 1: a subsequence.
  var tier: Int
  /// Within a tier, how many query characters fell on word starts.
  var bonus: Int

  static func < (a: FuzzyMatch, b: FuzzyMatch) -> Bool { (a.tier, a.bonus) < (b.tier, b.bonus) }

  /// A name prepared for matching: lowercased scalars and where its words start.
  struct Key: Sendable {
    var scalars: [UInt32]
    var wordStarts: [Bool]
    /// One bit per scalar value modulo 64: a query with a bit the key lacks cannot match.
    var mask: UInt64 = 0

    /// Folds `name` once (see `folded`); a word starts at the beginning, after a non-alphanumeric character, or at
    /// an uppercase letter after a lowercase one.
    init(_ name: String) {
      var scalars: [UInt32] = []
      var starts: [Bool] = []
      scalars.reserveCapacity(name.unicodeScalars.count)
      // (wordy, lowercase) of the previous character; accents neither end a word nor count.
      var previous: (wordy: Bool, lower: Bool)?
      // Decomposing is needed only for accents; most names are ASCII.
      let decomposed = name.utf8.allSatisfy { $0 < 0x80 } ? name : name.nfd
      for scalar in decomposed.unicodeScalars {
        let value = scalar.value
        let wordy: Bool
        let upper: Bool
        let lower: Bool
        if value < 0x80 {
          upper = (0x41...0x5A).contains(value)
          lower = (0x61...0x7A).contains(value)
          wordy = upper || lower || (0x30...0x39).contains(value)
        } else {
          let properties = scalar.properties
          if properties.generalCategory == .nonspacingMark { continue }
          upper = properties.isUppercase
          lower = properties.isLowercase
          wordy = properties.isAlphabetic || properties.numericType != nil
        }
        var start = true
        if let previous { start = wordy && (!previous.wordy || (upper && previous.lower)) }
        if value < 0x80 {
          scalars.append(upper ? value | 0x20 : value)
          starts.append(start)
        } else {
          for folded in scalar.properties.lowercaseMapping.unicodeScalars {
            scalars.append(Self.folded(folded.value))
            starts.append(start)
            start = false
          }
        }
        previous = (wordy, lower)
      }
      self.scalars = scalars
      wordStarts = starts
      mask = Self.mask(of: scalars)
    }

    /// The bits of `scalars` for `mask`.
    static func mask(of scalars: [UInt32]) -> UInt64 {
      scalars.reduce(0) { $0 | 1 << UInt64($1 & 63) }
    }

    /// A lowercase scalar with its stroke removed where decomposition leaves it (Vietnamese `đ`, Polish `ł`).
    static func folded(_ value: UInt32) -> UInt32 {
      switch value {
      case 0x111: return 0x64  // đ
      case 0x142: return 0x6C  // ł
      case 0xF8: return 0x6F  // ø
      default: return value
      }
    }
  }

  /// The folded scalars of a query.
  static func query(_ text: String) -> [UInt32] {
    text.nfd.lowercased().unicodeScalars.lazy
      .filter { $0.properties.generalCategory != .nonspacingMark }.map { Key.folded($0.value) }
  }

  /// How `query` (lowercased scalars, not empty) matches `key`; nil when it is not a subsequence.
  /// `queryMask` is `Key.mask(of: query)`, computed once per search.
  static func match(_ query: [UInt32], queryMask: UInt64, _ key: Key) -> FuzzyMatch? {
    let name = key.scalars
    guard query.count <= name.count, queryMask & ~key.mask == 0 else { return nil }
    if name.starts(with: query) { return FuzzyMatch(tier: 3, bonus: 0) }
    // A contiguous occurrence starting at a word start.
    if let first = query.first {
      var index = 1
      while index + query.count <= name.count {
        if key.wordStarts[index], name[index] == first, name[index..<index + query.count].elementsEqual(query) {
          return FuzzyMatch(tier: 2, bonus: 0)
        }
        index += 1
      }
    }
    // A subsequence: taking word starts when they come first may fail where plain greedy matching succeeds.
    if let bonus = subsequence(query, key, preferringWordStarts: true) ?? subsequence(query, key) {
      return FuzzyMatch(tier: 1, bonus: bonus)
    }
    return nil
  }

  /// Matches `query` as a subsequence of `key` left to right and counts the characters on word starts; with
  /// `preferringWordStarts`, each character takes the next word start holding it when there is one.
  private static func subsequence(_ query: [UInt32], _ key: Key, preferringWordStarts: Bool = false) -> Int? {
    let name = key.scalars
    var position = 0
    var bonus = 0
    for q in query {
      var hit: Int?
      var index = position
      while index < name.count {
        if name[index] == q {
          if hit == nil { hit = index }
          if !preferringWordStarts || key.wordStarts[index] {
            hit = index
            break
          }
        }
        index += 1
      }
      guard let found = hit else { return nil }
      if key.wordStarts[found] { bonus += 1 }
      position = found + 1
    }
    return bonus
  }
}

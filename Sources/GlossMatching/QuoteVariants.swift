/// The other ways a source's text may spell the tokens of one piece of a quotation, looked up once in that text's
/// vocabulary: what makes the check read PDF text as a reader reads the page.
///
/// - the first word of the quotation, and a word spelt `[T]he`, with its first letter in the other case;
/// - in a text that lost its ligatures, a word without its `ff`, `fi`, `fl`, `ffi` and `ffl` (`eect` for `effect`);
/// - a compound `black-box` as the one word `blackbox` (a hyphen at a line end removed by the extraction);
/// - a word `blackbox` or `constraints` as the source's `black-box`, `black- box` or `con-` and `straints` on another
///   line (the halves are known words of the text, the hyphen stuck to the first).
///
/// Nothing else: a variant is always the same letters and digits, less only a ligature the text lost.
struct QuoteVariants {
  /// What the text allows besides the quotation's own spelling.
  struct Rules {
    /// The text lost its ligatures.
    var losesLigatures = false
  }

  /// Per token, the other ids it may have in the text (each empty when none); empty when no token has any.
  var alternates: [[UInt32]] = []
  /// Per token, when it is a word followed by a hyphen and a word: the id of the two words joined, else `unknown`;
  /// empty when no token has any.
  var joined: [UInt32] = []
  /// Per word, the ids of the halves the text may split it into around a hyphen; empty when no word has any.
  var splits: [[(left: UInt32, right: UInt32)]] = []

  init() {}

  /// The variants of the piece whose tokens are `tokens` of `quotation` (-1 for a wildcard), with ids `ids`.
  init(
    _ quotation: SpelledQuotation, tokens: [Int], ids: [UInt32], firstWord: Int?, rules: Rules,
    lookup: (UnsafeBufferPointer<UInt8>, UInt32) -> UInt32?
  ) {
    func find(_ bytes: [UInt8]) -> UInt32? {
      bytes.withUnsafeBufferPointer { lookup($0, QuoteVocabulary.hash($0)) }
    }
    let dash = UInt8(ascii: "-")
    for (i, k) in tokens.enumerated() where k >= 0 && quotation.tokens[k].kind == .word {
      let token = quotation.tokens[k]
      let spelling = Array(quotation.spellings[token.spelling])
      var others: [[UInt8]] = []
      if k == firstWord || token.isCaseFree, let swapped = Self.swappingFirstCase(spelling) { others.append(swapped) }
      if rules.losesLigatures {
        for other in [spelling] + others {
          if let stripped = Self.strippingLigatures(other) { others.append(stripped) }
        }
      }
      let found = others.compactMap(find).filter { $0 != ids[i] }
      if !found.isEmpty {
        if alternates.isEmpty { alternates = Array(repeating: [], count: tokens.count) }
        alternates[i] = found
      }
      // `black-box` joined.
      if i + 2 < tokens.count, tokens[i + 1] >= 0, tokens[i + 2] >= 0,
        quotation.tokens[tokens[i + 2]].kind == .word,
        quotation.spellings[quotation.tokens[tokens[i + 1]].spelling].elementsEqual([dash])
      {
        let right = Array(quotation.spellings[quotation.tokens[tokens[i + 2]].spelling])
        if !Self.joinsDigits(spelling, right), let id = find(spelling + right) {
          if joined.isEmpty { joined = Array(repeating: QuoteQuery.unknown, count: tokens.count) }
          joined[i] = id
        }
      }
      // `blackbox` split.
      let halves = spelling.withUnsafeBufferPointer { Self.halves(of: $0, lookup: lookup) }
      if !halves.isEmpty {
        if splits.isEmpty { splits = Array(repeating: [], count: tokens.count) }
        splits[i] = halves
      }
    }
  }

  /// True when no token has a variant.
  var isEmpty: Bool { alternates.isEmpty && joined.isEmpty && splits.isEmpty }

  /// True when token `i` may stand in the text as another token than its own (so it cannot anchor a search).
  @inline(__always)
  func isVariable(_ i: Int) -> Bool {
    (!alternates.isEmpty && !alternates[i].isEmpty) || (!splits.isEmpty && !splits[i].isEmpty)
  }

  /// True when token `i` may stand in the text for a number of tokens other than one (a join or a split), so that
  /// distances past it are not fixed.
  @inline(__always)
  func changesLength(_ i: Int) -> Bool {
    (!joined.isEmpty && joined[i] != QuoteQuery.unknown) || (!splits.isEmpty && !splits[i].isEmpty)
  }

  /// Whether `id` is one of the other spellings of token `i`.
  @inline(__always)
  func isAlternate(_ id: UInt32, at i: Int) -> Bool { !alternates.isEmpty && alternates[i].contains(id) }

  /// The id of tokens `i`, `i + 1` (a hyphen) and `i + 2` joined, if the text has it.
  @inline(__always)
  func joinedID(at i: Int) -> UInt32? {
    guard !joined.isEmpty, joined[i] != QuoteQuery.unknown else { return nil }
    return joined[i]
  }

  /// The halves the text may split word `i` into.
  @inline(__always)
  func halves(at i: Int) -> [(left: UInt32, right: UInt32)] { splits.isEmpty ? [] : splits[i] }

  /// The halves of `word` (split between two scalars) that are both tokens of the text, as `lookup` gives their ids
  /// from a spelling and its hash (`QuoteVocabulary.hash`).
  ///
  /// Runs for every word of every quotation checked and phrase searched, in each text: nothing is allocated but the
  /// answer, and the left half's hash grows a byte at a time.
  static func halves(
    of word: UnsafeBufferPointer<UInt8>, lookup: (UnsafeBufferPointer<UInt8>, UInt32) -> UInt32?
  ) -> [(left: UInt32, right: UInt32)] {
    var out: [(left: UInt32, right: UInt32)] = []
    guard word.count >= 2 else { return out }
    var leftHash = QuoteVocabulary.hashStep(QuoteVocabulary.hashSeed, word[0])
    for cut in 1..<word.count {
      defer { leftHash = QuoteVocabulary.hashStep(leftHash, word[cut]) }
      guard word[cut] & 0xC0 != 0x80, !joinsDigits(word[cut - 1], word[cut]) else { continue }
      let left = UnsafeBufferPointer(rebasing: word[..<cut])
      guard let leftID = lookup(left, QuoteVocabulary.finish(leftHash)) else { continue }
      let right = UnsafeBufferPointer(rebasing: word[cut...])
      guard let rightID = lookup(right, QuoteVocabulary.hash(right)) else { continue }
      out.append((leftID, rightID))
    }
    return out
  }

  /// True when `left` ends and `right` starts with a digit: `1995-2000` is a range of numbers, not a compound, and
  /// never the number `19952000`.
  static func joinsDigits(_ left: some BidirectionalCollection<UInt8>, _ right: some Collection<UInt8>) -> Bool {
    guard let last = left.last, let first = right.first else { return false }
    return joinsDigits(last, first)
  }

  /// True when byte `last` (ending a word) and byte `first` (starting the next) are both digits.
  @inline(__always)
  static func joinsDigits(_ last: UInt8, _ first: UInt8) -> Bool {
    last &- 0x30 < 10 && first &- 0x30 < 10
  }

  /// `word` with its first letter in the other case, nil when it has none.
  static func swappingFirstCase(_ word: [UInt8]) -> [UInt8]? {
    guard let b = word.first else { return nil }
    if b < 0x80 {
      guard b &- 0x41 < 26 || b &- 0x61 < 26 else { return nil }
      return [b ^ 0x20] + word.dropFirst()
    }
    let string = String(decoding: word, as: UTF8.self)
    guard let first = string.first else { return nil }
    let lower = first.lowercased()
    let upper = first.uppercased()
    let swapped = String(first) == lower ? upper : lower
    guard swapped != String(first) else { return nil }
    return Array((swapped + string.dropFirst()).utf8)
  }

  /// `word` without its `ffi`, `ffl`, `ff`, `fi` and `fl`, nil when it has none (or would be empty).
  static func strippingLigatures(_ word: [UInt8]) -> [UInt8]? {
    let f = UInt8(ascii: "f")
    var out: [UInt8] = []
    out.reserveCapacity(word.count)
    var k = 0
    var changed = false
    while k < word.count {
      if word[k] == f, k + 1 < word.count {
        let next = word[k + 1]
        if next == f {
          let third = k + 2 < word.count ? word[k + 2] : 0
          k += third == UInt8(ascii: "i") || third == UInt8(ascii: "l") ? 3 : 2
          changed = true
          continue
        }
        if next == UInt8(ascii: "i") || next == UInt8(ascii: "l") {
          k += 2
          changed = true
          continue
        }
      }
      out.append(word[k])
      k += 1
    }
    return changed && !out.isEmpty ? out : nil
  }
}

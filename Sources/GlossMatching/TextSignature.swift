/// The adjacent token pairs (and single tokens) of one text, cut into chunks of `chunkTokens` tokens, each chunk a
/// Bloom filter of `chunkBits` bits: whether a phrase may occur in a chunk, answered without indexing the text.
///
/// Tokens are those of `QuoteIndex` (the text should be case-folded first), known by a hash of their spelling, so
/// that no lexicon is shared between texts. A `SignatureMatrix` stacks the chunks of many texts to test them all at
/// once; a search then indexes only the few chunks that may hold the phrase.
package struct TextSignature: Sendable {
  /// Tokens per chunk (a multiple of `QuoteIndex.startStride`, so that each chunk's start offset is sampled).
  package static let chunkTokens = 1024
  /// Bits of each chunk's filter: about 8 a token, some 5 per distinct entry, 3 set per entry.
  package static let chunkBits = 8192
  /// 64-bit words of each chunk's filter.
  static let chunkWords = chunkBits / 64

  /// The UTF-8 offset in the text where each chunk's first token starts.
  package private(set) var chunkStarts: [Int] = []
  /// How many tokens the text has.
  package private(set) var tokenCount = 0
  /// The chunks' filters, `chunkWords` words each, one chunk after the other.
  private(set) var words: [UInt64] = []
  /// The text's page furniture (`PageFurniture.ranges(in:)`), found once here for the chunks a search indexes.
  package private(set) var furniture: [Range<Int>] = []

  /// A signature without filters (as `droppingFilters()` leaves it) from its parts, as a kept image holds them; nil
  /// when they are not such a signature's (chunk starts not ascending from 0 and within `textCount`, furniture out
  /// of the text).
  package init?(chunkStarts: [Int], tokenCount: Int, furniture: [Range<Int>], textCount: Int) {
    guard tokenCount >= 0, chunkStarts.count == (tokenCount + Self.chunkTokens - 1) / Self.chunkTokens,
      chunkStarts.allSatisfy({ $0 >= 0 && $0 <= textCount }), zip(chunkStarts, chunkStarts.dropFirst()).allSatisfy(<),
      furniture.allSatisfy({ $0.lowerBound >= 0 && $0.upperBound <= textCount })
    else { return nil }
    self.chunkStarts = chunkStarts
    self.tokenCount = tokenCount
    self.furniture = furniture
  }

  /// How many chunks the text has (none for a text without tokens).
  package var chunkCount: Int { chunkStarts.count }

  /// Bytes held, for memory reports.
  package var byteCount: Int { words.capacity * 8 + chunkStarts.capacity * 8 + furniture.capacity * 16 }

  /// The signature of `text` (case-folded: a phrase is looked for folded too), its page furniture left out as
  /// `QuoteIndex` leaves it out.
  package init(text whole: [UInt8]) {
    let (text, furniture) = PageFurniture.masked(whole)
    self.furniture = furniture
    let limit = min(text.count, Int(UInt32.max) - 1)
    var builder = QuoteIndex.Builder(expectedTokens: limit / 5 + 16)
    text.withUnsafeBufferPointer { whole in builder.scan(UnsafeBufferPointer(rebasing: whole[0..<limit])) }
    let ids = (0..<builder.vocabulary.count).map { Self.spellingID(builder.vocabulary.hash(of: UInt32($0))) }
    let count = builder.tokenIDs.count
    tokenCount = count
    let chunks = (count + Self.chunkTokens - 1) / Self.chunkTokens
    let samplesPerChunk = Self.chunkTokens / QuoteIndex.startStride
    chunkStarts = (0..<chunks).map { Int(builder.startSamples[$0 * samplesPerChunk]) }
    words = [UInt64](repeating: 0, count: chunks * Self.chunkWords)
    words.withUnsafeMutableBufferPointer { out in
      builder.tokenIDs.withUnsafeBufferPointer { tokens in
        ids.withUnsafeBufferPointer { ids in
          for c in 0..<chunks {
            let filter = UnsafeMutableBufferPointer(rebasing: out[(c * Self.chunkWords)..<((c + 1) * Self.chunkWords)])
            // A pair belongs to the chunk of its first token, so the last pair of a chunk reaches into the next.
            for p in (c * Self.chunkTokens)..<min(count, (c + 1) * Self.chunkTokens) {
              let id = ids[Int(tokens[p])]
              Self.set(Self.hash(id, UInt32.max), in: filter)
              if p + 1 < count { Self.set(Self.hash(id, ids[Int(tokens[p + 1])]), in: filter) }
            }
          }
        }
      }
    }
    addOtherSpellings(builder)
  }

  /// Adds the entries of the words a quotation may spell otherwise (`QuoteVariants`, footnote marks): `black-box`
  /// (`black- box`, `con-` and `straints` across a blank line) as one word, and `suite5` as `suite`, each with the
  /// tokens beside it, to the chunk of its first token (and of the token before it).
  private mutating func addOtherSpellings(_ builder: QuoteIndex.Builder) {
    let vocabulary = builder.vocabulary
    let dash = [UInt8(ascii: "-")].withUnsafeBufferPointer { vocabulary.id(of: $0) }
    var unmarked = [UInt32?](repeating: nil, count: vocabulary.count)
    for id in 0..<vocabulary.count where vocabulary.isWord[id] {
      let spelling = vocabulary.spelling(of: UInt32(id))
      guard let cut = QuoteIndex.footnoteMarkStart(spelling) else { continue }
      unmarked[id] = Self.spellingID(of: Array(spelling[spelling.startIndex..<cut]))
    }
    let tokens = builder.tokenIDs
    let glued = builder.gluedBits
    let count = tokens.count
    func id(_ p: Int) -> UInt32 { Self.spellingID(vocabulary.hash(of: tokens[p])) }
    func add(_ other: UInt32, at p: Int, before: Int, after: Int) {
      for chunk in Set([p / Self.chunkTokens, max(0, before) / Self.chunkTokens]) {
        words.withUnsafeMutableBufferPointer { out in
          let filter = UnsafeMutableBufferPointer(
            rebasing: out[(chunk * Self.chunkWords)..<((chunk + 1) * Self.chunkWords)])
          Self.set(Self.hash(other, UInt32.max), in: filter)
          if before >= 0 { Self.set(Self.hash(id(before), other), in: filter) }
          if after < count { Self.set(Self.hash(other, id(after)), in: filter) }
        }
      }
    }
    for p in 0..<count {
      let token = tokens[p]
      if let other = unmarked[Int(token)] { add(other, at: p, before: p - 1, after: p + 1) }
      guard let dash, p + 2 < count, tokens[p + 1] == dash, glued[(p + 1) >> 6] & (1 << UInt64((p + 1) & 63)) != 0,
        vocabulary.isWord[Int(token)], vocabulary.isWord[Int(tokens[p + 2])]
      else { continue }
      let joined = Array(vocabulary.spelling(of: token)) + Array(vocabulary.spelling(of: tokens[p + 2]))
      add(Self.spellingID(of: joined), at: p, before: p - 1, after: p + 3)
    }
  }

  /// The id of the token spelled `bytes`.
  static func spellingID(of bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { spellingID(of: $0) }
  }

  /// The signature without its chunks' filters (its chunk starts and token count only): what a search keeps once a
  /// `SignatureMatrix` holds the filters.
  package func droppingFilters() -> TextSignature {
    var out = self
    out.words = []
    return out
  }

  /// The filter words of chunk `chunk`.
  func chunk(_ chunk: Int) -> ArraySlice<UInt64> {
    words[(chunk * Self.chunkWords)..<((chunk + 1) * Self.chunkWords)]
  }

  /// The filter words of chunk `chunk` (for tests: a search reads a `SignatureMatrix`).
  package func filter(ofChunk chunk: Int) -> [UInt64] { Array(self.chunk(chunk)) }

  /// True when chunk `chunk` may hold every entry of `hashes` (for tests: a search asks a `SignatureMatrix`).
  package func chunk(_ chunk: Int, mayHoldAll hashes: [UInt64]) -> Bool {
    let filter = self.chunk(chunk)
    return hashes.allSatisfy { hash in
      Self.bits(of: hash).allSatisfy { filter[filter.startIndex + $0 >> 6] & (1 << UInt64($0 & 63)) != 0 }
    }
  }

  /// The id of a token spelled `bytes`: the hash of its spelling, kept clear of the query's wildcard and unknown ids.
  static func spellingID(_ hash: UInt32) -> UInt32 { hash >= QuoteQuery.unknown ? hash &- 2 : hash }

  /// The id of the token spelled `bytes`.
  static func spellingID(of bytes: UnsafeBufferPointer<UInt8>) -> UInt32 { spellingID(QuoteVocabulary.hash(bytes)) }

  /// A pair's hash (a single token is paired with `UInt32.max`).
  @inline(__always)
  static func hash(_ a: UInt32, _ b: UInt32) -> UInt64 {
    var h = UInt64(a) << 32 | UInt64(b)
    h ^= h >> 33
    h &*= 0xff51_afd7_ed55_8ccd
    h ^= h >> 33
    h &*= 0xc4ce_b9fe_1a85_ec53
    h ^= h >> 33
    return h
  }

  /// The three bits of an entry, taken from its hash's two halves (double hashing).
  @inline(__always)
  static func bits(of h: UInt64) -> [Int] {
    let step = (h >> 32) | 1
    let x = h & 0xFFFF_FFFF
    return [x, x &+ step, x &+ 2 &* step].map { Int((($0 & 0xFFFF_FFFF) &* UInt64(chunkBits)) >> 32) }
  }

  /// `bits(of:)` without an array: the three bits of an entry.
  @inline(__always)
  static func bitTriple(of h: UInt64) -> (Int, Int, Int) {
    let step = (h >> 32) | 1
    let x = h & 0xFFFF_FFFF
    func bit(_ v: UInt64) -> Int { Int(((v & 0xFFFF_FFFF) &* UInt64(chunkBits)) >> 32) }
    return (bit(x), bit(x &+ step), bit(x &+ 2 &* step))
  }

  @inline(__always)
  private static func set(_ h: UInt64, in filter: UnsafeMutableBufferPointer<UInt64>) {
    let step = (h >> 32) | 1
    var x = h
    for _ in 0..<3 {
      let bit = Int(((x & 0xFFFF_FFFF) &* UInt64(chunkBits)) >> 32)
      filter[bit >> 6] |= 1 << UInt64(bit & 63)
      x &+= step
    }
  }
}

/// A phrase as a `TextSignature` tests it: per piece (the stretches between ellipses), the hashes of its adjacent
/// token pairs and of its single tokens, and how many tokens it has.
package struct SignatureProbe: Sendable {
  /// One stretch of the phrase between ellipses.
  package struct Piece: Sendable {
    /// The entries a chunk holding the piece must hold.
    package var hashes: [UInt64] = []
    /// How many tokens the piece has (so how many chunks it may spread over).
    package var tokenCount = 0
    /// How many of the first `hashes` are entries of the piece's first token (its pair with the next, itself): a
    /// chunk where the piece starts holds them itself, as a pair belongs to the chunk of its first token (and a word
    /// the text spells otherwise to the chunk of its first token too). 0 when that token has no entry.
    package var startEntries = 0
  }

  /// The pieces, in order.
  package var pieces: [Piece] = []

  /// True when the phrase has nothing to test (no word, or only `[bracketed]` insertions): every text may hold it.
  package var isEmpty: Bool { pieces.allSatisfy(\.hashes.isEmpty) }

  /// Every entry of every piece.
  package var allHashes: [UInt64] { pieces.flatMap(\.hashes) }

  /// The probe of `phrase` (case-folded, as the texts were).
  ///
  /// Entries that the source may spell otherwise are left out: next to a `[word]` or an ellipsis, and next to a
  /// dash (`well-known` may be a word joined across a line end in the source).
  package init(_ phrase: String) {
    self.init(SpelledQuotation(phrase))
  }

  /// The probe of a phrase already tokenised (case-folded, as the texts were).
  package init(_ phrase: SpelledQuotation) {
    let query = QuoteQuery(phrase) { _, hash in TextSignature.spellingID(hash) }
    let dash = [UInt8(ascii: "-")].withUnsafeBufferPointer { TextSignature.spellingID(of: $0) }
    // Words with letters a ligature holds: a text that lost its ligatures spells them without.
    var ligatured: Set<UInt32> = []
    for token in phrase.tokens where token.kind == .word {
      let spelling = Array(phrase.spellings[token.spelling])
      if QuoteVariants.strippingLigatures(spelling) != nil {
        ligatured.insert(TextSignature.spellingID(token.spellingHash))
      }
    }
    func plain(_ piece: [UInt32], _ i: Int) -> Bool {
      let id = piece[i]
      guard id != QuoteQuery.wildcard, id != dash, !ligatured.contains(id) else { return false }
      return !(i > 0 && piece[i - 1] == dash) && !(i + 1 < piece.count && piece[i + 1] == dash)
    }
    for tokens in query.pieces {
      var piece = Piece(tokenCount: tokens.count)
      var seen: Set<UInt64> = []
      for i in tokens.indices where plain(tokens, i) {
        if i + 1 < tokens.count, plain(tokens, i + 1) {
          let h = TextSignature.hash(tokens[i], tokens[i + 1])
          if seen.insert(h).inserted { piece.hashes.append(h) }
        }
        // Single tokens too: a one-word phrase has no pair.
        let h = TextSignature.hash(tokens[i], UInt32.max)
        if seen.insert(h).inserted { piece.hashes.append(h) }
        if i == 0 { piece.startEntries = piece.hashes.count }
      }
      pieces.append(piece)
    }
  }
}

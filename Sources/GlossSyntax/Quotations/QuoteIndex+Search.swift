extension QuoteIndex {
  /// Every occurrence of `phrase` in the text, in text order, at most `limit`, read as a quotation is (`…` between
  /// pieces, `[word]` for any word), with the same normalisation; each range runs from its first word to its last.
  ///
  /// Occurrences do not overlap: the next is looked for after the end of the one before.
  package func occurrences(of phrase: String, limit: Int = .max) -> [Range<Int>] {
    let query = lexicon.reading { vocabulary in
      QuoteQuery(phrase) { bytes in vocabulary.id(of: bytes).flatMap { localID(ofGlobal: $0) } }
    }
    guard !query.pieces.isEmpty, limit > 0 else { return [] }
    var out: [Range<Int>] = []
    var lower = 0
    let end = tokenIDs.count
    while out.count < limit, lower < end, let found = find(query, in: lower..<end) {
      out.append(textRange(ofPositions: found))
      lower = max(found.upperBound, found.lowerBound + 1)
    }
    return out
  }
}

/// A Bloom filter of the adjacent token pairs (and single tokens) of one indexed text: whether a phrase may occur
/// in the text, answered without its index, so that a search over many texts indexes only the few that may hold it.
///
/// It never says no to a text that holds the phrase; it says yes to a text that does not about once in a few
/// hundred phrases of two words, and far more rarely for longer ones.
package struct PhraseFilter: Sendable {
  /// The bits, a multiple of 64 of them.
  private var bits: [UInt64]

  /// The filter of the text `index` indexes (its tokens as the index's lexicon numbers them).
  package init(_ index: QuoteIndex) {
    let count = index.tokenIDs.count
    // About 8 bits a token (pairs and single tokens repeat: some 12 bits an entry), 3 bits an entry.
    let words = max(8, (count * 8 + 63) / 64)
    bits = [UInt64](repeating: 0, count: words)
    let bitCount = UInt64(words * 64)
    bits.withUnsafeMutableBufferPointer { out in
      index.tokenIDs.withUnsafeBufferPointer { ids in
        index.globalIDs.withUnsafeBufferPointer { global in
          var previous = UInt32.max
          for p in 0..<count {
            let id = global[Int(ids[p])]
            Self.set(Self.hash(id, UInt32.max), in: out, count: bitCount)
            if previous != UInt32.max { Self.set(Self.hash(previous, id), in: out, count: bitCount) }
            previous = id
          }
        }
      }
    }
  }

  /// Bytes held, for memory reports.
  package var byteCount: Int { bits.count * 8 }

  /// How many of `probe`'s pairs the text may hold (all of them when it may hold the phrase).
  package func hits(_ probe: PhraseProbe) -> Int {
    let bitCount = UInt64(bits.count * 64)
    return bits.withUnsafeBufferPointer { b in
      var n = 0
      for h in probe.hashes where Self.test(h, in: b, count: bitCount) { n += 1 }
      return n
    }
  }

  /// True when the text may hold the phrase (every pair of `probe` is there).
  package func mayContain(_ probe: PhraseProbe) -> Bool {
    let bitCount = UInt64(bits.count * 64)
    return bits.withUnsafeBufferPointer { b in probe.hashes.allSatisfy { Self.test($0, in: b, count: bitCount) } }
  }

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

  /// Three bits per hash, taken from its two halves (double hashing), each mapped onto the `count` bits by a
  /// multiplication rather than a mask.
  @inline(__always)
  private static func set(_ h: UInt64, in b: UnsafeMutableBufferPointer<UInt64>, count bitCount: UInt64) {
    let step = (h >> 32) | 1
    var x = h
    for _ in 0..<3 {
      let bit = ((x & 0xFFFF_FFFF) &* bitCount) >> 32
      b[Int(bit >> 6)] |= 1 << (bit & 63)
      x &+= step
    }
  }

  @inline(__always)
  private static func test(_ h: UInt64, in b: UnsafeBufferPointer<UInt64>, count bitCount: UInt64) -> Bool {
    let step = (h >> 32) | 1
    var x = h
    for _ in 0..<3 {
      let bit = ((x & 0xFFFF_FFFF) &* bitCount) >> 32
      if b[Int(bit >> 6)] & (1 << (bit & 63)) == 0 { return false }
      x &+= step
    }
    return true
  }
}

/// A phrase as `PhraseFilter` tests it: the hashes of its adjacent token pairs (of its one token, when it has one
/// word), from a lexicon shared by the filtered texts.
package struct PhraseProbe: Sendable {
  /// The pairs' hashes; empty when the phrase has no token to test (then every text may hold it).
  package var hashes: [UInt64] = []
  /// True when some token of the phrase is in no text of the lexicon: the phrase occurs nowhere.
  package var hasUnknownToken = false

  /// The probe of `phrase`, its tokens looked up in `lexicon`.
  ///
  /// Pairs that the source may spell otherwise are left out: next to a `[word]` or an ellipsis, and next to a dash
  /// (`well-known` may be a word joined across a line end in the source).
  package init(_ phrase: String, lexicon: QuoteLexicon) {
    let query = lexicon.reading { vocabulary in
      QuoteQuery(phrase) { bytes in vocabulary.id(of: bytes) }
    }
    let dash = lexicon.reading { vocabulary in
      [UInt8(ascii: "-")].withUnsafeBufferPointer { vocabulary.id(of: $0) }
    }
    func plain(_ piece: [UInt32], _ i: Int) -> Bool {
      let id = piece[i]
      guard id != QuoteQuery.wildcard, id != dash else { return false }
      return !(i > 0 && piece[i - 1] == dash) && !(i + 1 < piece.count && piece[i + 1] == dash)
    }
    var seen: Set<UInt64> = []
    for piece in query.pieces {
      if piece.contains(QuoteQuery.unknown) { hasUnknownToken = true }
      for i in piece.indices where plain(piece, i) && piece[i] != QuoteQuery.unknown {
        if i + 1 < piece.count, plain(piece, i + 1), piece[i + 1] != QuoteQuery.unknown {
          let h = PhraseFilter.hash(piece[i], piece[i + 1])
          if seen.insert(h).inserted { hashes.append(h) }
        }
        // Single tokens too: a short phrase's one or two pairs would let through more texts than its words do.
        let h = PhraseFilter.hash(piece[i], UInt32.max)
        if seen.insert(h).inserted { hashes.append(h) }
      }
    }
  }
}

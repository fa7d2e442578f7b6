import GlossSyntax

/// An inverted index over the normalised tokens of one source text, built once, for checking quotations fast.
///
/// Tokens are what `QuoteTokenizer` makes of the text: words (each CJK ideograph or kana its own word) and
/// punctuation marks, each mark its own token (quote marks all one token, dash runs all one token); white space is
/// not a token. Each position keeps its token id (4 bytes); every 16th its start offset. Texts of 16,384 tokens or
/// more also keep postings (the positions of each id but the commonest), so a check looks up the quotation's rarest
/// token and verifies the few candidates; smaller texts are scanned, which takes microseconds. Token spellings live
/// in a `QuoteLexicon`, shared across a workspace.
package struct QuoteIndex: Sendable {
  /// The source text (shared storage with the caller's array, not a copy); empty while released
  /// (`releasingText()`).
  package private(set) var text: [UInt8]
  /// The length of the text indexed, kept while the text is released.
  package let textCount: Int
  /// The token id at each position.
  var tokenIDs: [UInt32] = []
  /// The UTF-8 offset in `text` where every `startStride`-th position's token starts; the others are found by
  /// tokenizing forward from there (a token start is a point where the tokenizer can resume).
  var startSamples: [UInt32] = []
  /// One bit per position: set when the token follows the previous one with no white space between.
  var gluedBits: [UInt64] = []
  /// The ids so frequent that they have no postings (they would never be the rarest token of a quotation).
  var frequentIDs: Set<UInt32> = []
  /// The shared lexicon the ids come from.
  let lexicon: QuoteLexicon
  /// The global (lexicon) id of each local id, ascending: a local id is the rank of its global id.
  var globalIDs: [UInt32] = []
  /// True for the local ids of words (and ideographs), false for punctuation.
  var isWord: [Bool] = []
  /// Where each id's positions start in `postings` (one more entry than ids).
  var postingOffsets: [UInt32] = [0]
  /// The positions of each id in ascending order, ids one after the other.
  var postings: [UInt32] = []
  /// Positions holding a word joined across a line-end hyphen, ascending, with the ids of the two halves, so that
  /// the quotation may spell it with the hyphen (`well-known`) or without.
  var joinPositions: [UInt32] = []
  var joinParts: [(left: UInt32, right: UInt32)] = []
  /// The id of the dash token.
  var dashID: UInt32 = 0
  /// The running heads, footers and page numbers of a paged text (`PageFurniture`), made white space in `text`.
  package private(set) var furniture: [Range<Int>] = []
  /// True when the text lost its ligatures (`losesLigatures(_:vocabulary:)`): a quotation's `ff`, `fi`, `fl`, `ffi`
  /// and `ffl` may be missing from its words.
  package private(set) var losesLigatures = false
  /// The ids of words ending in a footnote mark (`suite5`), ascending, and the id of each without its mark.
  var markedIDs: [UInt32] = []
  var unmarkedIDs: [UInt32] = []
  /// The ids of `unmarkedIDs`: no anchor, since some of their occurrences carry a mark.
  var unmarkedSet: Set<UInt32> = []

  /// Indexes `text` (any bytes: invalid UTF-8 is read as U+FFFD; only the first 4 GiB are indexed), interning
  /// its tokens in `lexicon` (share one across a workspace: each index then keeps 4 bytes per distinct token).
  /// The page furniture of a paged text (`PageFurniture`) is not indexed: `furniture` gives its ranges when the text
  /// is part of a longer one (found in that one), nil finds them in `text`.
  package init(text whole: [UInt8], lexicon: QuoteLexicon = QuoteLexicon(), furniture: [Range<Int>]? = nil) {
    let furniture = furniture ?? PageFurniture.ranges(in: whole)
    let text = PageFurniture.masking(furniture, in: whole)
    self.text = text
    self.furniture = furniture
    textCount = text.count
    self.lexicon = lexicon
    let limit = min(text.count, Int(UInt32.max) - 1)
    var builder = Builder(expectedTokens: limit / 5 + 16)
    // The dash is always known, so that a quotation's `well-known` can match a word joined at a line end.
    let dash = builder.vocabulary.intern([UInt8(ascii: "-")], isWord: false)
    text.withUnsafeBufferPointer { whole in
      builder.scan(UnsafeBufferPointer(rebasing: whole[0..<limit]))
    }
    losesLigatures = text.withUnsafeBufferPointer {
      Self.losesLigatures(UnsafeBufferPointer(rebasing: $0[0..<limit]), vocabulary: builder.vocabulary)
    }
    let marks = Self.footnoteMarks(in: &builder.vocabulary)
    // Local ids become the ranks of their global ids, so that a quotation's global ids map back by binary search.
    let vocabulary = builder.vocabulary
    let global = lexicon.intern(vocabulary)
    // Sorting (global id, local id) pairs packed in one integer orders the local ids by global id.
    var order = [UInt64](unsafeUninitializedCapacity: global.count) { buffer, count in
      for (local, id) in global.enumerated() { buffer[local] = UInt64(id) << 32 | UInt64(local) }
      count = global.count
    }
    order.sort()
    var rank = [UInt32](repeating: 0, count: global.count)
    for (r, pair) in order.enumerated() { rank[Int(UInt32(truncatingIfNeeded: pair))] = UInt32(r) }
    globalIDs = order.map { UInt32(truncatingIfNeeded: $0 >> 32) }
    isWord = order.map { vocabulary.isWord[Int(UInt32(truncatingIfNeeded: $0))] }
    rank.withUnsafeBufferPointer { rank in
      builder.tokenIDs.withUnsafeMutableBufferPointer { ids in
        for k in ids.indices { ids[k] = rank[Int(ids[k])] }
      }
    }
    tokenIDs = builder.tokenIDs
    startSamples = builder.startSamples
    gluedBits = builder.gluedBits
    joinPositions = builder.joinPositions
    joinParts = builder.joinParts.map { (rank[Int($0.left)], rank[Int($0.right)]) }
    dashID = rank[Int(dash)]
    let rankedMarks = marks.map { (rank[Int($0.marked)], rank[Int($0.word)]) }.sorted { $0.0 < $1.0 }
    markedIDs = rankedMarks.map(\.0)
    unmarkedIDs = rankedMarks.map(\.1)
    unmarkedSet = Set(unmarkedIDs)
    if tokenIDs.count >= Self.postingsThreshold {
      buildPostings()
    } else {
      postingOffsets = []
    }
  }

  /// The token stream of a text as it is scanned: local ids, glue bits, sampled starts and line-end joins.
  struct Builder {
    var vocabulary: QuoteVocabulary
    var tokenIDs: [UInt32] = []
    var startSamples: [UInt32] = []
    /// The glue bits of every 64 positions so far; those of the positions after are in `gluedWord`.
    private var fullGluedWords: [UInt64] = []
    private var gluedWord: UInt64 = 0
    var joinPositions: [UInt32] = []
    var joinParts: [(left: UInt32, right: UInt32)] = []
    private var previousEnd = -1
    /// The ids of the plain ideographs and kana seen, by code point: slot `v % ideographSlots` holds `v << 32 | id`
    /// of the last one seen there (0 when none); allocated at the first.
    private var ideographIDs: [UInt64] = []

    init(expectedTokens: Int) {
      // Distinct tokens grow about as the square root of the text: a few thousand for a long article.
      vocabulary = QuoteVocabulary(expectedCount: min(1 << 16, 24 * Int(Double(expectedTokens).squareRoot())))
      tokenIDs.reserveCapacity(expectedTokens)
      startSamples.reserveCapacity(expectedTokens / QuoteIndex.startStride + 16)
      fullGluedWords.reserveCapacity(expectedTokens / 64 + 16)
    }

    /// One bit per position: set when the token follows the previous one with no white space between.
    var gluedBits: [UInt64] { tokenIDs.count & 63 == 0 ? fullGluedWords : fullGluedWords + [gluedWord] }

    /// Tokenizes `p` as `QuoteTokenizer` does, reading in place (and hashing while scanning) white space, single
    /// ASCII marks and words of letters and digits already in NFC, and handing everything else to the tokenizer.
    mutating func scan(_ p: UnsafeBufferPointer<UInt8>) {
      var tokenizer = QuoteTokenizer(isQuotation: false)
      let n = p.count
      var i = 0
      while i < n {
        let b = p[i]
        if b < 0x80 {
          switch QuoteScalar.asciiClass(b) {
          case .space:
            i += 1
            continue
          case .word:
            // Plain ASCII words, the bulk of most texts, in the tightest loop.
            var h = QuoteVocabulary.hashStep(QuoteVocabulary.hashSeed, b)
            var j = i + 1
            while j < n, QuoteScalar.isASCIIAlphanumeric(p[j]) {
              h = QuoteVocabulary.hashStep(h, p[j])
              j += 1
            }
            if QuoteScalar.endsPlainASCIIWord(p, at: j) {
              let token = UnsafeBufferPointer(rebasing: p[i..<j])
              add(vocabulary.intern(token, hash: QuoteVocabulary.finish(h), isWord: true), start: i, end: j)
              i = j
              continue
            }
            if p[j] >= 0x80, let end = plainWordEnd(p, from: i) {
              i = end
              continue
            }
          case .punctuation:
            let token = UnsafeBufferPointer(rebasing: p[i..<(i + 1)])
            add(vocabulary.intern(token, isWord: false), start: i, end: i + 1)
            i += 1
            continue
          default:
            break
          }
        } else if let end = plainNonASCIIEnd(p, from: i) {
          i = end
          continue
        }
        guard let token = tokenizer.next(p, &i) else { break }
        let id = tokenizer.withBytes(of: token, in: p) { vocabulary.intern($0, isWord: token.kind == .word) }
        if let split = token.joinSplit {
          let left = vocabulary.intern(Array(tokenizer.scratch[..<split]), isWord: true)
          let right = vocabulary.intern(Array(tokenizer.scratch[split...]), isWord: true)
          joinPositions.append(UInt32(tokenIDs.count))
          joinParts.append((left, right))
        }
        add(id, start: token.start, end: token.end)
      }
    }

    /// Adds the token starting at `i` (a byte of 0x80 or more) and returns where it ends, when it reads as it is
    /// spelt, as the tokenizer would read it: a CJK ideograph or kana unchanged by NFC and followed by no combining
    /// mark (`plainIdeographEnd`), a plain word (`plainWordEnd`), or a punctuation mark of one scalar (its own
    /// token). Nil leaves it, and anything else (quote marks, dashes, white space, ellipses), to the tokenizer.
    @inline(__always)
    private mutating func plainNonASCIIEnd(_ p: UnsafeBufferPointer<UInt8>, from i: Int) -> Int? {
      let (v, length) = QuoteScalar.decode(p, i)
      switch QuoteScalar.classify(v) {
      case .ideograph:
        return plainIdeographEnd(p, from: i, scalar: v, length: length)
      case .word:
        return plainWordEnd(p, from: i)
      case .punctuation:
        let end = i + length
        add(vocabulary.intern(UnsafeBufferPointer(rebasing: p[i..<end]), isWord: false), start: i, end: end)
        return end
      default:
        return nil
      }
    }

    /// Adds the CJK ideograph or kana `v` (of `length` bytes) starting at `i` (a word of its own), and those that
    /// follow it, and returns where the last ends, while they are plain: unchanged by NFC and followed by no
    /// combining mark (their bytes are their normalised spelling). Each one's id comes from `ideographIDs` by code
    /// point when it was seen before, not by hashing its bytes. Nil when `v` itself is not plain; the scalar after
    /// each is decoded once, to tell whether it is a mark and whether it is the next plain ideograph.
    @inline(__always)
    private mutating func plainIdeographEnd(
      _ p: UnsafeBufferPointer<UInt8>, from i: Int, scalar v: UInt32, length: Int
    ) -> Int? {
      @inline(__always) func isPlain(_ v: UInt32, _ length: Int) -> Bool {
        length == 3 && ((0x4E00...0x9FFF).contains(v) || (0x3041...0x3096).contains(v) || (0x30A1...0x30FA).contains(v))
      }
      guard isPlain(v, length) else { return nil }
      if ideographIDs.isEmpty { ideographIDs = [UInt64](repeating: 0, count: Self.ideographSlots) }
      var start = i
      var scalar = v
      while true {
        let end = start + 3
        var next: (scalar: UInt32, length: Int, kind: QuoteScalar.Class)?
        if end < p.count, p[end] >= 0x80 {
          let (w, length) = QuoteScalar.decode(p, end)
          let kind = QuoteScalar.classify(w)
          // A mark after it: the tokenizer's business (from this ideograph on).
          if kind == .combining { return start == i ? nil : start }
          next = (w, length, kind)
        }
        let slot = Int(scalar) & (Self.ideographSlots - 1)
        let entry = ideographIDs[slot]
        let id: UInt32
        if entry >> 32 == UInt64(scalar) {
          id = UInt32(truncatingIfNeeded: entry)
        } else {
          id = vocabulary.intern(UnsafeBufferPointer(rebasing: p[start..<end]), isWord: true)
          ideographIDs[slot] = UInt64(scalar) << 32 | UInt64(id)
        }
        add(id, start: start, end: end)
        guard let next, next.kind == .ideograph, isPlain(next.scalar, next.length) else { return end }
        start = end
        scalar = next.scalar
      }
    }

    /// Slots of `ideographIDs` (a power of two).
    static let ideographSlots = 4096

    /// Adds the word starting at `i` and returns where it ends, when it is plain: letters and digits already in
    /// NFC (its bytes are its normalised spelling), ending where the tokenizer would end it. Nil leaves the word to
    /// the tokenizer: one that does not start with such a letter, or goes on through a combining mark, a ligature,
    /// a soft hyphen, an invisible joiner or a hyphen at a line end.
    private mutating func plainWordEnd(_ p: UnsafeBufferPointer<UInt8>, from i: Int) -> Int? {
      let n = p.count
      var h = QuoteVocabulary.hashSeed
      var j = i
      while j < n {
        let b = p[j]
        if b < 0x80 {
          if QuoteScalar.isLostLigatureMark(b) { return nil }
          guard QuoteScalar.isASCIIAlphanumeric(b) else { break }
          h = QuoteVocabulary.hashStep(h, b)
          j += 1
          continue
        }
        let (v, length) = QuoteScalar.decode(p, j)
        switch QuoteScalar.classify(v) {
        case .word where QuoteScalar.isNFCStable(v):
          for k in j..<(j + length) { h = QuoteVocabulary.hashStep(h, p[k]) }
          j += length
          continue
        case .word, .combining, .ligature, .softHyphen, .ignorable:
          return nil
        case .dash where v == 0x2010:
          return nil
        default:
          break
        }
        break
      }
      guard j > i else { return nil }
      // A hyphen at a line end joins the word to the next line's: the tokenizer's business.
      if j < n, p[j] == UInt8(ascii: "-"), QuoteScalar.lineEndContinuation(p, j + 1) != nil { return nil }
      let token = UnsafeBufferPointer(rebasing: p[i..<j])
      add(vocabulary.intern(token, hash: QuoteVocabulary.finish(h), isWord: true), start: i, end: j)
      return j
    }

    /// Appends the token `id` found at `start..<end`.
    @inline(__always)
    private mutating func add(_ id: UInt32, start: Int, end: Int) {
      let position = tokenIDs.count
      // The word of bits is kept aside until full: setting a bit in the array checks it is not shared.
      if start == previousEnd { gluedWord |= 1 << UInt64(position & 63) }
      if position & 63 == 63 {
        fullGluedWords.append(gluedWord)
        gluedWord = 0
      }
      previousEnd = end
      if position % QuoteIndex.startStride == 0 { startSamples.append(UInt32(start)) }
      tokenIDs.append(id)
    }
  }

  /// Texts with fewer tokens keep no postings: scanning their token stream takes microseconds, and postings
  /// would double the memory of the many small sources.
  static let postingsThreshold = 16_384

  /// True when the index keeps postings (large texts).
  var hasPostings: Bool { !postingOffsets.isEmpty }

  /// One position in this many keeps its start offset.
  static let startStride = 16

  private mutating func buildPostings() {
    var counts = [UInt32](repeating: 0, count: globalIDs.count + 1)
    for id in tokenIDs { counts[Int(id) + 1] += 1 }
    // The commonest tokens ("the", ",") keep no postings: they are never the rarest token of a real quotation,
    // and dropping them saves a third of the postings in prose.
    let frequent = UInt32(max(4096, tokenIDs.count / 256))
    for id in 0..<globalIDs.count where counts[id + 1] > frequent {
      frequentIDs.insert(UInt32(id))
      counts[id + 1] = 0
    }
    for k in 1..<counts.count { counts[k] += counts[k - 1] }
    postingOffsets = counts
    var next = counts
    postings = [UInt32](repeating: 0, count: Int(counts[counts.count - 1]))
    postings.withUnsafeMutableBufferPointer { out in
      for (position, id) in tokenIDs.enumerated() where next[Int(id)] < counts[Int(id) + 1] {
        out[Int(next[Int(id)])] = UInt32(position)
        next[Int(id)] += 1
      }
    }
  }

  /// How many tokens the text has.
  package var tokenCount: Int { tokenIDs.count }

  /// Bytes the index holds besides the text, for memory reports.
  package var indexByteCount: Int {
    tokenIDs.capacity * 4 + startSamples.capacity * 4 + gluedBits.capacity * 8 + postings.capacity * 4 + postingOffsets
      .capacity * 4
      + joinPositions.capacity * 12 + globalIDs.capacity * 4 + isWord.capacity
  }

  /// The local id of the token with global id `global`, if this text has it.
  func localID(ofGlobal global: UInt32) -> UInt32? {
    Self.localID(ofGlobal: global, in: globalIDs)
  }

  /// `localID(ofGlobal:)` given the index's `globalIDs`, for a closure that should not capture the whole index.
  static func localID(ofGlobal global: UInt32, in globalIDs: [UInt32]) -> UInt32? {
    let lower = globalIDs.partitioningIndex { $0 >= global }
    return lower < globalIDs.count && globalIDs[lower] == global ? UInt32(lower) : nil
  }

  /// True when the token at `position` follows the previous one with no white space between.
  func isGlued(_ position: Int) -> Bool { gluedBits[position >> 6] & (1 << UInt64(position & 63)) != 0 }

  /// How many positions `id` has (`Int.max` for the frequent ids that keep no postings).
  /// Without postings, a token the lexicon learnt later counts as rarer (common words come first; a guess that
  /// costs nothing).
  func postingCount(of id: UInt32) -> Int {
    guard hasPostings else { return 1 << 40 - Int(globalIDs[Int(id)]) }
    return frequentIDs.contains(id) ? Int.max : Int(postingOffsets[Int(id) + 1] - postingOffsets[Int(id)])
  }

  /// The positions of `id`, ascending (empty for frequent ids).
  func positions(of id: UInt32) -> Range<Int> {
    hasPostings ? Int(postingOffsets[Int(id)])..<Int(postingOffsets[Int(id) + 1]) : 0..<0
  }

  /// The token positions whose tokens start inside `textRange` (all positions for nil).
  func positionRange(_ textRange: Range<Int>?) -> Range<Int> {
    guard let textRange else { return 0..<tokenIDs.count }
    return firstPosition(
      startingAtOrAfter: textRange.lowerBound)..<firstPosition(
        startingAtOrAfter: textRange.upperBound)
  }

  private func firstPosition(startingAtOrAfter offset: Int) -> Int {
    // The last sampled position starting before `offset`, then token by token.
    let lower = startSamples.partitioningIndex { Int($0) >= offset }
    guard lower > 0 else { return 0 }
    var position = (lower - 1) * Self.startStride
    return text.withUnsafeBufferPointer { p in
      var tokenizer = QuoteTokenizer(isQuotation: false)
      var i = Int(startSamples[lower - 1])
      while position < tokenIDs.count, let token = tokenizer.next(p, &i), token.start < offset { position += 1 }
      return min(position, tokenIDs.count)
    }
  }

  /// The UTF-8 ranges of the tokens at `positions` in `text`, one after the other.
  private func tokenRanges(_ positions: Range<Int>) -> [Range<Int>] {
    guard !positions.isEmpty else { return [] }
    let sample = positions.lowerBound / Self.startStride
    var position = sample * Self.startStride
    var ranges: [Range<Int>] = []
    text.withUnsafeBufferPointer { p in
      var tokenizer = QuoteTokenizer(isQuotation: false)
      var i = Int(startSamples[sample])
      while position < positions.upperBound, let token = tokenizer.next(p, &i) {
        if position >= positions.lowerBound { ranges.append(token.start..<token.end) }
        position += 1
      }
    }
    return ranges
  }

  /// The UTF-8 range of the tokens at `positions` (non-empty) in `text`.
  func textRange(ofPositions positions: Range<Int>) -> Range<Int> {
    let first = tokenRanges(positions.lowerBound..<(positions.lowerBound + 1))
    let last = tokenRanges((positions.upperBound - 1)..<positions.upperBound)
    guard let start = first.first?.lowerBound, let end = last.first?.upperBound else { return 0..<0 }
    return start..<max(start, end)
  }

  /// The id of the word at `position` without its footnote mark, if it has one.
  @inline(__always)
  func unmarkedID(at position: Int) -> UInt32? {
    guard !markedIDs.isEmpty else { return nil }
    let id = tokenIDs[position]
    let lower = markedIDs.partitioningIndex { $0 >= id }
    return lower < markedIDs.count && markedIDs[lower] == id ? unmarkedIDs[lower] : nil
  }

  /// The halves of the word joined at a line-end hyphen at `position`, if it is one.
  func joinedParts(at position: Int) -> (left: UInt32, right: UInt32)? {
    let target = UInt32(position)
    let lower = joinPositions.partitioningIndex { $0 >= target }
    return lower < joinPositions.count && joinPositions[lower] == target ? joinParts[lower] : nil
  }
}

extension QuoteIndex {
  /// Whether the text was released (`releasingText()`): the index must be given it again before any search.
  package var isTextReleased: Bool { text.isEmpty && textCount > 0 }

  /// The index without its text, for keeping between checks while the text itself is not kept (it is read again
  /// when needed): the index is a fraction of the text's size.
  package func releasingText() -> QuoteIndex {
    var copy = self
    copy.text = []
    return copy
  }

  /// The index with its released text put back; nil when `text` is not as long as the text indexed (it is the
  /// caller's to give the same text, as `SourceDocument.restoringText` checks it).
  package func restoringText(_ text: [UInt8]) -> QuoteIndex? {
    guard isTextReleased else { return self }
    guard text.count == textCount else { return nil }
    var copy = self
    copy.text = PageFurniture.masking(furniture, in: text)
    return copy
  }
}

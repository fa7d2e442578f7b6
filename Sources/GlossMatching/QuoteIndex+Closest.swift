import GlossSyntax

extension QuoteIndex {
  /// The longest quotation (in tokens) whose closest passage is searched; longer ones are cut, so the work is bounded.
  package static let closestTokenLimit = 600

  /// From how many tokens a quotation of one piece is aligned in a band along each voted-for diagonal
  /// (`closest(to:in:alignment:)`); shorter ones (30 English words are about 40 tokens) are aligned in full.
  package static let bandedFromTokens = 96

  /// How far (in tokens) a banded alignment may stray on either side of its diagonal: one insertion or deletion
  /// moves it by one, so a passage with fewer net insertions or deletions than this is aligned as in full.
  static func bandHalfWidth(ofTokens m: Int) -> Int { max(16, m / 32) }

  /// How a closest passage is aligned with the quotation.
  package enum Alignment: Sendable {
    /// Quotations of one piece and at least `bandedFromTokens` tokens (thirty words of Chinese or Japanese are about
    /// 600) are aligned only near the diagonals the votes point to, in time linear in their length; the rest in
    /// full.
    case banded
    /// As `banded`, each window's band aligned after the other rather than up to four side by side in the lanes of
    /// one vector (`alignBands`): the reference the lanes are tested against.
    case bandedWindowByWindow
    /// Every window in full (quadratic in the quotation's tokens): the reference the banded alignment is tested
    /// against.
    case full
  }

  /// The passage of `range` most like `query`: windows around the positions where the quotation's rarest tokens
  /// agree on an alignment, scored by token edit distance (ellipses may skip source tokens for free).
  ///
  /// With `leastSimilarity`, a passage less alike than that is not returned (`.notFound(closest: nil, …)`): a window
  /// is then given up as soon as it can only be less alike, and so is one that can no longer beat the best window
  /// so far, which changes no answer (see `align`; `givingUp` false aligns every window whole, for tests).
  func closest(
    to query: QuoteQuery, in range: Range<Int>, alignment: Alignment = .banded, leastSimilarity: Double = 0,
    givingUp: Bool = true
  ) -> QuoteMatch {
    // The pieces one after the other, cut at `closestTokenLimit` tokens (a piece at a time: a token at a time was a
    // tenth of a long quotation's search in a source that does not hold it).
    var tokens: [UInt32] = []
    var gapAt: [Bool] = []  // gapAt[i]: a gap lies between tokens[i - 1] and tokens[i]
    var wordAt: [Bool] = []
    let total = min(Self.closestTokenLimit, query.tokenCount)
    tokens.reserveCapacity(total)
    gapAt.reserveCapacity(total + 1)
    wordAt.reserveCapacity(total)
    for (n, piece) in query.pieces.enumerated() where tokens.count < total {
      let taken = min(piece.count, total - tokens.count)
      if taken > 0 { gapAt.append(!tokens.isEmpty) }
      gapAt.append(contentsOf: repeatElement(false, count: max(0, taken - 1)))
      tokens.append(contentsOf: piece[0..<taken])
      wordAt.append(contentsOf: query.wordFlags[n][0..<taken])
    }
    gapAt.append(false)
    let m = tokens.count
    guard m > 0, !range.isEmpty else { return .notFound(closest: nil, similarity: 0) }
    let slack = max(8, m / 4)
    let reach = m + 2 * slack + (query.pieces.count > 1 ? m : 0)
    // A quotation with ellipses may skip any length of source at each: its alignment follows no one diagonal.
    let banded = alignment != .full && query.pieces.count == 1 && m >= Self.bandedFromTokens
    // Each window with, when banded, the column (in the window) where the voted-for alignment starts.
    var windows: [(range: Range<Int>, diagonal: Int?)] = []
    if range.count <= 2 * reach, !banded {
      windows = [(range, nil)]
    } else {
      for center in alignmentCandidates(tokens, gapAt: gapAt, in: range) {
        let lower = max(range.lowerBound, center - slack)
        let upper = min(range.upperBound, center + reach)
        if lower < upper { windows.append((lower..<upper, banded ? center - lower : nil)) }
      }
    }
    var best: (distance: Int, positions: Range<Int>)?
    // A distance from which a passage is less alike than `leastSimilarity`: a window that reaches it is no answer.
    let tooFar = Self.leastTooFarDistance(ofTokens: m, leastSimilarity: leastSimilarity)
    let halfWidth = Self.bandHalfWidth(ofTokens: m)
    // The bands are aligned side by side, up to four at once; each gives what it would alone when it is nearer than
    // `tooFar`, else nothing.
    var inLanes: [Int: (distance: Int, positions: Range<Int>)] = [:]
    if alignment == .banded {
      let fitting = windows.indices.filter { k in
        windows[k].diagonal.map {
          Self.bandFitsLanes(diagonal: $0, halfWidth: halfWidth, m: m, width: windows[k].range.count)
        }
          ?? false
      }
      if fitting.count > 1 {
        for group in Swift.stride(from: 0, to: fitting.count, by: Self.bandLanes) {
          let members = Array(fitting[group..<min(fitting.count, group + Self.bandLanes)])
          let results = alignBands(
            tokens, wordAt: wordAt,
            windows: members.map { (windows[$0].range, windows[$0].diagonal ?? 0) }, halfWidth: halfWidth,
            giveUpAt: givingUp ? tooFar : Int.max)
          for (k, result) in zip(members, results) { inLanes[k] = result }
        }
      }
    }
    for (k, window) in windows.enumerated() {
      let band = window.diagonal.map { (diagonal: $0, halfWidth: halfWidth) }
      // A window is kept only when strictly nearer than the best so far: one that reaches its distance is given up.
      // (One aligned in a lane was given up only at `tooFar`: the first of the nearest is kept all the same.)
      let bound = givingUp ? min(tooFar, best?.distance ?? Int.max) : Int.max
      let result =
        inLanes[k] ?? align(tokens, gapAt: gapAt, wordAt: wordAt, to: window.range, band: band, giveUpAt: bound)
      if result.distance < best?.distance ?? Int.max { best = result }
    }
    guard let best, !best.positions.isEmpty, best.distance < tooFar else {
      return .notFound(closest: nil, similarity: 0)
    }
    return .notFound(closest: textRange(ofPositions: best.positions), similarity: Self.similarity(best.distance, m))
  }

  /// How alike a passage at `distance` (in `editCost`s plus the tie-breaking remainder) is to a quotation of `m`
  /// tokens.
  static func similarity(_ distance: Int, _ m: Int) -> Double {
    max(0, 1 - Double(distance / editCost) / Double(m))
  }

  /// The least distance at which a passage is less alike than `leastSimilarity` to a quotation of `m` tokens
  /// (`Int.max` when none is: `leastSimilarity` 0 or less). `similarity` only falls as the distance grows.
  static func leastTooFarDistance(ofTokens m: Int, leastSimilarity: Double) -> Int {
    guard leastSimilarity > 0, m > 0 else { return Int.max }
    // The least number of whole edits `q` with `similarity < leastSimilarity`, worked out as `similarity` does.
    var q = max(0, Int(((1 - leastSimilarity) * Double(m)).rounded(.down)) - 1)
    while !(max(0, 1 - Double(q) / Double(m)) < leastSimilarity) { q += 1 }
    return q * editCost
  }

  /// Likely start positions of the quotation: the most voted-for alignments of the exact occurrences of its
  /// 4-token stretches (a changed word leaves most of them intact) and of its rarest tokens' postings.
  private func alignmentCandidates(_ tokens: [UInt32], gapAt: [Bool], in range: Range<Int>) -> [Int] {
    let keys = alignmentVotes(tokens, gapAt: gapAt, in: range)
    guard !keys.isEmpty else { return [range.lowerBound] }
    return Self.mostVoted(keys, count: 4).map { $0 << Self.voteBucketShift }
  }

  /// Votes are for buckets of this many bits of start positions.
  static let voteBucketShift = 3

  /// The votes `alignmentCandidates` counts: each a start position's bucket, in no order. `gramsInOnePass` false
  /// looks for each 4-token stretch in a pass of its own, the reference the one pass is tested against.
  func alignmentVotes(_ tokens: [UInt32], gapAt: [Bool], in range: Range<Int>, gramsInOnePass: Bool = true) -> [Int] {
    // Where each token first occurs in the quotation (in a small text, in an array by local id: every token of the
    // text is looked up).
    var firstOffset: [UInt32: Int] = [:]
    var offsetOfID: [Int32] = []
    if hasPostings {
      for (k, id) in tokens.enumerated() where id < QuoteQuery.unknown && firstOffset[id] == nil { firstOffset[id] = k }
    } else {
      offsetOfID = [Int32](repeating: -1, count: globalIDs.count)
      for (k, id) in tokens.enumerated() where id < QuoteQuery.unknown && offsetOfID[Int(id)] < 0 {
        offsetOfID[Int(id)] = Int32(k)
      }
    }
    // Frequent tokens would spread votes everywhere and drown the few positions where rare tokens agree, so only
    // tokens with few postings vote (at least the two rarest, capped). A small text has no postings: every token
    // votes (below).
    let byRarity = firstOffset.keys.sorted { postingCount(of: $0) < postingCount(of: $1) }
    let perToken = 2048
    var rare = Array(byRarity.prefix(while: { postingCount(of: $0) <= perToken }).prefix(16))
    if rare.count < 2 { rare = Array(byRarity.prefix(2)) }
    var keys: [Int] = []
    keys.reserveCapacity(4096)
    let bucketShift = Self.voteBucketShift
    let gramLength = 4
    let stride = max(gramLength, tokens.count / 16)
    // In a small text, the stretches without a dash (which could match a word joined at a line end) are looked for
    // all in one pass over the range (`gramVotes`) rather than one pass each.
    var inOnePass: [(offset: Int, anchor: Int, gram: [UInt32])] = []
    for offset in Swift.stride(from: 0, to: tokens.count - gramLength + 1, by: stride) {
      let gram = Array(tokens[offset..<offset + gramLength])
      guard !gram.contains(where: { $0 >= QuoteQuery.unknown }),
        !gapAt[(offset + 1)..<(offset + gramLength)].contains(true),
        let anchor = anchorIndex(of: gram)
      else { continue }
      if gramsInOnePass, !hasPostings, !gram.contains(dashID) {
        inOnePass.append((offset, anchor, gram))
        continue
      }
      var lower = range.lowerBound
      var found = 0
      while found < 32, let hit = occurrence(of: gram, in: lower..<range.upperBound) {
        // An exact stretch outweighs the chance agreement of single tokens.
        let key = (hit.lowerBound - offset) >> bucketShift
        for _ in 0..<4 { keys.append(key) }
        found += 1
        lower = hit.lowerBound + 1
      }
    }
    gramVotes(inOnePass, in: range, bucketShift: bucketShift, into: &keys)
    if !hasPostings {
      // A small text: every token of the quotation votes, in one pass over the range (offsets looked up by local
      // id in an array, not hashed: the pass touches every token of the text).
      tokenIDs.withUnsafeBufferPointer { ids in
        offsetOfID.withUnsafeBufferPointer { offsets in
          for p in range {
            let k = offsets[Int(ids[p])]
            if k >= 0 { keys.append((p - Int(k)) >> bucketShift) }
          }
        }
      }
      rare = []
    }
    for id in rare {
      let list = positions(of: id)
      guard !list.isEmpty, let k = firstOffset[id] else { continue }
      let lower = postings[list].partitioningIndex { Int($0) >= range.lowerBound }
      var taken = 0
      var i = lower
      while i < list.upperBound, taken < perToken, Int(postings[i]) < range.upperBound {
        keys.append((Int(postings[i]) - k) >> bucketShift)
        taken += 1
        i += 1
      }
    }
    return keys
  }

  /// The votes of the exact occurrences of `grams` (each with its offset in the quotation and the index of its
  /// anchor token; none holding a dash, nor a wildcard or unknown token) in `range`, four per occurrence, at most
  /// 32 occurrences of each: those `occurrence(of:in:)` finds one after the other in a text without postings (the
  /// first 32 in the range, in order), found in one pass over the range for all of them.
  private func gramVotes(
    _ grams: [(offset: Int, anchor: Int, gram: [UInt32])], in range: Range<Int>, bucketShift: Int,
    into keys: inout [Int]
  ) {
    guard !grams.isEmpty else { return }
    // The grams anchored on each id, chained: the first by id, the next by gram.
    var firstGram = [Int32](repeating: -1, count: globalIDs.count)
    var nextGram = [Int32](repeating: -1, count: grams.count)
    for g in grams.indices.reversed() {
      let id = Int(grams[g].gram[grams[g].anchor])
      nextGram[g] = firstGram[id]
      firstGram[id] = Int32(g)
    }
    var found = [Int](repeating: 0, count: grams.count)
    tokenIDs.withUnsafeBufferPointer { ids in
      for p in range {
        var g = Int(firstGram[Int(ids[p])])
        while g >= 0 {
          let (offset, anchor, gram) = grams[g]
          let start = p - anchor
          if found[g] < 32, start >= range.lowerBound, start + gram.count <= range.upperBound,
            gram.indices.allSatisfy({ ids[start + $0] == gram[$0] })
          {
            let key = (start - offset) >> bucketShift
            for _ in 0..<4 { keys.append(key) }
            found[g] += 1
          }
          g = Int(nextGram[g])
        }
      }
    }
  }

  /// The `count` keys of `keys` with the highest scores, best first: a key's score is
  /// how many times it occurs plus how many times the next key does (a match straddling two buckets votes for
  /// both); ties go to the lower key. Counted in an array over the span of keys when it is not much longer than
  /// the votes (a search's window of a chunk: the usual case), else by sorting them.
  static func mostVoted(_ keys: [Int], count: Int) -> [Int] {
    guard let lowest = keys.min(), let highest = keys.max() else { return [] }
    var best: [(key: Int, score: Int)] = []
    best.reserveCapacity(count + 1)
    // Keeps the `count` best scores seen, in the order a sort by score (descending) then key would give.
    func offer(_ key: Int, _ score: Int) {
      guard best.count < count || score > best[best.count - 1].score else { return }
      var at = best.count
      while at > 0, best[at - 1].score < score || (best[at - 1].score == score && best[at - 1].key > key) { at -= 1 }
      best.insert((key, score), at: at)
      if best.count > count { best.removeLast() }
    }
    let span = highest - lowest + 2
    if span <= 4 * keys.count + 4096 {
      var counts = [Int32](repeating: 0, count: span)
      counts.withUnsafeMutableBufferPointer { counts in
        for key in keys { counts[key - lowest] += 1 }
        for k in 0..<(span - 1) where counts[k] > 0 { offer(lowest + k, Int(counts[k] + counts[k + 1])) }
      }
      return best.map(\.key)
    }
    let sorted = keys.sorted()
    var n = 0
    while n < sorted.count {
      var end = n + 1
      while end < sorted.count, sorted[end] == sorted[n] { end += 1 }
      var next = end
      while next < sorted.count, sorted[next] == sorted[n] + 1 { next += 1 }
      offer(sorted[n], (end - n) + (next - end))
      n = end
    }
    return best.map(\.key)
  }

  /// The weight of one edit in `align`'s costs; what is left of a cost below it breaks ties between alignments of
  /// as many edits (at most 2 per quotation token, so below `closestTokenLimit * 2`).
  static let editCost = 2048

  /// Semi-global token edit distance of `tokens` against the best stretch of `window`; a gap lets the alignment
  /// skip source tokens for free.
  ///
  /// The stretch is aligned to the whole quotation, its ends included: source tokens before and after it cost
  /// nothing, so a changed first or last word could as well be left out as be replaced. Ties between alignments of
  /// as many edits therefore prefer a source token added to one replaced, and one replaced to a quotation token
  /// left out, so that the stretch takes in the source's word where the quotation changed one (the quick fix then
  /// keeps it); a word never replaces a punctuation mark (nor a mark a word): a word added at an end of the
  /// quotation is left out rather than aligned with the mark before the source's passage. The distance returned
  /// is in `editCost`s plus the tie-breaking remainder.
  ///
  /// With a `band`, only alignments that start within `halfWidth` tokens before and `bandSpread + halfWidth` after
  /// column `diagonal` of the window, and stray no further than that from it, are scored (no gaps allowed): the
  /// work is the quotation's length times the band's width rather than times the window's.
  ///
  /// Every cost is positive, so no row's least distance is less than the row before's: as soon as a row's least
  /// distance reaches `giveUpAt`, so would the result, and the window is given up (`Int.max`, no positions).
  func align(
    _ tokens: [UInt32], gapAt: [Bool], wordAt: [Bool], to window: Range<Int>,
    band: (diagonal: Int, halfWidth: Int)? = nil, giveUpAt: Int = Int.max
  ) -> (distance: Int, positions: Range<Int>) {
    let w = window.count
    let insertion = Int32(Self.editCost)
    let substitution = insertion + 1
    let deletion = insertion + 2
    // A word for a mark costs as much as leaving one out and adding the other.
    let crossing = insertion + deletion
    // Out of the band: high enough never to be chosen, low enough that adding a few costs does not overflow.
    let outside = Int32.max / 4
    // The columns of row `i` (quotation tokens taken) that are scored.
    func columns(ofRow i: Int) -> ClosedRange<Int> {
      guard let band else { return 0...w }
      let lower = min(w, max(0, band.diagonal + i - band.halfWidth))
      let upper = max(lower, min(w, band.diagonal + i + Self.bandSpread + band.halfWidth))
      return lower...upper
    }
    // Two rows of distances and of where each alignment starts, side by side in one buffer.
    var rows = [Int32](repeating: outside, count: 4 * (w + 1))
    // Whether each source token of the window is a word, looked up once rather than once per quotation token.
    let sourceWords = tokenIDs[window].map { isWord[Int($0)] }
    var best = (distance: Int32.max, start: Int32(0), end: 0)
    // Distances never exceed `outside` (a few costs more at most): a bound above it gives up nothing.
    let giveUp = Int32(clamping: giveUpAt)
    var gaveUp = false
    rows.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var previous = base
      var previousStart = base + (w + 1)
      var current = base + 2 * (w + 1)
      var currentStart = base + 3 * (w + 1)
      for j in columns(ofRow: 0) {
        previous[j] = 0
        previousStart[j] = Int32(j)
      }
      tokenIDs.withUnsafeBufferPointer { all in
        let source = UnsafeBufferPointer(rebasing: all[window])
        sourceWords.withUnsafeBufferPointer { kinds in
          for i in 1...tokens.count {
            let q = tokens[i - 1]
            let wildcard = q == QuoteQuery.wildcard
            let qIsWord = wordAt[i - 1]
            let scored = columns(ofRow: i)
            // The cell left of the band was scored two rows ago (or never): it must not be read as a distance.
            if scored.lowerBound > 0 { current[scored.lowerBound - 1] = outside }
            var rowLeast = outside
            if scored.lowerBound == 0 {
              current[0] = previous[0] + deletion
              currentStart[0] = 0
              rowLeast = current[0]
            }
            // The cell to the left (this row) and the one diagonally before (the previous row) are carried in
            // registers from one column to the next rather than read back from the rows: the row's cells depend on
            // each other, and a value stored then loaded again waits on the store.
            let first = max(1, scored.lowerBound)
            var leftValue = current[first - 1]
            var leftStart = currentStart[first - 1]
            var diagonalValue = previous[first - 1]
            var diagonalStart = previousStart[first - 1]
            var j = first
            let last = scored.upperBound
            while j <= last {
              let id = source[j - 1]
              let sourceIsWord = kinds[j - 1]
              let equal = q == id || (wildcard && sourceIsWord)
              let upValue = previous[j]
              let upStart = previousStart[j]
              // Cells hold at most `outside` (a quarter of the range): adding a cost cannot overflow, unchecked.
              var value = diagonalValue &+ (equal ? 0 : qIsWord == sourceIsWord ? substitution : crossing)
              var start = diagonalStart
              let up = upValue &+ deletion
              if up < value {
                value = up
                start = upStart
              }
              let left = leftValue &+ insertion
              if left < value {
                value = left
                start = leftStart
              }
              let stored = min(value, outside)
              current[j] = stored
              currentStart[j] = start
              leftValue = stored
              leftStart = start
              diagonalValue = upValue
              diagonalStart = upStart
              rowLeast = min(rowLeast, value)
              j += 1
            }
            // The gap pass below only copies this row's distances rightwards: its least stays.
            if rowLeast >= giveUp {
              gaveUp = true
              return
            }
            // The cell right of the band is read as `previous[j]` by the next row.
            if scored.upperBound < w { current[scored.upperBound + 1] = outside }
            if gapAt[i] {
              for j in 1...w where current[j - 1] < current[j] {
                current[j] = current[j - 1]
                currentStart[j] = currentStart[j - 1]
              }
            }
            swap(&previous, &current)
            swap(&previousStart, &currentStart)
          }
        }
      }
      guard !gaveUp else { return }
      for j in columns(ofRow: tokens.count) where previous[j] < best.distance {
        best = (previous[j], previousStart[j], j)
      }
    }
    if gaveUp { return (Int.max, window.lowerBound..<window.lowerBound) }
    let start = Int(best.start)
    return (Int(best.distance), (window.lowerBound + start)..<(window.lowerBound + max(start, best.end)))
  }

  /// How many tokens after a voted-for start the quotation may really start: votes are counted in buckets of 8
  /// tokens, a bucket together with the next.
  static let bandSpread = 16
}

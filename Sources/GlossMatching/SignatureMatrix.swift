/// The chunk filters of many `TextSignature`s stacked bit-sliced: one row per filter bit, one column per chunk, so
/// that testing a phrase's entries against every chunk of a workspace reads three rows per entry rather than every
/// filter.
///
/// The columns are kept in segments of `segmentColumns` (a segment holds its rows side by side), so that a change
/// of a few columns (`overwrite`, `clear`, `append`) copies one segment of a matrix shared with an earlier state,
/// not the whole matrix; a cleared column holds no entry and is never a candidate.
package struct SignatureMatrix: Sendable {
  /// One segment: the rows of up to `segmentColumns` columns, `rowWords` words each.
  struct Segment: Sendable {
    var rows: [UInt64]
    var rowWords: Int
  }

  /// Columns per segment (a whole number of 64-column words): 1 MB of rows.
  package static let segmentColumns = 1024
  /// 64-bit words per row of a full segment.
  static let segmentWords = segmentColumns / 64

  /// How many columns (chunks) there are.
  package private(set) var columnCount = 0
  /// The segments: all full (`segmentWords` words a row) but the last, which grows as columns are appended.
  private var segments: [Segment] = []

  /// 64-bit words of a bitmap over every column (the words of a row of every segment).
  private(set) var rowWords = 0

  /// Bytes held, for memory reports.
  package var byteCount: Int { segments.reduce(0) { $0 + $1.rows.capacity * 8 } }

  /// An empty matrix.
  package init() {}

  /// The matrix of every chunk of `signatures`, in order.
  package init(_ signatures: [TextSignature]) {
    _ = append(signatures)
  }

  /// Appends the chunks of `signatures` as new columns, in order; returns each signature's columns.
  @discardableResult
  package mutating func append(_ signatures: [TextSignature]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    // Each new column's signature and chunk.
    var owners: [(text: Int, chunk: Int)] = []
    for (t, signature) in signatures.enumerated() {
      ranges.append((columnCount + owners.count)..<(columnCount + owners.count + signature.chunkCount))
      for c in 0..<signature.chunkCount { owners.append((t, c)) }
    }
    let first = columnCount
    reserve(columns: first + owners.count)
    columnCount = first + owners.count
    let words = TextSignature.chunkWords
    write(first..<columnCount) { column, out in
      let (t, c) = owners[column - first]
      signatures[t].words.withUnsafeBufferPointer { filters in
        for w in 0..<words { out[w] = filters[c * words + w] }
      }
    }
    return ranges
  }

  /// Writes the chunks of `signature` over columns `first..<first + signature.chunkCount` (which exist).
  package mutating func overwrite(columnsFrom first: Int, with signature: TextSignature) {
    let words = TextSignature.chunkWords
    write(first..<min(columnCount, first + signature.chunkCount)) { column, out in
      signature.words.withUnsafeBufferPointer { filters in
        for w in 0..<words { out[w] = filters[(column - first) * words + w] }
      }
    }
  }

  /// Empties `columns`: they hold no entry, so no search names them.
  package mutating func clear(_ columns: Range<Int>) {
    write(columns.clamped(to: 0..<columnCount)) { _, _ in }
  }

  /// A matrix of only the columns of `ranges`, in that order (the cleared columns left out).
  package func compacted(keeping ranges: [Range<Int>]) -> SignatureMatrix {
    var sources: [Int] = []
    for range in ranges { sources += range.clamped(to: 0..<columnCount) }
    var out = SignatureMatrix()
    out.reserve(columns: sources.count)
    out.columnCount = sources.count
    let words = TextSignature.chunkWords
    // Columns are read back a 64-column group at a time, in order: the groups of `ranges` are visited in order.
    var group = -1
    var filters: [UInt64] = []
    out.write(0..<sources.count) { column, target in
      let source = sources[column]
      if source / 64 != group {
        group = source / 64
        filters = self.filters(ofGroup: group)
      }
      let i = source % 64
      for w in 0..<words { target[w] = filters[i * words + w] }
    }
    return out
  }

  /// The filter of column `column` (for tests: a search reads rows, not filters).
  package func filter(ofColumn column: Int) -> [UInt64] {
    let words = TextSignature.chunkWords
    let i = column % 64
    return Array(filters(ofGroup: column / 64)[(i * words)..<((i + 1) * words)])
  }

  /// The filters of the 64 columns of group `group` (64-column word), `chunkWords` words each, column after column.
  private func filters(ofGroup group: Int) -> [UInt64] {
    let words = TextSignature.chunkWords
    let segment = segments[group / Self.segmentWords]
    let local = group % Self.segmentWords
    var out = [UInt64](repeating: 0, count: 64 * words)
    var block = [UInt64](repeating: 0, count: 64)
    segment.rows.withUnsafeBufferPointer { rows in
      for w in 0..<words {
        for j in 0..<64 { block[j] = rows[(w * 64 + j) * segment.rowWords + local] }
        Self.transpose(&block)
        for i in 0..<64 { out[i * words + w] = block[i] }
      }
    }
    return out
  }

  /// Makes room for `columns` columns: the last segment grows (doubling, up to a full one), then new ones follow.
  private mutating func reserve(columns: Int) {
    let groups = (columns + 63) / 64
    while rowWords < groups {
      let missing = groups - rowWords
      if let last = segments.last, last.rowWords < Self.segmentWords {
        let wider = min(Self.segmentWords, max(last.rowWords + missing, 2 * last.rowWords))
        var rows = [UInt64](repeating: 0, count: TextSignature.chunkBits * wider)
        for r in 0..<TextSignature.chunkBits {
          for w in 0..<last.rowWords { rows[r * wider + w] = last.rows[r * last.rowWords + w] }
        }
        segments[segments.count - 1] = Segment(rows: rows, rowWords: wider)
        rowWords += wider - last.rowWords
      } else {
        let width = min(Self.segmentWords, missing)
        segments.append(Segment(rows: [UInt64](repeating: 0, count: TextSignature.chunkBits * width), rowWords: width))
        rowWords += width
      }
    }
  }

  /// Writes the filters of `columns`: `filter(column, out)` puts column `column`'s `chunkWords` words in `out`
  /// (left all zero, the column holds nothing). The other columns of the 64-column groups touched are kept.
  private mutating func write(
    _ columns: Range<Int>, filter: (Int, UnsafeMutableBufferPointer<UInt64>) -> Void
  ) {
    guard !columns.isEmpty else { return }
    let words = TextSignature.chunkWords
    // The filters of 64 columns side by side, gathered once per group rather than read word by word.
    var gathered = [UInt64](repeating: 0, count: 64 * words)
    var block = [UInt64](repeating: 0, count: 64)
    for group in (columns.lowerBound / 64)...((columns.upperBound - 1) / 64) {
      let lower = max(columns.lowerBound, group * 64) - group * 64
      let upper = min(columns.upperBound, group * 64 + 64) - group * 64
      let mask: UInt64 = upper - lower == 64 ? ~0 : ((1 << UInt64(upper - lower)) - 1) << UInt64(lower)
      gathered.withUnsafeMutableBufferPointer { out in
        for i in 0..<64 {
          let target = UnsafeMutableBufferPointer(rebasing: out[(i * words)..<((i + 1) * words)])
          for w in 0..<words { target[w] = 0 }
          if i >= lower, i < upper { filter(group * 64 + i, target) }
        }
      }
      let s = group / Self.segmentWords
      let local = group % Self.segmentWords
      let width = segments[s].rowWords
      segments[s].rows.withUnsafeMutableBufferPointer { rows in
        // 64 columns by 64 rows at a time: a word of each of 64 filters, transposed, makes a word of each of 64 rows.
        for w in 0..<words {
          for i in 0..<64 { block[i] = gathered[i * words + w] }
          Self.transpose(&block)
          for j in 0..<64 {
            let at = (w * 64 + j) * width + local
            rows[at] = (rows[at] & ~mask) | (block[j] & mask)
          }
        }
      }
    }
  }

  /// Transposes a 64 × 64 bit block in place: afterwards bit `i` of word `j` is what bit `j` of word `i` was.
  static func transpose(_ a: inout [UInt64]) {
    a.withUnsafeMutableBufferPointer { a in
      var half = 32
      var mask: UInt64 = 0x0000_0000_FFFF_FFFF
      while half > 0 {
        var i = 0
        while i < 64 {
          // Rows `i` (first half of each pair of blocks) trade their high bits for the low bits of rows `i + half`.
          for k in i..<(i + half) {
            let t = ((a[k] >> UInt64(half)) ^ a[k + half]) & mask
            a[k] ^= t << UInt64(half)
            a[k + half] ^= t
          }
          i += 2 * half
        }
        half /= 2
        mask ^= mask << UInt64(half)
      }
    }
  }

  /// The columns that may hold `hash`, as a bitmap of `rowWords` words.
  private func columns(holding hash: UInt64) -> [UInt64] {
    var out = [UInt64](repeating: 0, count: max(1, rowWords))
    fill(&out, withColumnsHolding: hash)
    return out
  }

  /// Puts in `out` (from `at`, `rowWords` words or more) the bitmap of the columns that may hold `hash`.
  private func fill(_ out: inout [UInt64], at offset: Int = 0, withColumnsHolding hash: UInt64) {
    let (first, second, third) = TextSignature.bitTriple(of: hash)
    out.withUnsafeMutableBufferPointer { out in
      var base = offset
      for segment in segments {
        let width = segment.rowWords
        segment.rows.withUnsafeBufferPointer { rows in
          let a = first * width
          let b = second * width
          let c = third * width
          for w in 0..<width { out[base + w] = rows[a + w] & rows[b + w] & rows[c + w] }
        }
        base += width
      }
    }
  }

  /// `bitmap` with each column also set when one of the `reach` columns after it is: a phrase starting in a chunk
  /// may run on into the next ones.
  private static func spreading(_ bitmap: [UInt64], reach: Int) -> [UInt64] {
    var out = bitmap
    spread(&out, reach: reach)
    return out
  }

  /// `spreading`, in place.
  private static func spread(_ bitmap: inout [UInt64], reach: Int) {
    bitmap.withUnsafeMutableBufferPointer { out in
      for _ in 0..<reach {
        var next: UInt64 = 0
        for w in stride(from: out.count - 1, through: 0, by: -1) {
          let word = out[w]
          out[w] = word | (word >> 1) | (next << 63)
          next = word
        }
      }
    }
  }

  /// How many chunks after its first a stretch of `tokenCount` tokens may reach into.
  package static func reach(ofTokens tokenCount: Int) -> Int {
    max(0, (tokenCount - 1 + TextSignature.chunkTokens - 1) / TextSignature.chunkTokens)
  }

  /// The columns in which a stretch holding every entry of `hashes` may start (reaching `reach` columns further),
  /// ascending, the first `startEntries` of them held by the column where it starts itself (the entries of its first
  /// token). Never leaves out a column where the stretch starts; may name a few where it does not.
  package func columns(holdingAll hashes: [UInt64], reach: Int, startEntries: Int = 0) -> [Int] {
    guard !hashes.isEmpty else { return Array(0..<columnCount) }
    guard reach < 64 else { return columns(denselyHoldingAll: hashes, reach: reach, startEntries: startEntries) }
    // The first entry's bitmap, then each next entry read only in the words that still hold a column: after a few
    // entries most words are empty (a long phrase has a thousand entries, a row some hundreds of words). An entry of
    // the first token is not spread: a column holding it only through the next one is not where the stretch starts
    // (a two-word phrase in chunk 7 named chunk 6 too, and chunk 6 was indexed with the two after it).
    var all = columns(holding: hashes[0])
    if startEntries < 1 { Self.spread(&all, reach: reach) }
    var live = all.indices.filter { all[$0] != 0 }
    // The entries a phrase that occurs nowhere misses are those of a word or two (the word changed), all next to
    // each other: read in passes of every `step`-th entry, they are met after a fraction of the others rather than
    // halfway through (a column holding all of them is the same in any order).
    let step = max(1, min(16, hashes.count / 16))
    for pass in 0..<step {
      for k in Swift.stride(from: pass == 0 ? step : pass, to: hashes.count, by: step) {
        guard !live.isEmpty else { return [] }
        let hash = hashes[k]
        let (first, second, third) = TextSignature.bitTriple(of: hash)
        let spreads = k >= startEntries
        var kept = 0
        for w in live {
          let word =
            all[w]
            & (spreads
              ? spreadWord(w, reach: reach) { holding(first, second, third, word: $0) }
              : holding(first, second, third, word: w))
          all[w] = word
          if word != 0 {
            live[kept] = w
            kept += 1
          }
        }
        live.removeLast(live.count - kept)
      }
    }
    return live.isEmpty ? [] : Self.setColumns(all, below: columnCount)
  }

  /// Word `w` of the bitmap of the columns holding the entry whose bits are `first`, `second` and `third`.
  @inline(__always)
  private func holding(_ first: Int, _ second: Int, _ third: Int, word w: Int) -> UInt64 {
    let segment = segments[w / Self.segmentWords]
    let local = w % Self.segmentWords
    let width = segment.rowWords
    return segment.rows.withUnsafeBufferPointer { rows in
      rows[first * width + local] & rows[second * width + local] & rows[third * width + local]
    }
  }

  /// Word `w` of `spreading(bitmap, reach:)` for `reach` below 64, where `word(k)` is word `k` of `bitmap`: a column
  /// is set when it or one of the `reach` after it is.
  @inline(__always)
  private func spreadWord(_ w: Int, reach: Int, _ word: (Int) -> UInt64) -> UInt64 {
    let low = word(w)
    guard reach > 0 else { return low }
    let high = w + 1 < rowWords ? word(w + 1) : 0
    var out = low
    for d in 1...reach { out |= (low >> UInt64(d)) | (high << UInt64(64 - d)) }
    return out
  }

  /// `columns(holdingAll:reach:)` reading every word of every entry's bitmap (any reach).
  private func columns(denselyHoldingAll hashes: [UInt64], reach: Int, startEntries: Int) -> [Int] {
    var all: [UInt64]?
    for (k, hash) in hashes.enumerated() {
      // The first token's entries are held by the starting column itself, as in `columns(holdingAll:reach:…)`.
      let spread = k < startEntries ? columns(holding: hash) : Self.spreading(columns(holding: hash), reach: reach)
      if var current = all {
        var any: UInt64 = 0
        for w in 0..<rowWords {
          current[w] &= spread[w]
          any |= current[w]
        }
        all = current
        if any == 0 { return [] }
      } else {
        all = spread
      }
    }
    return Self.setColumns(all ?? [], below: columnCount)
  }

  /// For each column, how many of `hashes` a stretch starting there (reaching `reach` columns further) may hold.
  package func hitCounts(_ hashes: [UInt64], reach: Int) -> [Int] {
    guard reach < 64 else { return hitCounts(spreadingWhole: hashes, reach: reach) }
    // Bit-sliced counters, word by word: the `planeCount` words of word `w` hold bit `p` of each of its 64 columns'
    // counts, so that adding an entry's bitmap is a few word operations per 64 columns.
    var planeCount = 1
    while 1 << planeCount <= hashes.count { planeCount += 1 }
    let rowWords = rowWords
    var planes = [UInt64](repeating: 0, count: planeCount * max(1, rowWords))
    // Segment by segment (its counters stay in the first-level cache): first every entry's bitmap of the segment,
    // read from its three rows in a loop of nothing but independent reads (the rows are the only memory a count
    // waits on, and many reads are then under way at once), then each bitmap spread and counted, two words at a
    // time in the lanes of a vector. Last segment first, so that each entry's first word of the segment after is
    // known.
    let hashCount = hashes.count
    var triples = [Int](repeating: 0, count: 3 * hashCount)
    for (n, hash) in hashes.enumerated() {
      (triples[3 * n], triples[3 * n + 1], triples[3 * n + 2]) = TextSignature.bitTriple(of: hash)
    }
    // Each entry's bitmap of a segment takes `stride` words: the segment's words, then the first word of the
    // segment after (into which a stretch starting in the segment's last column may reach), then a spare word that
    // the second lane of an odd width's last pair reads (its count is dropped).
    let stride = Self.segmentWords + 2
    var bitmaps = [UInt64](repeating: 0, count: max(1, hashCount) * stride)
    // The counters of the pair of words being counted, one plane after the other.
    var pairPlanes = [SIMD2<UInt64>](repeating: .zero, count: planeCount)
    planes.withUnsafeMutableBufferPointer { planes in
      bitmaps.withUnsafeMutableBufferPointer { bitmaps in
        pairPlanes.withUnsafeMutableBufferPointer { pairPlanes in
          triples.withUnsafeBufferPointer { triples in
            guard let all = bitmaps.baseAddress else { return }
            for s in segments.indices.reversed() {
              let width = segments[s].rowWords
              let base = s * Self.segmentWords
              segments[s].rows.withUnsafeBufferPointer { rows in
                guard let start = rows.baseAddress else { return }
                for n in 0..<hashCount {
                  let a = start + triples[3 * n] * width
                  let b = start + triples[3 * n + 1] * width
                  let c = start + triples[3 * n + 2] * width
                  let bitmap = all + n * stride
                  // Word 0 holds the segment after's first word (0 after the last segment).
                  let after = bitmap[0]
                  for w in 0..<width { bitmap[w] = a[w] & b[w] & c[w] }
                  bitmap[width] = after
                }
              }
              for w in Swift.stride(from: 0, to: width, by: 2) {
                Self.countPair(
                  all + w, entries: hashCount, stride: stride, reach: reach,
                  planes: UnsafeMutableBufferPointer(rebasing: pairPlanes[0..<planeCount]))
                for p in 0..<planeCount {
                  planes[(base + w) * planeCount + p] = pairPlanes[p][0]
                  if w + 1 < width { planes[(base + w + 1) * planeCount + p] = pairPlanes[p][1] }
                }
              }
            }
          }
        }
      }
    }
    var counts = [Int](repeating: 0, count: columnCount)
    for w in 0..<rowWords {
      for p in 0..<planeCount {
        var word = planes[w * planeCount + p]
        while word != 0 {
          let column = w * 64 + word.trailingZeroBitCount
          if column < columnCount { counts[column] += 1 << p }
          word &= word - 1
        }
      }
    }
    return counts
  }

  /// The bit-sliced counts (`planes`, bit `p` of each column's count in plane `p`) of a pair of words of `entries`
  /// bitmaps, each spread over `reach` columns: the pair of entry `n` is `words[n * stride]` and the word after it,
  /// and the word after those is read as what the pair's last column reaches into. The entries' spread words are
  /// summed by a tree of carry-save adders (Harley and Seal): sixteen make one word of sixteens added to the
  /// counters, the ones, twos, fours and eights are added at the end.
  @inline(__always)
  private static func countPair(
    _ words: UnsafeMutablePointer<UInt64>, entries: Int, stride: Int, reach: Int,
    planes: UnsafeMutableBufferPointer<SIMD2<UInt64>>
  ) {
    typealias Pair = SIMD2<UInt64>
    for p in planes.indices { planes[p] = .zero }
    @inline(__always) func spread(_ n: Int) -> Pair {
      let at = words + n * stride
      let current = Pair(at[0], at[1])
      guard reach > 0 else { return current }
      let next = Pair(at[1], at[2])
      if reach == 1 { return current | (current &>> 1) | (next &<< 63) }
      var out = current
      for d in 1...reach { out |= (current &>> UInt64(d)) | (next &<< UInt64(64 - d)) }
      return out
    }
    @inline(__always) func add(_ pair: Pair, at plane: Int) {
      var carry = pair
      var at = plane
      while carry != .zero, at < planes.count {
        let value = planes[at]
        planes[at] = value ^ carry
        carry &= value
        at += 1
      }
    }
    @inline(__always) func carrySave(_ a: Pair, _ b: Pair, _ c: Pair) -> (Pair, Pair) {
      let u = a ^ b
      return ((a & b) | (u & c), u ^ c)
    }
    var ones = Pair.zero
    var twos = Pair.zero
    var fours = Pair.zero
    var eights = Pair.zero
    var n = 0
    while n + 16 <= entries {
      var twosA: Pair
      var twosB: Pair
      var foursA: Pair
      var foursB: Pair
      (twosA, ones) = carrySave(ones, spread(n), spread(n + 1))
      (twosB, ones) = carrySave(ones, spread(n + 2), spread(n + 3))
      (foursA, twos) = carrySave(twos, twosA, twosB)
      (twosA, ones) = carrySave(ones, spread(n + 4), spread(n + 5))
      (twosB, ones) = carrySave(ones, spread(n + 6), spread(n + 7))
      (foursB, twos) = carrySave(twos, twosA, twosB)
      let eightsA: Pair
      (eightsA, fours) = carrySave(fours, foursA, foursB)
      (twosA, ones) = carrySave(ones, spread(n + 8), spread(n + 9))
      (twosB, ones) = carrySave(ones, spread(n + 10), spread(n + 11))
      (foursA, twos) = carrySave(twos, twosA, twosB)
      (twosA, ones) = carrySave(ones, spread(n + 12), spread(n + 13))
      (twosB, ones) = carrySave(ones, spread(n + 14), spread(n + 15))
      (foursB, twos) = carrySave(twos, twosA, twosB)
      let eightsB: Pair
      (eightsB, fours) = carrySave(fours, foursA, foursB)
      let sixteens: Pair
      (sixteens, eights) = carrySave(eights, eightsA, eightsB)
      add(sixteens, at: 4)
      n += 16
    }
    while n < entries {
      add(spread(n), at: 0)
      n += 1
    }
    add(ones, at: 0)
    add(twos, at: 1)
    add(fours, at: 2)
    add(eights, at: 3)
  }

  /// `hitCounts(_:reach:)` for any reach: each entry's bitmap filled whole, then spread, then counted.
  private func hitCounts(spreadingWhole hashes: [UInt64], reach: Int) -> [Int] {
    // Bit-sliced counters: plane `p` holds bit `p` of every column's count, so that adding an entry's bitmap is a
    // few word operations per 64 columns.
    var planeCount = 1
    while 1 << planeCount <= hashes.count { planeCount += 1 }
    var planes = [UInt64](repeating: 0, count: planeCount * rowWords)
    let rowWords = rowWords
    // The bitmaps of a batch of entries, filled one after the other before any is counted: reading the matrix's
    // rows waits on memory, and a loop of nothing but independent reads keeps many of them under way at once.
    let batch = 32
    let width = max(1, rowWords)
    var bitmaps = [UInt64](repeating: 0, count: min(batch, hashes.count) * width)
    var spread = [UInt64](repeating: 0, count: width)
    for n in hashes.indices {
      let slot = n % batch
      if slot == 0 {
        for k in 0..<min(batch, hashes.count - n) { fill(&bitmaps, at: k * width, withColumnsHolding: hashes[n + k]) }
      }
      for w in 0..<width { spread[w] = bitmaps[slot * width + w] }
      Self.spread(&spread, reach: reach)
      planes.withUnsafeMutableBufferPointer { planes in
        for w in 0..<rowWords {
          var carry = spread[w]
          var p = 0
          while carry != 0, p < planeCount {
            let plane = planes[p * rowWords + w]
            planes[p * rowWords + w] = plane ^ carry
            carry &= plane
            p += 1
          }
        }
      }
    }
    var counts = [Int](repeating: 0, count: columnCount)
    for w in 0..<rowWords {
      for p in 0..<planeCount {
        var word = planes[p * rowWords + w]
        while word != 0 {
          let column = w * 64 + word.trailingZeroBitCount
          if column < columnCount { counts[column] += 1 << p }
          word &= word - 1
        }
      }
    }
    return counts
  }

  /// The set bits of `bitmap` below `limit`, ascending.
  private static func setColumns(_ bitmap: [UInt64], below limit: Int) -> [Int] {
    var out: [Int] = []
    for (w, var word) in bitmap.enumerated() {
      while word != 0 {
        let column = w * 64 + word.trailingZeroBitCount
        if column < limit { out.append(column) }
        word &= word - 1
      }
    }
    return out
  }

  /// The rows of each segment and its width in 64-bit words, in order: what a kept image of the matrix holds
  /// (`init(columnCount:segments:)` reads them back).
  package var segmentParts: [(rows: [UInt64], rowWords: Int)] { segments.map { ($0.rows, $0.rowWords) } }

  /// The matrix of `columnCount` columns whose segments are `segments` (as `segmentParts` gave them); nil when they
  /// are not such a matrix's (a segment's rows not `chunkBits` rows of its width, a segment but the last not full,
  /// fewer or far more words than the columns take).
  package init?(columnCount: Int, segments: [(rows: [UInt64], rowWords: Int)]) {
    var words = 0
    for (index, segment) in segments.enumerated() {
      guard segment.rowWords > 0, segment.rowWords <= Self.segmentWords,
        segment.rows.count == TextSignature.chunkBits * segment.rowWords,
        index == segments.count - 1 || segment.rowWords == Self.segmentWords
      else { return nil }
      words += segment.rowWords
    }
    guard columnCount >= 0, words >= (columnCount + 63) / 64, columnCount == 0 || words > (columnCount - 1) / 64
    else { return nil }
    self.columnCount = columnCount
    self.segments = segments.map { Segment(rows: $0.rows, rowWords: $0.rowWords) }
    rowWords = words
  }
}

/// The chunk filters of many `TextSignature`s stacked bit-sliced: one row per filter bit, one column per chunk, so
/// that testing a phrase's entries against every chunk of a workspace reads three rows per entry rather than every
/// filter.
///
/// Columns are the texts' chunks in the order the texts were given, a text's chunks side by side.
package struct SignatureMatrix: Sendable {
  /// How many columns (chunks) there are.
  package let columnCount: Int
  /// 64-bit words per row.
  let rowWords: Int
  /// The rows, `rowWords` words each: bit `k` of row `r` is bit `r` of chunk `k`'s filter.
  private var rows: [UInt64]

  /// Bytes held, for memory reports.
  package var byteCount: Int { rows.capacity * 8 }

  /// The matrix of every chunk of `signatures`, in order.
  package init(_ signatures: [TextSignature]) {
    // Each column's text and chunk, so that 64 columns at a time can be read.
    var owners: [(text: Int, chunk: Int)] = []
    for (t, signature) in signatures.enumerated() {
      for c in 0..<signature.chunkCount { owners.append((t, c)) }
    }
    let rowWords = max(1, (owners.count + 63) / 64)
    var matrix = [UInt64](repeating: 0, count: TextSignature.chunkBits * rowWords)
    let words = TextSignature.chunkWords
    // The filters of 64 columns side by side, gathered once per group rather than read word by word.
    var gathered = [UInt64](repeating: 0, count: 64 * words)
    var block = [UInt64](repeating: 0, count: 64)
    matrix.withUnsafeMutableBufferPointer { rows in
      for group in 0..<rowWords {
        let members = (group * 64)..<min(owners.count, (group + 1) * 64)
        gathered.withUnsafeMutableBufferPointer { out in
          for i in 0..<64 {
            guard members.contains(group * 64 + i) else {
              for w in 0..<words { out[i * words + w] = 0 }
              continue
            }
            let (t, c) = owners[group * 64 + i]
            signatures[t].words.withUnsafeBufferPointer { filters in
              for w in 0..<words { out[i * words + w] = filters[c * words + w] }
            }
          }
        }
        // 64 columns by 64 rows at a time: a word of each of 64 filters, transposed, makes a word of each of 64 rows.
        for w in 0..<words {
          for i in 0..<64 { block[i] = gathered[i * words + w] }
          Self.transpose(&block)
          for j in 0..<64 { rows[(w * 64 + j) * rowWords + group] = block[j] }
        }
      }
    }
    columnCount = owners.count
    self.rowWords = rowWords
    rows = matrix
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
    let bits = TextSignature.bits(of: hash)
    var out = [UInt64](repeating: 0, count: rowWords)
    rows.withUnsafeBufferPointer { rows in
      let a = bits[0] * rowWords
      let b = bits[1] * rowWords
      let c = bits[2] * rowWords
      for w in 0..<rowWords { out[w] = rows[a + w] & rows[b + w] & rows[c + w] }
    }
    return out
  }

  /// `bitmap` with each column also set when one of the `reach` columns after it is: a phrase starting in a chunk
  /// may run on into the next ones.
  private static func spreading(_ bitmap: [UInt64], reach: Int) -> [UInt64] {
    var out = bitmap
    for _ in 0..<reach {
      var next: UInt64 = 0
      for w in stride(from: out.count - 1, through: 0, by: -1) {
        let word = out[w]
        out[w] = word | (word >> 1) | (next << 63)
        next = word
      }
    }
    return out
  }

  /// How many chunks after its first a stretch of `tokenCount` tokens may reach into.
  package static func reach(ofTokens tokenCount: Int) -> Int {
    max(0, (tokenCount - 1 + TextSignature.chunkTokens - 1) / TextSignature.chunkTokens)
  }

  /// The columns in which a stretch holding every entry of `hashes` may start (reaching `reach` columns further),
  /// ascending. Never leaves out a column where the stretch starts; may name a few where it does not.
  package func columns(holdingAll hashes: [UInt64], reach: Int) -> [Int] {
    guard !hashes.isEmpty else { return Array(0..<columnCount) }
    var all: [UInt64]?
    for hash in hashes {
      let spread = Self.spreading(columns(holding: hash), reach: reach)
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
    // Bit-sliced counters: plane `p` holds bit `p` of every column's count, so that adding an entry's bitmap is a
    // few word operations per 64 columns.
    var planeCount = 1
    while 1 << planeCount <= hashes.count { planeCount += 1 }
    var planes = [UInt64](repeating: 0, count: planeCount * rowWords)
    for hash in hashes {
      let spread = Self.spreading(columns(holding: hash), reach: reach)
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
}

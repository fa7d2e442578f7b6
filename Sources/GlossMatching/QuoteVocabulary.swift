/// The distinct normalised tokens of one source text, each interned as a dense `UInt32` id.
struct QuoteVocabulary: Sendable {
  /// The bytes of every token, back to back.
  private var arena: [UInt8] = []
  /// Where token `id` starts in `arena`; one more entry than there are tokens.
  private var offsets: [UInt32] = [0]
  /// The hash of each token (`hash(_:)`), so that growing the table and interning into another vocabulary need not
  /// hash again.
  private var hashes: [UInt32] = []
  /// True for words (and ideographs), false for punctuation.
  private(set) var isWord: [Bool] = []
  /// Open-addressing table, sized to a power of two: each slot is `hash << 32 | (id + 1)`, 0 when empty, so that a
  /// probe compares bytes only when the hashes agree.
  private var slots: [UInt64]

  /// An empty vocabulary whose table holds `expectedCount` tokens without growing.
  init(expectedCount: Int = 128) {
    var size = 256
    while size < expectedCount * 2 { size *= 2 }
    slots = Array(repeating: 0, count: size)
  }

  /// How many distinct tokens there are.
  var count: Int { isWord.count }

  /// Bytes held, for memory reports.
  var byteCount: Int {
    arena.capacity + offsets.capacity * 4 + hashes.capacity * 4 + isWord.capacity + slots.count * 8
  }

  /// The id of `token`, added when new.
  mutating func intern(_ token: [UInt8], isWord word: Bool) -> UInt32 {
    token.withUnsafeBufferPointer { intern($0, isWord: word) }
  }

  /// The id of `token`, added when new.
  mutating func intern(_ token: UnsafeBufferPointer<UInt8>, isWord word: Bool) -> UInt32 {
    intern(token, hash: Self.hash(token), isWord: word)
  }

  /// The id of `token`, whose `hash(_:)` is `hash`, added when new.
  @inline(__always)
  mutating func intern(_ token: UnsafeBufferPointer<UInt8>, hash: UInt32, isWord word: Bool) -> UInt32 {
    if let id = find(token, hash: hash) { return id }
    let id = UInt32(isWord.count)
    arena.append(contentsOf: token)
    offsets.append(UInt32(arena.count))
    hashes.append(hash)
    isWord.append(word)
    if isWord.count * 2 > slots.count { rebuild(size: slots.count * 2) } else { insert(id, hash: hash) }
    return id
  }

  /// The id of every token of `other`, in `other`'s id order, adding the new ones.
  mutating func intern(contentsOf other: QuoteVocabulary) -> [UInt32] {
    other.arena.withUnsafeBufferPointer { bytes in
      (0..<other.count).map { id in
        let token = UnsafeBufferPointer(rebasing: bytes[Int(other.offsets[id])..<Int(other.offsets[id + 1])])
        return intern(token, hash: other.hashes[id], isWord: other.isWord[id])
      }
    }
  }

  /// The spelling of token `id`.
  func spelling(of id: UInt32) -> ArraySlice<UInt8> { arena[Int(offsets[Int(id)])..<Int(offsets[Int(id) + 1])] }

  /// The hash of token `id`'s spelling (`hash(_:)` of its bytes).
  func hash(of id: UInt32) -> UInt32 { hashes[Int(id)] }

  /// The id of `token`, or nil when the text never has it.
  func id(of token: UnsafeBufferPointer<UInt8>) -> UInt32? { find(token, hash: Self.hash(token)) }

  /// The id of `token`, whose `hash(_:)` is `hash`, or nil when the text never has it.
  func id(of token: UnsafeBufferPointer<UInt8>, hash: UInt32) -> UInt32? { find(token, hash: hash) }

  @inline(__always)
  private func find(_ t: UnsafeBufferPointer<UInt8>, hash: UInt32) -> UInt32? {
    slots.withUnsafeBufferPointer { slots -> UInt32? in
      let mask = slots.count - 1
      var slot = Int(hash) & mask
      while true {
        let entry = slots[slot]
        if entry == 0 { return nil }
        if UInt32(truncatingIfNeeded: entry >> 32) == hash {
          let id = Int(UInt32(truncatingIfNeeded: entry) - 1)
          if equals(id, t) { return UInt32(id) }
        }
        slot = (slot + 1) & mask
      }
    }
  }

  /// True when token `id` is spelled `t`.
  @inline(__always)
  private func equals(_ id: Int, _ t: UnsafeBufferPointer<UInt8>) -> Bool {
    offsets.withUnsafeBufferPointer { offsets in
      let lower = Int(offsets[id])
      guard Int(offsets[id + 1]) - lower == t.count else { return false }
      return arena.withUnsafeBufferPointer { a in
        // Tokens are short: a plain loop beats calling `memcmp`.
        var k = 0
        while k < t.count, a[lower + k] == t[k] { k += 1 }
        return k == t.count
      }
    }
  }

  private mutating func insert(_ id: UInt32, hash: UInt32) {
    let mask = slots.count - 1
    var slot = Int(hash) & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = UInt64(hash) << 32 | UInt64(id + 1)
  }

  private mutating func rebuild(size: Int) {
    slots = Array(repeating: 0, count: size)
    for id in 0..<count { insert(UInt32(id), hash: hashes[id]) }
  }

  /// FNV-1a, folded to 32 bits (`QuoteIndex` computes the same while it scans a word).
  @inline(__always)
  static func hash(_ token: UnsafeBufferPointer<UInt8>) -> UInt32 {
    var h = hashSeed
    for b in token { h = hashStep(h, b) }
    return finish(h)
  }

  /// The FNV-1a state before any byte.
  static let hashSeed: UInt64 = 0xcbf2_9ce4_8422_2325

  /// The FNV-1a state after one more byte.
  @inline(__always)
  static func hashStep(_ h: UInt64, _ b: UInt8) -> UInt64 { (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }

  /// The 32-bit hash of an FNV-1a state.
  @inline(__always)
  static func finish(_ h: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: h ^ (h >> 32)) }
}

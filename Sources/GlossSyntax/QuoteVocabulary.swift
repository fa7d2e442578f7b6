import Foundation

/// The distinct normalised tokens of one source text, each interned as a dense `UInt32` id.
struct QuoteVocabulary: Sendable {
  /// The bytes of every token, back to back.
  private var arena: [UInt8] = []
  /// Where token `id` starts in `arena`; one more entry than there are tokens.
  private var offsets: [UInt32] = [0]
  /// True for words (and ideographs), false for punctuation.
  private(set) var isWord: [Bool] = []
  /// Open-addressing table of `id + 1` (0 is empty), sized to a power of two.
  private var slots: [UInt32] = Array(repeating: 0, count: 256)

  /// How many distinct tokens there are.
  var count: Int { isWord.count }

  /// Bytes held, for memory reports.
  var byteCount: Int { arena.capacity + offsets.capacity * 4 + isWord.capacity + slots.count * 4 }

  /// The id of `token`, added when new.
  mutating func intern(_ token: [UInt8], isWord word: Bool) -> UInt32 {
    token.withUnsafeBufferPointer { intern($0, isWord: word) }
  }

  /// The id of `token`, added when new.
  mutating func intern(_ token: UnsafeBufferPointer<UInt8>, isWord word: Bool) -> UInt32 {
    let hash = Self.hash(token)
    if let id = find(token, hash: hash) { return id }
    let id = UInt32(isWord.count)
    arena.append(contentsOf: token)
    offsets.append(UInt32(arena.count))
    isWord.append(word)
    if isWord.count * 2 > slots.count { rebuild(size: slots.count * 2) } else { insert(id, hash: hash) }
    return id
  }

  /// The id of `token`, or nil when the text never has it.
  func id(of token: [UInt8]) -> UInt32? { token.withUnsafeBufferPointer { id(of: $0) } }

  /// The id of `token`, or nil when the text never has it.
  func id(of token: UnsafeBufferPointer<UInt8>) -> UInt32? { find(token, hash: Self.hash(token)) }

  /// The bytes of token `id`.
  func bytes(of id: UInt32) -> ArraySlice<UInt8> { arena[Int(offsets[Int(id)])..<Int(offsets[Int(id) + 1])] }

  /// Frees the spare capacity left by growing, and shrinks the table to at most three quarters full.
  mutating func trim() {
    arena = Array(arena)
    offsets = Array(offsets)
    isWord = Array(isWord)
    var size = 16
    while size * 3 < count * 4 + 4 { size *= 2 }
    if size < slots.count { rebuild(size: size) }
  }

  private func find(_ t: UnsafeBufferPointer<UInt8>, hash: UInt32) -> UInt32? {
    let mask = slots.count - 1
    var slot = Int(hash) & mask
    return slots.withUnsafeBufferPointer { slots -> UInt32? in
      arena.withUnsafeBufferPointer { a -> UInt32? in
        while true {
          let entry = slots[slot]
          if entry == 0 { return nil }
          let id = Int(entry - 1)
          let lower = Int(offsets[id])
          let upper = Int(offsets[id + 1])
          if upper - lower == t.count {
            var k = 0
            while k < t.count, a[lower + k] == t[k] { k += 1 }
            if k == t.count { return UInt32(id) }
          }
          slot = (slot + 1) & mask
        }
      }
    }
  }

  private mutating func insert(_ id: UInt32, hash: UInt32) {
    let mask = slots.count - 1
    var slot = Int(hash) & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = id + 1
  }

  private mutating func rebuild(size: Int) {
    slots = Array(repeating: 0, count: size)
    for id in 0..<count { insert(UInt32(id), hash: Self.hash(bytes(of: UInt32(id)))) }
  }

  /// FNV-1a, folded to 32 bits.
  private static func hash<Bytes: Sequence<UInt8>>(_ token: Bytes) -> UInt32 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in token {
      h ^= UInt64(b)
      h &*= 0x0000_0100_0000_01B3
    }
    return UInt32(truncatingIfNeeded: h ^ (h >> 32))
  }
}

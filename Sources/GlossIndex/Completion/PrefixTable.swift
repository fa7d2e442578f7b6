import GlossSyntax

/// Words sorted for prefix search, each naming an owner (a source or note id) and a match quality: every word's
/// bytes live in one flat store and an entry is 16 bytes, where an array per word cost about 64 bytes of heap.
///
/// A word may be any stretch of what was stored, so the words inside a name point into the name's own bytes.
struct PrefixTable: Sendable {
  /// One word: where its bytes start in the store and how many, its owner and its quality.
  struct Entry: Sendable {
    var start: UInt32
    var count: UInt32
    var owner: Int32
    var quality: UInt8
  }

  private var bytes: [UInt8] = []
  private var entries: [Entry] = []
  private var isSorted = true

  /// An empty table.
  init() {}

  /// A sealed table read back from `raw` (`raw` of another): nil when an entry lies outside the stored bytes or the
  /// entries are not sorted.
  init?(raw: (bytes: [UInt8], entries: [Entry])) {
    for entry in raw.entries where Int(entry.start) + Int(entry.count) > raw.bytes.count { return nil }
    bytes = raw.bytes
    entries = raw.entries
    let sorted = bytes.withUnsafeBufferPointer { store in
      zip(entries, entries.dropFirst()).allSatisfy { Self.compare(store, $0, $1) <= 0 }
    }
    guard sorted else { return nil }
  }

  /// The stored bytes and the entries, sorted (the table must be sealed).
  var raw: (bytes: [UInt8], entries: [Entry]) {
    precondition(isSorted, "PrefixTable kept before seal()")
    return (bytes, entries)
  }

  /// The number of words.
  var count: Int { entries.count }

  /// Stores `word` and files it; returns where its bytes start, for words inside it (`insert(start:count:…)`).
  @discardableResult
  mutating func insert(_ word: some Collection<UInt8>, owner: Int32, quality: UInt8) -> Int {
    let start = bytes.count
    bytes.append(contentsOf: word)
    insert(start: start, count: bytes.count - start, owner: owner, quality: quality)
    return start
  }

  /// Files the `count` bytes already stored at `start` as a word.
  mutating func insert(start: Int, count: Int, owner: Int32, quality: UInt8) {
    entries.append(Entry(start: UInt32(start), count: UInt32(count), owner: owner, quality: quality))
    isSorted = false
  }

  /// Sorts the words by bytes (to be called once every word is in) and gives back spare capacity.
  mutating func seal() {
    // Copied to their exact size: appending left up to twice the room they need.
    bytes = bytes.withUnsafeBufferPointer { Array($0) }
    if !isSorted {
      bytes.withUnsafeBufferPointer { store in
        entries.sort { Self.compare(store, $0, $1) < 0 }
      }
      isSorted = true
    }
    entries = entries.withUnsafeBufferPointer { Array($0) }
  }

  /// Calls `body(owner, quality, exact)` for every word starting with `prefix` (`exact`: the word is the prefix).
  func forEachWord(startingWith prefix: [UInt8], _ body: (Int32, UInt8, Bool) -> Void) {
    precondition(isSorted, "PrefixTable searched before seal()")
    bytes.withUnsafeBufferPointer { store in
      prefix.withUnsafeBufferPointer { wanted in
        var index = entries.partitioningIndex { Self.compare(store, $0, wanted) >= 0 }
        while index < entries.count {
          let entry = entries[index]
          guard Int(entry.count) >= wanted.count,
            Self.compare(
              UnsafeBufferPointer(rebasing: store[Int(entry.start)..<Int(entry.start) + wanted.count]), wanted)
              == 0
          else { break }
          body(entry.owner, entry.quality, Int(entry.count) == wanted.count)
          index += 1
        }
      }
    }
  }

  /// Byte order of two stored words, a shorter word first when it is a prefix of the other.
  private static func compare(_ store: UnsafeBufferPointer<UInt8>, _ a: Entry, _ b: Entry) -> Int {
    compare(
      UnsafeBufferPointer(rebasing: store[Int(a.start)..<Int(a.start) + Int(a.count)]),
      UnsafeBufferPointer(rebasing: store[Int(b.start)..<Int(b.start) + Int(b.count)]))
  }

  /// Byte order of a stored word and `word`.
  private static func compare(_ store: UnsafeBufferPointer<UInt8>, _ a: Entry, _ word: UnsafeBufferPointer<UInt8>)
    -> Int
  {
    compare(UnsafeBufferPointer(rebasing: store[Int(a.start)..<Int(a.start) + Int(a.count)]), word)
  }

  private static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
    let common = min(a.count, b.count)
    var index = 0
    while index < common {
      let (x, y) = (a[index], b[index])
      if x != y { return x < y ? -1 : 1 }
      index += 1
    }
    return a.count - b.count
  }
}

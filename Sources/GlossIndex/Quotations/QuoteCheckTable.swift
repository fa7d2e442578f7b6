import GlossSyntax

/// The cached quotation checks of one note, by what each depends on: a dictionary in use, held as compactly as a
/// cache kept for every note should be. Most notes hold a few checks: they are kept in an array of their count
/// (about 220 bytes a check) and found by comparing keys, where a dictionary per note cost a hash table of at least
/// twice as many buckets and a header. A note with more than `arrayLimit` checks keeps a dictionary.
struct QuoteCheckTable: Sendable, ExpressibleByDictionaryLiteral {
  private struct Entry: Sendable {
    var key: QuoteCheckKey
    var check: QuoteCheck
  }

  private enum Storage: Sendable {
    case array([Entry])
    case dictionary([QuoteCheckKey: QuoteCheck])
  }

  /// The most checks kept in an array (each lookup compares at most this many keys).
  static let arrayLimit = 16

  private var storage: Storage = .array([])

  init() {}

  init(dictionaryLiteral elements: (QuoteCheckKey, QuoteCheck)...) {
    for (key, check) in elements { self[key] = check }
  }

  /// The number of checks.
  var count: Int {
    switch storage {
    case .array(let entries): entries.count
    case .dictionary(let table): table.count
    }
  }

  var isEmpty: Bool { count == 0 }

  /// The check of `key`; setting nil removes it.
  subscript(key: QuoteCheckKey) -> QuoteCheck? {
    get {
      switch storage {
      case .array(let entries): entries.first { $0.key == key }?.check
      case .dictionary(let table): table[key]
      }
    }
    set {
      switch storage {
      case .array(var entries):
        // Taken out of the enum first, so that the array is changed in place.
        storage = .array([])
        if let index = entries.firstIndex(where: { $0.key == key }) {
          if let newValue { entries[index].check = newValue } else { entries.remove(at: index) }
        } else if let newValue {
          if entries.count < Self.arrayLimit {
            entries.append(Entry(key: key, check: newValue))
          } else {
            var table = Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.check) })
            table[key] = newValue
            storage = .dictionary(table)
            return
          }
        }
        storage = .array(entries)
      case .dictionary(var table):
        storage = .array([])
        table[key] = newValue
        storage = .dictionary(table)
      }
    }
  }

  /// The checks whose key `isIncluded` keeps, held compactly.
  func filter(_ isIncluded: (QuoteCheckKey) -> Bool) -> QuoteCheckTable {
    var kept = QuoteCheckTable()
    switch storage {
    case .array(let entries): kept.storage = .array(entries.filter { isIncluded($0.key) })
    case .dictionary(let table):
      let left = table.filter { isIncluded($0.key) }
      kept.storage =
        left.count <= Self.arrayLimit ? .array(left.map { Entry(key: $0.key, check: $0.value) }) : .dictionary(left)
    }
    return kept.compacted()
  }

  /// The same checks in an array of their count (one grown by inserting keeps up to twice the room it needs).
  func compacted() -> QuoteCheckTable {
    guard case .array(let entries) = storage else { return self }
    var out = self
    out.storage = .array(entries.compacted())
    return out
  }

  /// How many checks the storage has room for (for tests).
  var storageCapacity: Int {
    switch storage {
    case .array(let entries): entries.capacity
    case .dictionary(let table): table.capacity
    }
  }

  /// Every check with its key, in no particular order (for tests).
  var checks: [(key: QuoteCheckKey, check: QuoteCheck)] {
    switch storage {
    case .array(let entries): entries.map { ($0.key, $0.check) }
    case .dictionary(let table): table.map { ($0.key, $0.value) }
    }
  }
}

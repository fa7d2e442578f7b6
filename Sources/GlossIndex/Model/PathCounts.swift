import GlossSyntax

/// The notes using one tag, each with its number of uses: a dictionary, or, when read back from a `PathTable`, the
/// positions of the notes in it and their counts (no string copied or hashed per note) until it is changed.
package struct PathCounts: Sendable, Equatable, Sequence {
  private enum Storage: Sendable {
    case counted([String: Int])
    /// Positions in the table, ascending, and the count at each.
    case placed(PathTable, [Int32], [Int32])
  }

  private var storage: Storage = .counted([:])

  /// No note.
  package init() {}

  /// The notes `counts` names, with their counts.
  package init(_ counts: [String: Int]) {
    storage = .counted(counts)
  }

  /// The notes at `places` in `table` (ascending, without repeats), each with its count in `counts`.
  package init(placed places: [Int32], counts: [Int32], in table: PathTable) {
    precondition(places.count == counts.count)
    storage = .placed(table, places, counts)
  }

  /// The number of notes.
  package var count: Int {
    switch storage {
    case .counted(let counts): counts.count
    case .placed(_, let places, _): places.count
    }
  }

  package var isEmpty: Bool { count == 0 }

  package var underestimatedCount: Int { count }

  /// The notes, as a dictionary of their counts.
  package var dictionary: [String: Int] {
    switch storage {
    case .counted(let counts): return counts
    case .placed(let table, let places, let counts):
      var out: [String: Int] = [:]
      out.reserveCapacity(places.count)
      for (place, count) in zip(places, counts) { out[table.paths[Int(place)]] = Int(count) }
      return out
    }
  }

  /// The paths of the notes.
  package var paths: [String] {
    switch storage {
    case .counted(let counts): Array(counts.keys)
    case .placed(let table, let places, _): places.map { table.paths[Int($0)] }
    }
  }

  /// The count of the note at `path`, nil when it does not use the tag; set to nil to remove it.
  package subscript(path: String) -> Int? {
    get {
      switch storage {
      case .counted(let counts): return counts[path]
      case .placed(let table, let places, let counts):
        let low = places.partitioningIndex { !(table.paths[Int($0)] < path) }
        return low < places.count && table.paths[Int(places[low])] == path ? Int(counts[low]) : nil
      }
    }
    set {
      var counts = dictionary
      // Taken out first, so that the dictionary is changed in place.
      storage = .counted([:])
      counts[path] = newValue
      storage = .counted(counts)
    }
  }

  package func makeIterator() -> AnyIterator<(path: String, count: Int)> {
    switch storage {
    case .counted(let counts): AnyIterator(counts.lazy.map { (path: $0.key, count: $0.value) }.makeIterator())
    case .placed(let table, let places, let counts):
      AnyIterator(
        zip(places, counts).lazy.map { (path: table.paths[Int($0.0)], count: Int($0.1)) }.makeIterator())
    }
  }

  package static func == (a: PathCounts, b: PathCounts) -> Bool {
    if case .placed(let s, let x, let m) = a.storage, case .placed(let t, let y, let n) = b.storage, s === t {
      return x == y && m == n
    }
    return a.count == b.count && a.dictionary == b.dictionary
  }
}

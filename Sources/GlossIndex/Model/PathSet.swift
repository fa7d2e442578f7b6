import GlossSyntax

/// A table of paths in sorted order, shared by the sets read back from one place that names each path by its position
/// in it (a note image's maps): a member is then a number, with no string of its own to copy or count references to.
package final class PathTable: Sendable {
  /// The paths, sorted as `String`'s `<` sorts them.
  package let paths: [String]

  /// The table of `paths` when they are sorted as `String`'s `<` sorts them, each once; nil otherwise.
  package init?(sorted paths: [String]) {
    for index in paths.indices.dropFirst() where !(paths[index - 1] < paths[index]) { return nil }
    self.paths = paths
  }
}

/// The members of one entry of a reverse map (note paths, keys), held as compactly as those maps need: most entries
/// have one member, stored inline with no allocation of its own; more are kept sorted in one array, where a `Set`
/// cost a hash table of at least 100 bytes per entry. Sets read back from a `PathTable` hold positions in it until
/// they are changed.
package struct PathSet: Sendable, Equatable, Sequence, ExpressibleByArrayLiteral {
  private enum Storage: Sendable {
    case one(String)
    /// Sorted, never fewer than two members.
    case many([String])
    /// Positions in the table, ascending (so sorted as the paths are), never fewer than two.
    case placed(PathTable, [Int32])
    /// One position in the table.
    case onePlaced(PathTable, Int32)

    var isPlaced: Bool {
      switch self {
      case .placed, .onePlaced: true
      case .one, .many: false
      }
    }
  }

  private var storage: Storage?

  /// An empty set.
  package init() {}

  /// The set of the paths at `places` in `table`: ascending, without repeats, never empty.
  package init(placed places: [Int32], in table: PathTable) {
    precondition(!places.isEmpty)
    storage = places.count == 1 ? .onePlaced(table, places[0]) : .placed(table, places)
  }

  package init(arrayLiteral members: String...) {
    for member in members { insert(member) }
  }

  /// The number of members.
  package var count: Int {
    switch storage {
    case nil: 0
    case .one: 1
    case .many(let members): members.count
    case .placed(_, let places): places.count
    case .onePlaced: 1
    }
  }

  package var isEmpty: Bool { storage == nil }

  package var underestimatedCount: Int { count }

  /// Whether `member` is in the set.
  package func contains(_ member: String) -> Bool {
    switch storage {
    case nil: return false
    case .one(let only): return only == member
    case .many(let members): return Self.position(of: member, in: members).found
    case .placed(let table, let places):
      let low = places.partitioningIndex { !(table.paths[Int($0)] < member) }
      return low < places.count && table.paths[Int(places[low])] == member
    case .onePlaced(let table, let place): return table.paths[Int(place)] == member
    }
  }

  /// The members as strings, for a change (a set read back from a table leaves it at its first change).
  private var unplaced: Storage? {
    switch storage {
    case .placed(let table, let places): .many(places.map { table.paths[Int($0)] })
    case .onePlaced(let table, let place): .one(table.paths[Int(place)])
    default: storage
    }
  }

  /// Adds `member` (nothing when it is in already).
  package mutating func insert(_ member: String) {
    if storage?.isPlaced ?? false {
      guard !contains(member) else { return }
      storage = unplaced
    }
    switch storage {
    case nil: storage = .one(member)
    case .one(let only):
      guard only != member else { return }
      storage = .many(only < member ? [only, member] : [member, only])
    case .many(var members):
      // Members arriving in order (the bulk load files paths in path order) go at the end after one comparison.
      let index: Int
      if let last = members.last, last < member {
        index = members.count
      } else {
        let (position, found) = Self.position(of: member, in: members)
        guard !found else { return }
        index = position
      }
      // Taken out of the enum first, so that the array is changed in place.
      storage = nil
      members.insert(member, at: index)
      storage = .many(members)
    case .placed, .onePlaced: preconditionFailure("left for strings above")
    }
  }

  /// Removes `member` (nothing when it is not in).
  mutating func remove(_ member: String) {
    if storage?.isPlaced ?? false {
      guard contains(member) else { return }
      storage = unplaced
    }
    switch storage {
    case nil: return
    case .one(let only): if only == member { storage = nil }
    case .many(var members):
      let (index, found) = Self.position(of: member, in: members)
      guard found else { return }
      storage = nil
      members.remove(at: index)
      storage = members.count == 1 ? .one(members[0]) : .many(members)
    case .placed, .onePlaced: preconditionFailure("left for strings above")
    }
  }

  /// The members in sorted order.
  package func makeIterator() -> Iterator {
    switch storage {
    case nil: Iterator(one: nil, many: [].makeIterator())
    case .one(let only): Iterator(one: only, many: [].makeIterator())
    case .many(let members): Iterator(one: nil, many: members.makeIterator())
    case .placed(let table, let places): Iterator(one: nil, many: [].makeIterator(), table: table, places: places)
    case .onePlaced(let table, let place): Iterator(one: table.paths[Int(place)], many: [].makeIterator())
    }
  }

  package static func == (a: PathSet, b: PathSet) -> Bool {
    switch (a.storage, b.storage) {
    case (nil, nil): true
    case (.one(let x), .one(let y)): x == y
    case (.many(let x), .many(let y)): x == y
    case (.placed(let s, let x), .placed(let t, let y)) where s === t: x == y
    case (.onePlaced(let s, let x), .onePlaced(let t, let y)) where s === t: x == y
    default: a.count == b.count && a.elementsEqual(b)
    }
  }

  /// Iterates the members in sorted order.
  package struct Iterator: IteratorProtocol {
    fileprivate var one: String?
    fileprivate var many: IndexingIterator<[String]>
    fileprivate var table: PathTable? = nil
    fileprivate var places: [Int32] = []
    fileprivate var position = 0

    package mutating func next() -> String? {
      if let only = one {
        one = nil
        return only
      }
      if let table {
        guard position < places.count else { return nil }
        defer { position += 1 }
        return table.paths[Int(places[position])]
      }
      return many.next()
    }
  }

  /// Where `member` is or would go in the sorted `members`.
  private static func position(of member: String, in members: [String]) -> (index: Int, found: Bool) {
    let low = members.partitioningIndex { !($0 < member) }
    return (low, low < members.count && members[low] == member)
  }
}

import GlossSyntax

/// The members of one entry of a reverse map (note paths, keys), held as compactly as those maps need: most entries
/// have one member, stored inline with no allocation of its own; more are kept sorted in one array, where a `Set`
/// cost a hash table of at least 100 bytes per entry.
package struct PathSet: Sendable, Equatable, Sequence, ExpressibleByArrayLiteral {
  private enum Storage: Sendable, Equatable {
    case one(String)
    /// Sorted, never fewer than two members.
    case many([String])
  }

  private var storage: Storage?

  /// An empty set.
  package init() {}

  package init(arrayLiteral members: String...) {
    for member in members { insert(member) }
  }

  /// The number of members.
  package var count: Int {
    switch storage {
    case nil: 0
    case .one: 1
    case .many(let members): members.count
    }
  }

  package var isEmpty: Bool { storage == nil }

  package var underestimatedCount: Int { count }

  /// Whether `member` is in the set.
  package func contains(_ member: String) -> Bool {
    switch storage {
    case nil: false
    case .one(let only): only == member
    case .many(let members): Self.position(of: member, in: members).found
    }
  }

  /// Adds `member` (nothing when it is in already).
  package mutating func insert(_ member: String) {
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
    }
  }

  /// Removes `member` (nothing when it is not in).
  mutating func remove(_ member: String) {
    switch storage {
    case nil: return
    case .one(let only): if only == member { storage = nil }
    case .many(var members):
      let (index, found) = Self.position(of: member, in: members)
      guard found else { return }
      storage = nil
      members.remove(at: index)
      storage = members.count == 1 ? .one(members[0]) : .many(members)
    }
  }

  /// The members in sorted order.
  package func makeIterator() -> Iterator {
    switch storage {
    case nil: Iterator(one: nil, many: [].makeIterator())
    case .one(let only): Iterator(one: only, many: [].makeIterator())
    case .many(let members): Iterator(one: nil, many: members.makeIterator())
    }
  }

  /// Iterates the members in sorted order.
  package struct Iterator: IteratorProtocol {
    fileprivate var one: String?
    fileprivate var many: IndexingIterator<[String]>

    package mutating func next() -> String? {
      if let only = one {
        one = nil
        return only
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

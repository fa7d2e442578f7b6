/// The items of a citation, in order: the first one is kept inline, the others in an array that only a citation of
/// two keys or more allocates. Most citations cite one key, and a workspace holds a hundred thousand of them: an
/// array of one item costs a heap block of 128 bytes beside the citation.
///
/// It reads and writes like an array of `CitationItem` (indices from 0, `append`, `insert`, `remove`…).
package struct CitationItems: Hashable, Sendable {
  // Inlinable, like the members below, so that the other modules' loops over items are specialized: without, each
  // item read went through generic value witnesses and a standard cold start took 10 % more CPU.
  /// The first item; nil only when there is none (then `rest` is empty too, so equal lists are equal values).
  @usableFromInline var head: CitationItem?
  /// The items after the first.
  @usableFromInline var rest: [CitationItem]

  package init() {
    head = nil
    rest = []
  }

  package init(_ items: some Sequence<CitationItem>) {
    self.init(Array(items))
  }

  /// The items of an array: the first kept inline, the others copied into an array of their count (none for one).
  package init(_ items: [CitationItem]) {
    head = items.first
    rest = items.count > 1 ? Array(items[1...]) : []
  }

  /// The array holding the items after the first: empty, with no heap block, for a citation of one key.
  package var itemsAfterFirst: [CitationItem] { rest }

  /// Whether an item cites `key`, read in place: going through the collection copies each item (three strings
  /// retained and released), which made one keystroke in a note of 100,000 citations take tens of milliseconds.
  @inlinable package func cite(_ key: String) -> Bool {
    if head?.key == key { return true }
    return rest.contains { $0.key == key }
  }

  /// Changes every item in place (for the same reason).
  @inlinable package mutating func updateEach(_ change: (inout CitationItem) -> Void) {
    if case .some = head { change(&head!) }
    for index in rest.indices { change(&rest[index]) }
  }
}

extension CitationItems: RandomAccessCollection, MutableCollection {
  package typealias Index = Int
  package typealias Indices = Range<Int>

  @inlinable package var startIndex: Int { 0 }
  // `if case .none = head` reads the optional's tag in place; `head == nil` copied the whole first item (three
  // strings retained, then released) on every call, and every item read checks its index against `endIndex`.
  @inlinable package var endIndex: Int {
    if case .none = head { return 0 }
    return 1 + rest.count
  }
  @inlinable package var count: Int { endIndex }
  @inlinable package var isEmpty: Bool {
    if case .none = head { return true }
    return false
  }
  @inlinable package var indices: Range<Int> { 0..<endIndex }
  @inlinable package var first: CitationItem? { head }
  @inlinable package func index(after i: Int) -> Int { i + 1 }
  @inlinable package func index(before i: Int) -> Int { i - 1 }

  @inlinable package subscript(position: Int) -> CitationItem {
    get {
      precondition(position >= 0 && position < endIndex, "citation item index out of range")
      return position == 0 ? head! : rest[position - 1]
    }
    set {
      precondition(position >= 0 && position < endIndex, "citation item index out of range")
      if position == 0 { head = newValue } else { rest[position - 1] = newValue }
    }
  }
}

extension CitationItems {
  /// Iterates the items in order. A collection of a package type iterated in another module through the default
  /// `IndexingIterator` calls `endIndex` and the subscript through the protocol's witnesses, the subscript's
  /// coroutine frame allocated on the heap for every item; this iterator is concrete, so `for item in items` is
  /// specialized and inlined there.
  package struct Iterator: IteratorProtocol {
    @usableFromInline var items: CitationItems
    @usableFromInline var position = 0

    @inlinable init(_ items: CitationItems) { self.items = items }

    @inlinable package mutating func next() -> CitationItem? {
      if position == 0 {
        position = 1
        return items.head
      }
      guard position <= items.rest.count else { return nil }
      position += 1
      return items.rest[position - 2]
    }
  }

  @inlinable package func makeIterator() -> Iterator { Iterator(self) }
}

extension CitationItems: RangeReplaceableCollection {
  package mutating func replaceSubrange<C: Collection<CitationItem>>(_ subrange: Range<Int>, with newElements: C) {
    var items = Array(self)
    items.replaceSubrange(subrange, with: newElements)
    self = CitationItems(items)
  }
}

extension CitationItems: ExpressibleByArrayLiteral {
  package init(arrayLiteral elements: CitationItem...) { self.init(elements) }
}

extension CitationItems: CustomStringConvertible {
  package var description: String { Array(self).description }
}

extension Array where Element == Citation {
  /// The ranges of every item key equal to `key`, in order, each citation and item read in place: a copy of a
  /// citation retains its items' strings, and references to a key cited in a thousand notes read every citation of
  /// each.
  package func keyRanges(of key: String) -> [Range<Int>] {
    var out: [Range<Int>] = []
    withUnsafeBufferPointer { citations in
      for index in citations.indices {
        if citations[index].items.head?.key == key, let range = citations[index].items.head?.keyRange {
          out.append(range)
        }
        guard !citations[index].items.rest.isEmpty else { continue }
        citations[index].items.rest.withUnsafeBufferPointer { rest in
          for item in rest.indices where rest[item].key == key { out.append(rest[item].keyRange) }
        }
      }
    }
    return out
  }
}

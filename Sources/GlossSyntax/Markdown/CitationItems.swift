/// The items of a citation, in order: the first one is kept inline, the others in an array that only a citation of
/// two keys or more allocates. Most citations cite one key, and a workspace holds a hundred thousand of them: an
/// array of one item costs a heap block of 128 bytes beside the citation.
///
/// It reads and writes like an array of `CitationItem` (indices from 0, `append`, `insert`, `remove`…).
package struct CitationItems: Hashable, Sendable {
  /// The first item; nil only when there is none (then `rest` is empty too, so equal lists are equal values).
  private var head: CitationItem?
  /// The items after the first.
  private var rest: [CitationItem]

  package init() {
    head = nil
    rest = []
  }

  package init(_ items: some Sequence<CitationItem>) {
    var iterator = items.makeIterator()
    head = iterator.next()
    rest = []
    while let item = iterator.next() { rest.append(item) }
    rest = rest.compacted()
  }

  /// The array holding the items after the first: empty, with no heap block, for a citation of one key.
  package var itemsAfterFirst: [CitationItem] { rest }
}

extension CitationItems: RandomAccessCollection, MutableCollection {
  package var startIndex: Int { 0 }
  package var endIndex: Int { head == nil ? 0 : 1 + rest.count }

  package subscript(position: Int) -> CitationItem {
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

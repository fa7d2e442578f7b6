extension Array {
  /// The same elements in storage of their count: an array grown by appending keeps up to twice the capacity it
  /// needs, which a value kept for the life of the index (a note's citations, links, tags) should not.
  package func compacted() -> [Element] {
    guard capacity > count else { return self }
    return withUnsafeBufferPointer { Array($0) }
  }
}

extension RandomAccessCollection {
  /// The index of the first element for which `isInSecondPart` is true, in a collection where every element for which
  /// it is false comes before every element for which it is true (`endIndex` when there is none): a binary search.
  ///
  /// `sorted.partitioningIndex { $0 >= value }` is the lower bound of `value` in ascending `sorted`, and
  /// `{ $0 > value }` its upper bound; on a slice, the index is the base collection's.
  @inlinable @inline(__always)
  package func partitioningIndex(where isInSecondPart: (Element) throws -> Bool) rethrows -> Index {
    var low = startIndex
    var count = self.count
    while count > 0 {
      let half = count / 2
      let middle = index(low, offsetBy: half)
      if try isInSecondPart(self[middle]) {
        count = half
      } else {
        low = index(after: middle)
        count -= half + 1
      }
    }
    return low
  }
}

extension RandomAccessCollection where Index == Int {
  /// `range` without the elements at either end for which `isBlank` is true (empty, at its upper bound, when every
  /// element is blank): the one trimming loop of the parsers, each of which says what it counts as blank.
  @inlinable @inline(__always)
  package func trimming(_ range: Range<Int>, while isBlank: (Element) throws -> Bool) rethrows -> Range<Int> {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, try isBlank(self[lower]) { lower += 1 }
    while upper > lower, try isBlank(self[upper - 1]) { upper -= 1 }
    return lower..<upper
  }
}

/// Applying edits to a `SourceText` while keeping its line table current.
extension SourceText {
  /// Replaces the bytes in `range` with `replacement`, updating the line table from the edit on.
  ///
  /// `range` is clamped to the text and each end rounded down to a scalar boundary, so the text stays valid
  /// UTF-8. Line starts before the edit are kept, those inside it are found by scanning the new bytes, and
  /// those after it are shifted: the cost is the replacement's length plus the lines that follow.
  package mutating func replace(_ range: Range<Int>, with replacement: String) {
    let lower = scalarBoundary(atOrBefore: range.lowerBound)
    let upper = max(lower, scalarBoundary(atOrBefore: range.upperBound))
    let inserted = Array(replacement.utf8)
    bytes.replaceSubrange(lower..<upper, with: inserted)
    let delta = inserted.count - (upper - lower)
    let newUpper = lower + inserted.count

    // Whether `s` starts a line depends only on the bytes at `s - 1` and `s`. So line starts below `lower`
    // are unchanged, those in `lower...newUpper` must be recomputed, and those past `newUpper` are the old
    // ones past `upper`, shifted by `delta`.
    let firstChanged = lineStartIndex(atOrAfter: max(lower, 1))
    let firstKept = lineStartIndex(atOrAfter: upper + 1, from: firstChanged)
    var fresh: [Int] = []
    bytes.withUnsafeBufferPointer { buffer in
      let count = buffer.count
      var start = max(lower, 1)
      while start <= newUpper {
        defer { start += 1 }
        let previous = buffer[start - 1]
        if previous == 0x0A || (previous == 0x0D && (start == count || buffer[start] != 0x0A)) {
          fresh.append(start)
        }
      }
    }
    lineStarts.replaceSubrange(firstChanged..<firstKept, with: fresh)
    if delta != 0 {
      for index in (firstChanged + fresh.count)..<lineStarts.count { lineStarts[index] += delta }
    }
  }

  /// Replaces the text between two positions (as in an LSP `didChange` event) with `replacement`.
  package mutating func replace(
    from start: TextPosition, to end: TextPosition, in encoding: PositionEncoding, with replacement: String
  ) {
    replace(range(from: start, to: end, in: encoding), with: replacement)
  }

  /// The index in `lineStarts` of the first line start at or after `offset` (`lineStarts.count` if none).
  private func lineStartIndex(atOrAfter offset: Int, from low: Int = 0) -> Int {
    var low = low
    var high = lineStarts.count
    while low < high {
      let middle = (low + high) / 2
      if lineStarts[middle] < offset { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
